import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readYamlFiles, EXAMPLE_SOURCE } from '../helpers/fixtures.js';
import { ALPHA_KEY, BETA_KEY, keysYaml, useFixtures } from '../source/fixture-repo.js';
import { callJson, connectMcp } from './mcp-client.js';

const fixtures = useFixtures();
const BASE_YAML = 'design-systems/acme/tokens/color/base.yaml';

/** The example design systems in a real Git repository; `alpha` reads acme (and acme-docs), `beta` acme-docs only. */
async function exampleRepo() {
  const files: Record<string, string> = {
    'keys.yaml': keysYaml([
      { name: 'alpha', key: ALPHA_KEY, designSystem: 'acme', access: ['acme-docs'] },
      { name: 'beta', key: BETA_KEY, designSystem: 'acme-docs' },
    ]),
  };
  for (const [path, text] of await readYamlFiles(EXAMPLE_SOURCE)) files[`design-systems/${path}`] = text;
  return fixtures.repo(files);
}

async function getJson(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } });
  expect(response.status, path).toBe(200);
  return response.json();
}

describe('/mcp on a real listening server over a Git repository', () => {
  it('answers get_token and diff_revisions at a pinned ref as the HTTP API does, and 401/403 over the network', async () => {
    const repo = await exampleRepo();
    const c1 = repo.git('rev-parse', 'HEAD').trim();
    const base = (await import('node:fs')).readFileSync(`${repo.root}/${BASE_YAML}`, 'utf8');
    repo.write(
      BASE_YAML,
      base.replace(
        'primaryHover: { type: color, scale: blue, step: 700, darkStep: 600 }',
        'primaryHover: { type: color, scale: blue, step: 800, darkStep: 500 }',
      ),
    );
    const c2 = repo.commit('darker hover');
    const server = await fixtures.start(repo);
    const client = await connectMcp(server.url, ALPHA_KEY);
    fixtures.defer(() => client.close());

    for (const ref of [c1, c2]) {
      const answer = (await callJson(client, 'get_token', { key: 'color.brand.primaryHover', ref })) as { token: unknown; values: unknown };
      const { data } = (await getJson(server.url, `/api/v1/tokens/color/brand/primaryHover?ref=${ref}`)) as { data: unknown };
      expect(answer.token).toEqual(data);
    }
    const before = (await callJson(client, 'get_token', { key: 'color.brand.primaryHover', ref: c1 })) as {
      values: Record<string, string>;
    };
    const after = (await callJson(client, 'get_token', { key: 'color.brand.primaryHover' })) as { values: Record<string, string> };
    expect(before.values['light']).not.toBe(after.values['light']);
    expect(await callJson(client, 'diff_revisions', { from: c1, to: c2 })).toEqual(
      await getJson(server.url, `/api/v1/diff?from=${c1}&to=${c2}`),
    );
    expect(await callJson(client, 'diff_revisions', { from: c1 })).toEqual(await getJson(server.url, `/api/v1/diff?from=${c1}`));
    const unknown = await client.callTool({ name: 'get_token', arguments: { key: 'color.brand.primary', ref: 'no-such-branch' } });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse((unknown.content as { text: string }[])[0]?.text ?? '')).toEqual({
      error: { code: 'ref_not_found', message: 'No commit, tag or branch `no-such-branch` in the repository.' },
    });

    await expect(connectMcp(server.url, undefined)).rejects.toThrow();
    const noKey = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.' },
    });
    const beta = await connectMcp(server.url, BETA_KEY);
    fixtures.defer(() => beta.close());
    await expect(callJson(beta, 'list_modes', { designSystem: 'acme' })).rejects.toThrow(
      '{"error":{"code":"forbidden","message":"This API key may not read design system `acme`."}}',
    );
  });

  it('refuses a host name other than localhost on a loopback address (DNS rebinding), with 403', async () => {
    const repo = await exampleRepo();
    const server = await fixtures.start(repo);
    const { port } = new URL(server.url);
    const post = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/mcp',
            method: 'POST',
            headers: { host, authorization: `Bearer ${ALPHA_KEY}`, 'content-type': 'application/json' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}');
      });
    const rebound = await post(`evil.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({
      error: { code: 'forbidden', message: `Host evil.example:${port} may not call /mcp on a loopback address: use localhost.` },
    });
    expect((await post(`localhost:${port}`)).status).not.toBe(403);
    expect((await post(`127.0.0.1:${port}`)).status).not.toBe(403);
  });

  it('sends a subscribed client a resource update within 1 s of a commit', async () => {
    const repo = await exampleRepo();
    const server = await fixtures.start(repo);
    const client = await connectMcp(server.url, ALPHA_KEY);
    fixtures.defer(() => client.close());
    const updates: { uri: string; at: number }[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push({ uri: notification.params.uri, at: Date.now() });
    });
    const subscription = await client.listen({ resourceSubscriptions: ['tokens://acme/tokens', 'tokens://acme-docs/tokens'] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual(['tokens://acme/tokens', 'tokens://acme-docs/tokens']);
    const base = (await import('node:fs')).readFileSync(`${repo.root}/${BASE_YAML}`, 'utf8');
    const started = Date.now();
    repo.write(BASE_YAML, base.replace('step: 700, darkStep: 600', 'step: 800, darkStep: 600'));
    repo.commit('darker hover');
    const deadline = started + 1000;
    while (updates.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(updates.map((update) => update.uri)).toEqual(['tokens://acme/tokens']);
    expect((updates[0]?.at ?? Infinity) - started).toBeLessThan(1000);
    const read = await client.readResource({ uri: 'tokens://acme/tokens' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(await getJson(server.url, '/api/v1/tokens'));
    await subscription.close();
  });

  it('refuses with 403 a listen stream (the SDK client) naming a design system the key may not read, and sends it nothing', async () => {
    const repo = await exampleRepo();
    const server = await fixtures.start(repo);
    const beta = await connectMcp(server.url, BETA_KEY);
    fixtures.defer(() => beta.close());
    const updates: string[] = [];
    beta.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    await expect(beta.listen({ resourceSubscriptions: ['tokens://acme-docs/tokens', 'tokens://acme/tokens'] })).rejects.toThrow(
      'This API key may not read design system `acme`.',
    );
    const raw = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${BETA_KEY}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: ['tokens://acme/tokens'] } },
      }),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ error: { code: 'forbidden', message: 'This API key may not read design system `acme`.' } });
    const own = await beta.listen({ resourceSubscriptions: ['tokens://acme-docs/tokens'] });
    const before = JSON.stringify(await getJson(server.url, '/api/v1/tokens'));
    const base = (await import('node:fs')).readFileSync(`${repo.root}/${BASE_YAML}`, 'utf8');
    repo.write(BASE_YAML, base.replace('step: 700, darkStep: 600', 'step: 800, darkStep: 600'));
    repo.commit('darker hover');
    // The change is served (acme's tokens differ), then a moment for a notification that must not come.
    const deadline = Date.now() + 5000;
    while (JSON.stringify(await getJson(server.url, '/api/v1/tokens')) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updates).toEqual([]);
    await own.close();
  });

  it('ends a listen stream when the keys file no longer lets its key read a design system it names', async () => {
    const repo = await exampleRepo();
    const server = await fixtures.start(repo);
    const alpha = await connectMcp(server.url, ALPHA_KEY);
    fixtures.defer(() => alpha.close());
    const subscription = await alpha.listen({ resourceSubscriptions: ['tokens://acme-docs/tokens'] });
    repo.write('keys.yaml', keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'acme' }]));
    repo.commit('alpha reads acme only');
    const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000));
    expect(await Promise.race([subscription.closed, stillOpen])).toBe('remote');
  });
});
