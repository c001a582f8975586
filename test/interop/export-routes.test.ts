import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { RESPONSE_SCHEMAS } from '../../src/http/response-schemas.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import { renderDtcgResolver } from '../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { renderStrictDtcgJson } from '../../src/views/formats/dtcg/export-dtcg-strict.js';
import { renderTailwind } from '../../src/views/formats/css/export-tailwind.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';
import { compileExample } from '../helpers/fixtures.js';

const digestOf = (bytes: Buffer): string => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

describe('interoperability routes', () => {
  let app: FastifyInstance;
  let acme: CompiledDesignSystem;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
    acme = await compileExample('acme');
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(DEMO_KEY), ...headers } });

  it.each([
    ['/api/v1/export/json?spec=2025.10', () => renderStrictDtcgJson(acme), 'application/json; charset=utf-8'],
    ['/api/v1/export/resolver', () => renderDtcgResolver(acme), 'application/json; charset=utf-8'],
    ['/api/v1/export/tailwind', () => renderTailwind(acme, { theme: 'data-attribute' }), 'text/css; charset=utf-8'],
    [
      '/api/v1/export/tailwind?theme=selector&darkSelector=.dark',
      () => renderTailwind(acme, { theme: 'selector', darkSelector: '.dark' }),
      'text/css; charset=utf-8',
    ],
    ['/api/v1/export/css?theme=media', () => renderCss(acme, { naming: 'kebab-case', theme: 'media' }), 'text/css; charset=utf-8'],
    [
      '/api/v1/export/css?theme=light-dark&prefix=acme',
      () => renderCss(acme, { naming: 'kebab-case', prefix: 'acme', theme: 'light-dark' }),
      'text/css; charset=utf-8',
    ],
    [
      '/api/v1/export/css?theme=selector&darkSelector=%5Bdata-mode%3D%22dark%22%5D',
      () => renderCss(acme, { naming: 'kebab-case', theme: 'selector', darkSelector: '[data-mode="dark"]' }),
      'text/css; charset=utf-8',
    ],
    ['/api/v1/export/css?theme=data-attribute', () => renderCss(acme, { naming: 'kebab-case' }), 'text/css; charset=utf-8'],
  ])('GET %s serves the view’s bytes', async (url, render, contentType) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.body).toBe(render());
  });

  it('serves a resolver document that matches its documented schema', async () => {
    const schema = (RESPONSE_SCHEMAS['/api/v1/export/resolver']?.['200'] as { content: Record<string, { schema: object }> }).content[
      'application/json'
    ]?.schema as object;
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    const body: unknown = (await get('/api/v1/export/resolver')).json();
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('keeps the string-valued JSON export as the default', async () => {
    const strict = await get('/api/v1/export/json?spec=2025.10');
    const plain = await get('/api/v1/export/json');
    expect(plain.body).not.toBe(strict.body);
    expect(plain.json<{ color: { brand: { primary: { $value: unknown } } } }>().color.brand.primary.$value).toBe('#2563EB');
    expect(plain.headers.etag).not.toBe(strict.headers.etag);
  });

  it('gives each theme its own cached body and ETag', async () => {
    const etags = await Promise.all(
      ['', '?theme=media', '?theme=light-dark', '?theme=selector&darkSelector=.dark', '?theme=selector&darkSelector=.night'].map(
        async (query) => (await get(`/api/v1/export/css${query}`)).headers.etag,
      ),
    );
    expect(new Set(etags).size).toBe(5);
  });

  it.each([
    ['/api/v1/export/json?spec=2024', '`spec` must be one of: 2025.10.'],
    ['/api/v1/export/css?theme=dark', '`theme` must be one of: data-attribute, media, light-dark, selector.'],
    ['/api/v1/export/css?theme=selector', '`theme=selector` needs `darkSelector`, e.g. `.dark`.'],
    ['/api/v1/export/css?darkSelector=.dark', '`darkSelector` goes with `theme=selector` only.'],
    ['/api/v1/export/tailwind?theme=media&darkSelector=.dark', '`darkSelector` goes with `theme=selector` only.'],
  ])('GET %s answers 400', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_parameter', message } });
  });

  it.each([
    ['a rule break', '.dark}body{color:red'],
    ['a declaration', '.dark;color:red'],
    ['a comment', '.dark/**/'],
    ['a descendant combinator', '.a .b'],
    ['a pseudo-class', '.dark:hover'],
    ['a quote breaking out', '[data-x="a"]"'],
    ['an at-rule', '@media'],
  ])('refuses a dark selector with %s', async (_name, selector) => {
    const response = await get(`/api/v1/export/css?theme=selector&darkSelector=${encodeURIComponent(selector)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/^`darkSelector` is malformed: it must match /);
  });
});

describe('Content-Digest on every export, identity and compressed', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
  });
  afterAll(() => app.close());

  const EXPORTS = [
    '/api/v1/export/css',
    '/api/v1/export/css?theme=light-dark',
    '/api/v1/export/json',
    '/api/v1/export/json?spec=2025.10',
    '/api/v1/export/resolver',
    '/api/v1/export/tailwind',
    '/api/v1/export/ts',
  ];

  it.each(
    EXPORTS.flatMap(
      (url) =>
        [
          [url, 'identity'],
          [url, 'gzip'],
          [url, 'br'],
        ] as const,
    ),
  )('%s (%s): the header is the sha-256 of the bytes sent', async (url, encoding) => {
    const response = await app.inject({ method: 'GET', url, headers: { ...bearer(DEMO_KEY), 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(response.headers['content-digest']).toBe(digestOf(response.rawPayload));
  });
});
