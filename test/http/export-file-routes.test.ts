import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { routeOf } from '../../src/views/formats/output-format.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

// docs/api.md "Formats of several files": the manifest, each file, the zip, all consistent with one another.
const FOLDER_FORMATS = OUTPUT_FORMAT_IDS.filter((id) => OUTPUT_FORMATS[id].files !== undefined);

interface Manifest {
  format: string;
  files: { path: string; contentType: string; bytes: number; sha256: string }[];
}

const READ_ZIP = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    assert archive.testzip() is None
    print(json.dumps([[info.filename, archive.read(info).hex()] for info in archive.infolist()]))
`;

describe('formats of several files: manifest, files and zip', () => {
  let app: FastifyInstance;
  const dir = mkdtempSync(join(tmpdir(), 'dts-file-routes-'));
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(DEMO_KEY), ...headers } });

  it('has the folder formats the docs name', () => {
    expect(FOLDER_FORMATS).toEqual(expect.arrayContaining(['ios', 'android']));
  });

  it.each(FOLDER_FORMATS)('%s: every file the manifest lists is served with its media type, size, SHA-256 and ETag', async (id) => {
    const route = routeOf(OUTPUT_FORMATS[id]);
    const response = await get(route);
    expect(response.statusCode).toBe(200);
    const manifest = response.json<Manifest>();
    expect(manifest.format).toBe(id);
    expect(manifest.files.length).toBeGreaterThan(1);
    expect(manifest.files.map((file) => file.path)).toEqual(manifest.files.map((file) => file.path).sort());
    for (const file of manifest.files) {
      const served = await get(`${route}/${file.path.split('/').map(encodeURIComponent).join('/')}`);
      expect({ path: file.path, status: served.statusCode, type: served.headers['content-type'] }).toEqual({
        path: file.path,
        status: 200,
        type: file.contentType,
      });
      expect(served.rawPayload.byteLength).toBe(file.bytes);
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(file.sha256);
      expect(served.headers['content-digest']).toBe(`sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
      const again = await get(`${route}/${file.path}`, { 'if-none-match': String(served.headers['etag']) });
      expect(again.statusCode).toBe(304);
    }
  });

  it.each(FOLDER_FORMATS)('%s: the zip holds exactly the manifest’s files in its order, and is the same bytes twice', async (id) => {
    const route = routeOf(OUTPUT_FORMATS[id]);
    const manifest = (await get(route)).json<Manifest>();
    const zip = await get(`${route}.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const file = join(dir, `${id}.zip`);
    writeFileSync(file, zip.rawPayload);
    const entries = JSON.parse(execFileSync('python3', ['-c', READ_ZIP, file], { encoding: 'utf8', maxBuffer: 1 << 28 })) as [
      string,
      string,
    ][];
    expect(entries.map(([path]) => path)).toEqual(manifest.files.map((entry) => entry.path));
    for (const [path, hex] of entries)
      expect(createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')).toBe(
        manifest.files.find((entry) => entry.path === path)?.sha256,
      );
    const { app: other } = await buildExampleApp();
    try {
      const fresh = await other.inject({ method: 'GET', url: `${route}.zip`, headers: bearer(DEMO_KEY) });
      expect(fresh.rawPayload.equals(zip.rawPayload)).toBe(true);
      expect(fresh.headers['etag']).toBe(zip.headers['etag']);
    } finally {
      await other.close();
    }
  });

  it.each(FOLDER_FORMATS)('%s: a path the manifest does not list is 404 not_found in the one error shape', async (id) => {
    const route = routeOf(OUTPUT_FORMATS[id]);
    for (const path of ['nope.json', '../keys.yaml', '%2e%2e/keys.yaml', '']) {
      const response = await get(`${route}/${path}`);
      expect({ path, status: response.statusCode, code: response.json<{ error: { code: string } }>().error.code }).toEqual({
        path,
        status: 404,
        code: 'not_found',
      });
    }
    const message = (await get(`${route}/nope.json`)).json<{ error: { message: string } }>().error.message;
    expect(message).toBe(`\`${route}\` has no file \`nope.json\`; its manifest at \`${route}\` lists them.`);
  });

  it('a refused parameter is refused on the file and zip routes as on the manifest', async () => {
    for (const suffix of ['', '.zip', '/res/values/colors.xml']) {
      const response = await get(`/api/v1/export/android${suffix}?references=maybe`);
      expect({ suffix, status: response.statusCode, code: response.json<{ error: { code: string } }>().error.code }).toEqual({
        suffix,
        status: 400,
        code: 'invalid_parameter',
      });
    }
  });
});
