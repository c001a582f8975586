import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';
import { callError, callJson, connectMcp, rawMcpRequest } from './mcp-client.js';

const HARBOR_KEY = 'dts_harbor_demo_key';
const TOOLS = [
  'check_contrast',
  'diff_revisions',
  'figma_plan',
  'find_token_for_value',
  'get_token',
  'list_modes',
  'list_problems',
  'search_tokens',
];

interface ApiTokenBody {
  data: { key: string; type: string; value: unknown; modes?: unknown; deprecated?: unknown; references?: unknown };
}
type DtcgLeaf = { $value: string; $extensions?: { 'com.service': { dark?: string; modes?: Record<string, string> } } };

let app: FastifyInstance;
let acme: Client;
let harbor: Client;

async function getJson(url: string, key = DEMO_KEY): Promise<unknown> {
  const response = await app.inject({ url, headers: bearer(key) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

function leafOf(tree: unknown, key: string): DtcgLeaf {
  return key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree) as DtcgLeaf;
}

beforeAll(async () => {
  ({ app } = await buildExampleApp({ corsOrigins: ['https://tokens.example.com'] }));
  acme = await connectMcp(app, DEMO_KEY);
  harbor = await connectMcp(app, HARBOR_KEY);
});
afterAll(async () => {
  await acme?.close();
  await harbor?.close();
  await app.close();
});

describe('/mcp in process (the SDK client over app.inject)', () => {
  it('lists the seven tools, each read-only, each taking designSystem and ref', async () => {
    const { tools } = await acme.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(expect.arrayContaining(['designSystem', 'ref']));
    }
  });

  it('answers a JSON body nested deeper than 64 levels with 400 body_too_deep, not a stack overflow', async () => {
    const { headers } = rawMcpRequest('tools/call', {});
    const call = (nested: string) =>
      app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...headers, ...bearer(DEMO_KEY) },
        payload: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_modes","arguments":{"x":${nested}}}}`,
      });
    for (const depth of [62, 20_000]) {
      const response = await call('['.repeat(depth) + ']'.repeat(depth));
      expect(response.statusCode, String(depth)).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'body_too_deep', message: 'The JSON body nests objects and arrays deeper than 64 levels.' },
      });
    }
    // 64 levels in all (the message's 3, the `x` array's 61) reach the SDK, which answers this hand-made call itself.
    const within = await call('['.repeat(61) + ']'.repeat(61));
    expect(within.json<{ error: { code: number } }>().error.code).toBe(-32602);
  });

  it('answers 401 in the API error shape without a key, and the SDK client cannot connect', async () => {
    const response = await app.inject({ method: 'POST', url: '/mcp', ...rawMcpRequest('tools/list', {}) });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="design-tokens"');
    expect(response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.' },
    });
    await expect(connectMcp(app, undefined)).rejects.toThrow(/401/);
    await expect(connectMcp(app, 'dts_no_such_key')).rejects.toThrow(/401/);
  });

  it('answers 403 in the API error shape for another design system: a tool argument, a resource, the endpoint query', async () => {
    const forbidden = { error: { code: 'forbidden', message: 'This API key may not read design system `harbor`.' } };
    const call = rawMcpRequest('tools/call', { name: 'get_token', arguments: { key: 'color.brand.primary', designSystem: 'harbor' } });
    const byArgument = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...call.headers, ...bearer(DEMO_KEY) },
      payload: call.payload,
    });
    expect(byArgument.statusCode).toBe(403);
    expect(byArgument.json()).toEqual(forbidden);
    const read = rawMcpRequest('resources/read', { uri: 'tokens://harbor/tokens' });
    const byResource = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...read.headers, ...bearer(DEMO_KEY) },
      payload: read.payload,
    });
    expect(byResource.statusCode).toBe(403);
    expect(byResource.json()).toEqual(forbidden);
    const listen = rawMcpRequest('subscriptions/listen', {
      notifications: { resourceSubscriptions: ['tokens://acme/tokens', 'tokens://harbor/tokens'] },
    });
    const byFilter = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...listen.headers, ...bearer(DEMO_KEY) },
      payload: listen.payload,
    });
    expect(byFilter.statusCode).toBe(403);
    expect(byFilter.json()).toEqual(forbidden);
    // The SDK client reports the HTTP error with the body it got.
    const refused = JSON.stringify(forbidden);
    const tools = rawMcpRequest('tools/list', {});
    const byQuery = await app.inject({
      method: 'POST',
      url: '/mcp?designSystem=harbor',
      headers: { ...tools.headers, ...bearer(DEMO_KEY) },
      payload: tools.payload,
    });
    expect(byQuery.statusCode).toBe(403);
    expect(byQuery.json()).toEqual(forbidden);
    await expect(connectMcp(app, DEMO_KEY, '/mcp?designSystem=harbor')).rejects.toThrow();
    await expect(callJson(acme, 'get_token', { key: 'color.brand.primary', designSystem: 'harbor' })).rejects.toThrow(refused);
    // A design system the key lists is read as the API reads it.
    expect(await callJson(acme, 'list_modes', { designSystem: 'acme-docs' })).toMatchObject({ designSystem: 'acme-docs' });
  });

  it('refuses an Origin that is neither localhost nor a CORS origin, with 403 in the API error shape', async () => {
    const list = rawMcpRequest('tools/list', {});
    const send = (origin: string) =>
      app.inject({ method: 'POST', url: '/mcp', headers: { ...list.headers, ...bearer(DEMO_KEY), origin }, payload: list.payload });
    const evil = await send('https://evil.example');
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({
      error: { code: 'forbidden', message: 'Origin https://evil.example may not call /mcp: only localhost and the CORS origins may.' },
    });
    expect((await send('http://localhost:5173')).statusCode).not.toBe(403);
    expect((await send('https://tokens.example.com')).statusCode).not.toBe(403);
  });

  it('get_token: the token as GET /tokens/<path> serves it, its value in every mode as the JSON export, its usage', async () => {
    for (const [client, key, slug] of [
      [acme, DEMO_KEY, 'acme'],
      [harbor, HARBOR_KEY, 'harbor'],
    ] as const) {
      const dtcg = await getJson('/api/v1/export/json', key);
      const { modes } = (await callJson(client, 'list_modes')) as { modes: { name: string }[] };
      const { data: list } = (await getJson('/api/v1/tokens', key)) as { data: { tokens: { key: string }[] } };
      for (const { key: tokenKey } of list.tokens) {
        const answer = (await callJson(client, 'get_token', { key: tokenKey })) as Record<string, unknown>;
        const { data } = (await getJson(`/api/v1/tokens/${tokenKey.replaceAll('.', '/')}`, key)) as ApiTokenBody;
        expect(answer['designSystem']).toBe(slug);
        expect(answer['token'], tokenKey).toEqual(data);
        const leaf = leafOf(dtcg, tokenKey);
        const extension = leaf.$extensions?.['com.service'];
        const expected = Object.fromEntries(
          modes.map(({ name }) => [
            name,
            name === 'light' ? leaf.$value : name === 'dark' ? (extension?.dark ?? leaf.$value) : (extension?.modes?.[name] ?? leaf.$value),
          ]),
        );
        expect(answer['values'], tokenKey).toEqual(expected);
      }
    }
    const primary = (await callJson(acme, 'get_token', { key: 'color.brand.primary' })) as Record<string, unknown>;
    expect(primary['usage']).toMatchObject({
      css: 'var(--color-brand-primary)',
      tailwind: { variable: '--color-brand-primary', classes: ['bg-brand-primary', 'text-brand-primary', 'border-brand-primary'] },
      js: 'colorBrandPrimary',
      scss: '$color-brand-primary',
      less: '@color-brand-primary',
    });
    expect(((await callJson(harbor, 'get_token', { key: 'color.accent.emphasis' })) as { referencedBy: string[] }).referencedBy).toEqual(
      expect.arrayContaining(['button.primary.bg', 'button.accent-bg']),
    );
    expect(await callError(acme, 'get_token', { key: 'color.nope' })).toEqual({
      error: { code: 'token_not_found', message: 'No token `color.nope` in design system `acme`.' },
    });
  });

  it('get_token: a deprecated token says what replaces it', async () => {
    const answer = (await callJson(harbor, 'get_token', { key: 'button.accent-bg' })) as { token: { deprecated: unknown } };
    expect(answer.token.deprecated).toEqual({
      message: 'Buttons follow the semantic button tokens.',
      replacement: 'button.primary.bg',
      since: '2026-10-01',
    });
  });

  it('search_tokens: semantic tokens by words and type; primitives only when asked for', async () => {
    const found = (await callJson(acme, 'search_tokens', { query: 'brand primary' })) as {
      tokens: { key: string }[];
      primitives?: unknown;
    };
    expect(found.tokens[0]?.key).toBe('color.brand.primary');
    expect(found.primitives).toBeUndefined();
    const colors = (await callJson(acme, 'search_tokens', { type: 'color', limit: 1000 })) as { tokens: { key: string }[]; total: number };
    const { data } = (await getJson('/api/v1/tokens?type=color')) as { data: { tokens: { key: string }[]; total: number } };
    expect(colors.tokens.map((token) => token.key).sort()).toEqual(data.tokens.map((token) => token.key).sort());
    expect(colors.total).toBe(data.total);
    const withPrimitives = (await callJson(acme, 'search_tokens', { query: 'spacing', includePrimitives: true, limit: 1000 })) as {
      tokens: { key: string }[];
      primitives: { key: string; type: string; value: unknown }[];
    };
    const { data: primitives } = (await getJson('/api/v1/primitives?type=spacing')) as {
      data: { primitives: { spacing: { key: string; value: number; unit: string }[] } };
    };
    expect(withPrimitives.tokens.length).toBeGreaterThan(0);
    expect(withPrimitives.primitives.filter((primitive) => primitive.type === 'spacing').map((primitive) => primitive.key)).toEqual(
      primitives.primitives.spacing.map((primitive) => `spacing.${primitive.key}`),
    );
  });

  it('find_token_for_value: every colour token of the examples is found from its own hex in every mode', async () => {
    for (const [client, key] of [
      [acme, DEMO_KEY],
      [harbor, HARBOR_KEY],
    ] as const) {
      const dtcg = await getJson('/api/v1/export/json', key);
      const { modes } = (await callJson(client, 'list_modes')) as { modes: { name: string }[] };
      const { data } = (await getJson('/api/v1/tokens?type=color', key)) as { data: { tokens: { key: string }[] } };
      for (const { key: tokenKey } of data.tokens) {
        const leaf = leafOf(dtcg, tokenKey);
        const extension = leaf.$extensions?.['com.service'];
        for (const { name } of modes) {
          const hex = name === 'light' ? leaf.$value : name === 'dark' ? extension?.dark : extension?.modes?.[name];
          const answer = (await callJson(client, 'find_token_for_value', { value: hex ?? leaf.$value })) as {
            exact: { key: string; modes: string[] }[];
          };
          const match = answer.exact.find((candidate) => candidate.key === tokenKey);
          expect(match?.modes, `${tokenKey} in ${name} from ${hex ?? leaf.$value}`).toContain(name);
        }
      }
    }
  });

  it('find_token_for_value: the nearest colours by deltaE 2000 per mode, lengths by size', async () => {
    const near = (await callJson(acme, 'find_token_for_value', { value: '#2563ea', limit: 3 })) as {
      query: unknown;
      exact: unknown[];
      nearest: Record<string, { key: string; value: string; deltaE: number }[]>;
    };
    expect(near.query).toEqual({ kind: 'color', hex: '#2563EA' });
    expect(near.exact).toEqual([]);
    expect(Object.keys(near.nearest)).toEqual(['light', 'dark']);
    expect(near.nearest['light']?.[0]).toMatchObject({ value: '#2563EB' });
    expect(near.nearest['light']?.[0]?.deltaE).toBeLessThan(0.5);
    expect(near.nearest['light']).toHaveLength(3);
    const length = (await callJson(acme, 'find_token_for_value', { value: '1rem' })) as { query: unknown; exact: { key: string }[] };
    expect(length.query).toEqual({ kind: 'length', px: 16 });
    expect(length.exact.map((match) => match.key)).toContain('spacing.md');
    expect(await callError(acme, 'find_token_for_value', { value: 'blue-ish' })).toEqual({
      error: {
        code: 'invalid_parameter',
        message: '`value` must be a hex color (`#RGB`, `#RRGGBB`, `#RRGGBBAA`) or a length (`16px`, `1rem`), got "blue-ish".',
      },
    });
  });

  it('check_contrast: the WCAG 2.1 ratio per mode, equal to the contrast route for the declared pairs', async () => {
    const { data } = (await getJson('/api/v1/design-systems/acme/contrast')) as {
      data: { pairs: { foreground: string; background: string; modes: Record<string, { ratio: number }> }[] };
    };
    expect(data.pairs.length).toBeGreaterThan(0);
    for (const pair of data.pairs) {
      const answer = (await callJson(acme, 'check_contrast', { foreground: pair.foreground, background: pair.background })) as {
        modes: Record<string, { ratio: number }>;
      };
      for (const [mode, result] of Object.entries(pair.modes))
        expect(answer.modes[mode]?.ratio, `${pair.foreground} ${mode}`).toBe(result.ratio);
    }
    const plain = (await callJson(acme, 'check_contrast', { foreground: '#000000', background: '#FFFFFF' })) as {
      modes: Record<string, { ratio: number; AA: boolean; AAA: boolean; AALarge: boolean; AAALarge: boolean }>;
    };
    expect(plain.modes['light']).toEqual({
      foreground: '#000000',
      background: '#FFFFFF',
      ratio: 21,
      AA: true,
      AAA: true,
      AALarge: true,
      AAALarge: true,
    });
  });

  it('list_modes and list_problems answer as the API does', async () => {
    const { data } = (await getJson('/api/v1/design-system', HARBOR_KEY)) as { data: { modes: unknown[] } };
    const modes = (await callJson(harbor, 'list_modes')) as { modes: { name: string; base: string | null; media: string | null }[] };
    expect(modes.modes.slice(2).map(({ name, base, media }) => ({ name, base, media }))).toEqual(data.modes);
    expect(modes.modes.slice(0, 2).map((mode) => mode.name)).toEqual(['light', 'dark']);
    expect(await callJson(acme, 'list_problems')).toEqual({ designSystem: 'acme', errors: 0, warnings: 0, problems: [] });
  });

  it('figma_plan answers the plan of GET /export/figma', async () => {
    const served = await app.inject({ url: '/api/v1/export/figma?designSystem=harbor', headers: bearer(HARBOR_KEY) });
    expect(served.statusCode).toBe(200);
    const plan = await callJson(harbor, 'figma_plan');
    expect(JSON.stringify(plan)).toBe(JSON.stringify(JSON.parse(served.body)));
    expect((plan as { collections: { modes: unknown[] }[] }).collections[0]?.modes).toHaveLength(5);
  });

  it('serves resources for the design system and its exports, with the bytes of the routes', async () => {
    const { resources } = await acme.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(['tokens://acme/tokens', 'tokens://acme/export/css', 'tokens://acme-docs/export/json']));
    expect(uris.some((uri) => uri.startsWith('tokens://harbor/'))).toBe(false);
    const css = await acme.readResource({ uri: 'tokens://acme/export/css' });
    const served = await app.inject({ url: '/api/v1/export/css', headers: bearer(DEMO_KEY) });
    expect(css.contents[0]).toEqual({ uri: 'tokens://acme/export/css', mimeType: 'text/css', text: served.body });
    const tokens = await acme.readResource({ uri: 'tokens://acme/tokens' });
    expect(JSON.parse((tokens.contents[0] as { text: string }).text)).toEqual(await getJson('/api/v1/tokens'));
    const docs = await connectMcp(app, DOCS_KEY);
    expect((await docs.listResources()).resources.every((resource) => resource.uri.startsWith('tokens://acme-docs/'))).toBe(true);
    await docs.close();
  });

  it('answers the same bytes twice without computing them again (one answer per snapshot and arguments)', async () => {
    const first = await acme.callTool({ name: 'search_tokens', arguments: { query: 'text', limit: 5 } });
    const second = await acme.callTool({ name: 'search_tokens', arguments: { limit: 5, query: 'text' } });
    expect(second).toEqual(first);
  });
});
