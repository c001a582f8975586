import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RESPONSE_SCHEMAS } from '../../src/http/response-schemas.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

interface MediaType {
  schema: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaType> }>;
  parameters?: { name: string; in: string }[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** One real request per case: the documented path, the URL to call, the statuses it must answer with. */
const CASES: [path: string, url: string, key: string | undefined, status: number][] = [
  ['/api/v1/tokens', '/api/v1/tokens', DEMO_KEY, 200],
  ['/api/v1/tokens', '/api/v1/tokens?format=nested&type=color', DEMO_KEY, 200],
  ['/api/v1/tokens', '/api/v1/tokens?format=tree', DEMO_KEY, 400],
  ['/api/v1/tokens', '/api/v1/tokens', undefined, 401],
  ['/api/v1/tokens', '/api/v1/tokens?designSystem=other', DEMO_KEY, 403],
  ['/api/v1/tokens/{path}', '/api/v1/tokens/color/brand/primary', DEMO_KEY, 200],
  ['/api/v1/tokens/{path}', '/api/v1/tokens/no/such/token', DEMO_KEY, 404],
  ['/api/v1/primitives', '/api/v1/primitives', DEMO_KEY, 200],
  ['/api/v1/primitives', '/api/v1/primitives?type=spacing', DEMO_KEY, 200],
  ['/api/v1/scales', '/api/v1/scales', DEMO_KEY, 200],
  ['/api/v1/design-system', '/api/v1/design-system', DEMO_KEY, 200],
  ['/api/v1/project', '/api/v1/project?designSystem=acme-docs', DEMO_KEY, 200],
  ['/api/v1/design-systems', '/api/v1/design-systems', DEMO_KEY, 200],
  ['/api/v1/design-systems/{id}/contrast', '/api/v1/design-systems/acme/contrast', DEMO_KEY, 200],
  ['/api/v1/design-systems/{id}/contrast', '/api/v1/design-systems/nope/contrast', DEMO_KEY, 403],
  ['/api/v1/projects', '/api/v1/projects', DEMO_KEY, 200],
  ['/api/v1/export/css', '/api/v1/export/css?prefix=acme&naming=camelCase', DEMO_KEY, 200],
  ['/api/v1/export/json', '/api/v1/export/json', DEMO_KEY, 200],
  ['/api/v1/export/ts', '/api/v1/export/ts', DEMO_KEY, 200],
  ['/api/v1/revisions', '/api/v1/revisions?limit=5', DEMO_KEY, 200],
  ['/api/v1/revisions', '/api/v1/revisions?limit=500', DEMO_KEY, 400],
  ['/api/v1/events', '/api/v1/events', undefined, 401],
  ['/api/v1/openapi.json', '/api/v1/openapi.json', undefined, 200],
  ['/healthz', '/healthz', undefined, 200],
  ['/readyz', '/readyz', undefined, 200],
  ['/metrics', '/metrics', undefined, 200],
];

describe('GET /api/v1/openapi.json', () => {
  let app: FastifyInstance;
  let base: string;
  let doc: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

  beforeAll(async () => {
    ({ app } = await buildExampleApp());
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApiDocument;
  });
  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBe(undefined);
    expect(result.valid).toBe(true);
    // The validator and the schemas do refuse what is wrong.
    expect((await new Validator().validate({ openapi: '3.1.0', info: { title: 'x' }, paths: {} })).valid).toBe(false);
    const tokens = doc.paths['/api/v1/tokens']?.['get']?.responses['200']?.content?.['application/json']?.schema as object;
    expect(ajv.validate(tokens, { data: { tokens: [], total: 0 } })).toBe(true);
    expect(ajv.validate(tokens, { data: { tokens: [{ key: 'a', type: 'color' }], total: 1 } })).toBe(false);
    expect(ajv.validate(tokens, { data: { tokens: [], total: 0, extra: 1 } })).toBe(false);
  });

  it('describes every read route, each with a 200 body and the error shape, and not the 405 answers to other methods', () => {
    const reads = Object.entries(doc.paths).filter(([, operations]) => operations['get'] !== undefined);
    expect(reads.map(([path]) => path.replace('{path}', '*').replace(/\{(\w+)\}/g, ':$1')).sort()).toEqual(
      Object.keys(RESPONSE_SCHEMAS).sort(),
    );
    for (const [path, operations] of Object.entries(doc.paths)) {
      // Writes are the change requests' only: PATCH updates one (POSTs create, approve, merge and close them).
      const writes = path === '/api/v1/changes/{id}' ? ['put', 'delete', 'options'] : ['put', 'patch', 'delete', 'options'];
      for (const method of writes) expect([path, operations[method]]).toEqual([path, undefined]);
      const operation = operations['get'] ?? operations['post'];
      const responses = (operation as Operation).responses;
      expect([path, Object.keys(responses['200']?.content ?? {}).length]).toEqual([path, 1]);
    }
    const tokens = doc.paths['/api/v1/tokens']?.['get'] as Operation;
    expect(tokens.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'query:designSystem',
      'query:ref',
      'query:type',
      'query:format',
    ]);
    expect(Object.keys(tokens.responses)).toEqual(['200', '304', '4XX', '5XX']);
  });

  it.each(CASES)('%s: the real answer to %s (key: %s) matches the documented %i schema', async (path, url, key, status) => {
    const response = await fetch(`${base}${url}`, { headers: key === undefined ? {} : bearer(key) });
    expect(response.status).toBe(status);
    const responses = (doc.paths[path]?.['get'] as Operation).responses;
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    const content = documented?.content ?? {};
    const contentType = response.headers.get('content-type') ?? '';
    const mediaType = Object.keys(content).find((type) => contentType.startsWith(type));
    expect([contentType, mediaType]).toEqual([contentType, expect.any(String)]);
    const schema = (content[mediaType as string] as MediaType).schema;
    const text = await response.text();
    const body: unknown = mediaType === 'application/json' ? JSON.parse(text) : text;
    const validate = ajv.compile(schema);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('documents the event stream as text/event-stream, and a real stream answers with it', async () => {
    const operation = doc.paths['/api/v1/events']?.['get'] as Operation;
    expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/events`, { headers: bearer(DEMO_KEY), signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    controller.abort();
  });

  it('documents 304 for cached routes, and a revalidation answers it without a body', async () => {
    const first = await fetch(`${base}/api/v1/scales`, { headers: bearer(DEMO_KEY) });
    const again = await fetch(`${base}/api/v1/scales`, {
      headers: { ...bearer(DEMO_KEY), 'if-none-match': first.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(doc.paths['/api/v1/scales']?.['get']?.responses['304']?.content).toBe(undefined);
  });
});
