import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ExportRenderer, OFF_THREAD_VALUES } from '../../src/http/render-thread.js';
import type { SnapshotStore } from '../../src/state/store.js';
import { countTokenValues, renderExport } from '../../src/views/formats/export-jobs.js';
import type { ExportJob } from '../../src/views/formats/export-jobs.js';
import { exportJobOf } from '../../src/views/formats/export-jobs.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { keysYaml } from '../source/fixture-repo.js';

const KEY = 'dts_render_thread_key';

/** A design system of 2,500 colors and 500 spacings in light, dark and four further modes: 18,000 values. */
function writeLargeSystem(root: string): void {
  const dir = join(root, 'big');
  mkdirSync(join(dir, 'tokens'), { recursive: true });
  const modes = ['dim', 'contrast', 'brand-a', 'brand-b'];
  writeFileSync(
    join(dir, 'system.yaml'),
    `name: Big\nmodes:\n${modes.map((mode) => `  ${mode}: { base: ${mode === 'dim' ? 'dark' : 'light'} }\n`).join('')}`,
  );
  const steps = [100, 200, 300, 400, 500, 600, 700, 800, 900];
  writeFileSync(
    join(dir, 'scales.yaml'),
    `scales:\n  gray:\n${steps.map((step, index) => `    ${step}: { light: "#${String(10 + index * 9).padStart(2, '0')}3040", dark: "#E0E0${String(10 + index * 9).padStart(2, '0')}" }\n`).join('')}`,
  );
  for (let file = 0; file < 5; file++) {
    let text = 'tokens:\n';
    for (let index = 0; index < 500; index++) {
      text += `  color.f${file}.c${index}: { type: color, scale: gray, step: ${steps[index % steps.length]}, darkStep: ${steps[(index + 3) % steps.length]} }\n`;
    }
    writeFileSync(join(dir, 'tokens', `colors-${file}.yaml`), text);
  }
  let spacing = 'tokens:\n';
  for (let index = 0; index < 500; index++)
    spacing += `  spacing.s${index}: { type: spacing, value: ${index}, modes: { contrast: { value: ${index + 1} } } }\n`;
  writeFileSync(join(dir, 'tokens', 'spacing.yaml'), spacing);
}

const ROUTES: [string, ExportJob][] = [
  ['/api/v1/export/css', { format: 'css', options: { naming: 'kebab-case', theme: 'data-attribute', references: 'resolve' } }],
  [
    '/api/v1/export/css?prefix=acme&theme=media',
    { format: 'css', options: { prefix: 'acme', naming: 'kebab-case', theme: 'media', references: 'resolve' } },
  ],
  ['/api/v1/export/json', { format: 'json', options: {} }],
  ['/api/v1/export/json?spec=2025.10', { format: 'json', options: { spec: '2025.10', references: 'resolve' } }],
  ['/api/v1/export/resolver', { format: 'resolver', options: {} }],
  ['/api/v1/export/tailwind', { format: 'tailwind', options: { theme: 'data-attribute' } }],
  ['/api/v1/export/ts', { format: 'ts', options: {} }],
  ['/api/v1/export/ios', exportJobOf('ios', {})],
  ['/api/v1/export/ios.zip', { ...exportJobOf('ios', {}), part: { zip: true } }],
  ['/api/v1/export/ios/Tokens.swift', { ...exportJobOf('ios', {}), part: { file: 'Tokens.swift' } }],
  ['/api/v1/export/android.zip', { ...exportJobOf('android', {}), part: { zip: true } }],
];

describe('exports of a large design system are rendered off the main thread, byte for byte as on it', () => {
  let root: string;
  let app: FastifyInstance;
  let store: SnapshotStore;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'dts-render-thread-'));
    writeLargeSystem(join(root, 'source'));
    writeFileSync(join(root, 'keys.yaml'), keysYaml([{ name: 'big', key: KEY, designSystem: 'big' }]));
    ({ app, store } = await buildLoadedApp(join(root, 'source'), join(root, 'keys.yaml')));
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const system = () => {
    const compiled = store.current.systems.get('big')?.compiled;
    if (compiled === undefined) throw new Error(JSON.stringify(store.current.systems.get('big')?.problems.slice(0, 3)));
    return compiled;
  };

  it('is a large system', () => {
    expect(countTokenValues(system())).toBe(18_000);
    expect(countTokenValues(system())).toBeGreaterThan(OFF_THREAD_VALUES);
  });

  it.each(ROUTES)('%s', async (url, job) => {
    const want = renderExport(system(), job);
    const response = await app.inject({ method: 'GET', url, headers: bearer(KEY) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(want.body)).toBe(true);
    expect(response.headers['etag']).toBe(want.etag);
    expect(response.headers['content-digest']).toBe(want.digest);
    // Compressed (off the main thread too) on first request for it, the same bytes after decompression.
    const compressed = await app.inject({ method: 'GET', url, headers: { ...bearer(KEY), 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).equals(want.body)).toBe(true);
  });

  it('a file the manifest does not list is 404 not_found, found so by the worker', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/export/ios/Tokens.xcassets/Nope.colorset/Contents.json',
      headers: bearer(KEY),
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 404,
      body: {
        error: {
          code: 'not_found',
          message:
            '`/api/v1/export/ios` has no file `Tokens.xcassets/Nope.colorset/Contents.json`; its manifest at `/api/v1/export/ios` lists them.',
        },
      },
    });
  });

  it('renders in the worker (the system sent once), and concurrent requests get the same bytes', async () => {
    const renderer = new ExportRenderer();
    try {
      const job: ExportJob = { format: 'json', options: { spec: '2025.10', references: 'keep' } };
      const rendered = await Promise.all([renderer.render(system(), job), renderer.render(system(), job)]);
      expect(renderer.offThread).toBe(2);
      expect(rendered[0]?.body.equals(renderExport(system(), job).body)).toBe(true);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.inject({ method: 'GET', url: '/api/v1/export/json?spec=2025.10&references=keep', headers: bearer(KEY) }),
        ),
      );
      expect(new Set(responses.map((response) => response.headers['etag']))).toEqual(new Set([rendered[0]?.etag]));
    } finally {
      await renderer.close();
    }
  });

  it('a closed renderer renders on the calling thread, and a render under way when it closes is refused, not lost', async () => {
    const renderer = new ExportRenderer();
    const refused = expect(renderer.render(system(), { format: 'resolver', options: {} })).rejects.toThrow('the renderer is closed');
    await renderer.close();
    await refused;
    const after = renderer.render(system(), { format: 'ts', options: {} });
    expect(after).not.toBeInstanceOf(Promise);
  });
});
