import { describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import { acmeFiles, EDITOR, KEYS_YAML } from '../changes/acme-change-fixture.js';
import { sha256, useFixtures } from '../source/fixture-repo.js';

/** The Figma plugin's credentials: `designer` opens change requests, `viewer` only reads. */
const DESIGNER = 'dtsf_designer_credential_for_tests';
const VIEWER = 'dtsf_viewer_credential_for_tests';
const FIGMA_KEYS =
  KEYS_YAML +
  `  - name: designer\n    kind: figma\n    sha256: ${sha256(DESIGNER)}\n    designSystem: acme\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n` +
  `  - name: viewer\n    kind: figma\n    sha256: ${sha256(VIEWER)}\n    designSystem: acme\n`;

const fixtures = useFixtures();

async function serve(keys = FIGMA_KEYS): Promise<string> {
  const repo = fixtures.repo({ ...acmeFiles(), 'keys.yaml': keys });
  return (await fixtures.start(repo)).url;
}

async function get(base: string, path: string, key: string, origin?: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${key}`, ...(origin === undefined ? {} : { origin }) },
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const preflight = (base: string, method: string): Promise<Response> =>
  fetch(`${base}/api/v1/changes`, {
    method: 'OPTIONS',
    headers: { origin: 'null', 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
  });

const forbidden = (message: string): unknown => ({ error: { code: 'forbidden', message } });

describe('Figma credentials (`kind: figma`), over a real socket', () => {
  it('are answered from the plugin’s frame (`Origin: null`) with CORS for it, writes included', async () => {
    const base = await serve();
    const answer = await preflight(base, 'POST');
    expect([answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.get('access-control-allow-methods')]).toEqual([
      204,
      'null',
      'GET, HEAD, POST, PATCH',
    ]);
    expect(answer.headers.get('access-control-allow-headers')).toBe(
      'Authorization, If-None-Match, Cache-Control, Content-Type, Idempotency-Key',
    );

    const plan = await get(base, '/api/v1/export/figma', VIEWER, 'null');
    expect([plan.status, plan.headers.get('access-control-allow-origin')]).toEqual([200, 'null']);
    expect(plan.headers.get('access-control-expose-headers')).toContain('X-Git-Commit');

    const opened = await fetch(`${base}/api/v1/changes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DESIGNER}`, origin: 'null', 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'From Figma',
        operations: [{ op: 'set-value', token: 'color.primary', mode: 'light', fields: { color: '#1D4ED8' } }],
      }),
    });
    expect([opened.status, opened.headers.get('access-control-allow-origin')]).toEqual([201, 'null']);
  });

  it('are refused from anywhere else; an API key is still served with `Origin: null`, as before they existed', async () => {
    const base = await serve();
    expect(await get(base, '/api/v1/tokens', VIEWER)).toMatchObject({
      status: 403,
      body: forbidden(
        'This Figma credential works only from the Figma plugin (requests with `Origin: null`): the request has no `Origin` header.',
      ),
    });
    expect(await get(base, '/api/v1/tokens', VIEWER, 'https://evil.example')).toMatchObject({
      status: 403,
      body: forbidden(
        'This Figma credential works only from the Figma plugin (requests with `Origin: null`): not from origin `https://evil.example`.',
      ),
    });
    expect(await get(base, '/api/v1/tokens', EDITOR, 'null')).toMatchObject({ status: 200 });
    // A read-only Figma credential opens nothing; none calls `/mcp`.
    const write = await fetch(`${base}/api/v1/changes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${VIEWER}`, origin: 'null', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x', operations: [{ op: 'delete-token', token: 'color.primary' }] }),
    });
    expect([write.status, await write.json()]).toEqual([
      403,
      forbidden('This key is read-only: changing tokens needs `role: editor` or `role: reviewer` in keys.yaml.'),
    ]);
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${DESIGNER}`,
        origin: 'null',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect([mcp.status, await mcp.json()]).toEqual([
      403,
      forbidden('A Figma credential reads and opens change requests: `/mcp` needs an API key.'),
    ]);
  });

  it('open CORS to `null` only while the keys file has one', async () => {
    const base = await serve(KEYS_YAML);
    const answer = await preflight(base, 'POST');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('Figma credential entries in keys.yaml', () => {
  const entry = (fields: string): string =>
    `keys:\n  - name: f\n    kind: figma\n    sha256: ${sha256(DESIGNER)}\n    designSystem: acme\n${fields}`;
  it.each([
    ['read-only', '', undefined, []],
    ['an editor', '    role: editor\n    author: { name: Dana, email: dana@example.com }\n', 'editor', []],
    [
      'a reviewer: refused',
      '    role: reviewer\n    author: { name: Dana, email: dana@example.com }\n',
      undefined,
      [
        'a Figma credential reads or opens change requests (`role: editor`); approving and merging are done in the token browser with a reviewer’s API key',
      ],
    ],
    [
      'with origins: refused',
      '    origins: [https://www.figma.com]\n',
      undefined,
      ['`origins` belongs to browser credentials only: a Figma credential is used from the plugin’s frame, whose origin is always `null`'],
    ],
  ])('%s', (_name, fields, role, problems) => {
    const parsed = parseKeysFile('keys.yaml', entry(fields));
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.message)).toEqual(problems);
    expect(parsed.keys?.map((key) => [key.kind, key.role])).toEqual(problems.length === 0 ? [['figma', role]] : []);
  });
});
