import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { KEY_SEGMENT } from '../../src/compile/values/name-rules.js';
import { tokenKeyOfPath } from '../../src/http/routes/tokens.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

// The per-request work was cut (issue 22): the rate limit is one callback hook instead of the plugin's promises,
// request counts reach prom-client when it is read, the key path is one regex. These pin what must not change.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function build(rateLimitPerMinute: number): Promise<FastifyInstance> {
  const { app } = await buildExampleApp({ rateLimitPerMinute });
  apps.push(app);
  return app;
}

/** The key path reading the route had before: split on `/` and `.`, every segment a KEY_SEGMENT. */
function tokenKeyBySegments(path: string): string | undefined {
  const segments = path.split('/').flatMap((segment) => segment.split('.'));
  return segments.every((segment) => KEY_SEGMENT.test(segment)) ? segments.join('.') : undefined;
}

describe('the token path', () => {
  it.each([
    ['color/bg', 'color.bg'],
    ['color.bg', 'color.bg'],
    ['color/bg.hover/strong', 'color.bg.hover.strong'],
    ['a', 'a'],
    ['Space_2-x/y', 'Space_2-x.y'],
    ['', undefined],
    ['color/', undefined],
    ['/color', undefined],
    ['color//bg', undefined],
    ['color..bg', undefined],
    ['color/.bg', undefined],
    ['color.', undefined],
    ['color/b g', undefined],
    ['color/bé', undefined],
    ['color/bg%2F', undefined],
    ['color\nbg', undefined],
  ])('%j names %j, as the segment-by-segment reading did', (path, want) => {
    expect(tokenKeyOfPath(path)).toBe(want);
    expect(tokenKeyBySegments(path)).toBe(want);
  });
});

describe('the per-key rate limit', () => {
  it('counts a GET and a HEAD once each, probes and metrics not at all, the public OpenAPI document per address', async () => {
    const app = await build(5);
    const remainingOf = async (method: 'GET' | 'HEAD', url: string): Promise<string | undefined> => {
      const response = await app.inject({ method, url, headers: bearer(DEMO_KEY) });
      return response.headers['ratelimit-remaining'] as string | undefined;
    };
    expect(await remainingOf('GET', '/api/v1/scales')).toBe('4');
    expect(await remainingOf('HEAD', '/api/v1/scales')).toBe('3');
    expect(await remainingOf('HEAD', '/api/v1/tokens')).toBe('2');
    for (const url of ['/healthz', '/readyz', '/metrics']) expect(await remainingOf('GET', url), url).toBeUndefined();
    // The OpenAPI document and the token browser are public but limited per address, as before.
    expect(await remainingOf('GET', '/api/v1/openapi.json')).toBe('4');
    expect(await remainingOf('GET', '/api/v1/tokens')).toBe('1');
  });

  it('answers the request past the limit 429 with every RateLimit header, in the order the plugin sent them', async () => {
    const app = await build(1);
    const first = await app.inject({ url: '/api/v1/scales', headers: bearer(DEMO_KEY) });
    expect(Object.keys(first.headers).slice(0, 3)).toEqual(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']);
    expect([
      first.statusCode,
      first.headers['ratelimit-limit'],
      first.headers['ratelimit-remaining'],
      first.headers['ratelimit-reset'],
    ]).toEqual([200, '1', '0', '60']);
    const limited = await app.inject({ url: '/api/v1/scales', headers: bearer(DEMO_KEY) });
    const seconds = limited.headers['retry-after'] as string;
    expect(Object.keys(limited.headers).slice(0, 4)).toEqual(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']);
    expect([limited.statusCode, limited.headers['ratelimit-remaining'], limited.headers['ratelimit-reset']]).toEqual([429, '0', seconds]);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: `Too many requests: at most 1 per minute for this API key. Retry in ${seconds} seconds.` },
    });
  });
});

describe('request metrics', () => {
  it('counts every answered request by method, route pattern and status, label sets in the order first seen', async () => {
    const app = await build(600);
    await app.inject({ url: '/api/v1/scales', headers: bearer(DEMO_KEY) });
    await app.inject({ url: '/api/v1/scales' });
    await app.inject({ url: '/nowhere' });
    await app.inject({ url: '/api/v1/scales', headers: bearer(DEMO_KEY) });
    const first = await app.inject({ url: '/metrics' });
    const counted = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('http_requests_total'));
    expect(counted(first.body)).toEqual([
      'http_requests_total{method="GET",route="/api/v1/scales",status="200"} 2',
      'http_requests_total{method="GET",route="/api/v1/scales",status="401"} 1',
      'http_requests_total{method="GET",route="(unmatched)",status="404"} 1',
    ]);
    await app.inject({ method: 'HEAD', url: '/api/v1/scales', headers: bearer(DEMO_KEY) });
    // The scrape itself is counted once it is answered: it shows on the next one, after the label sets seen before it.
    expect(counted((await app.inject({ url: '/metrics' })).body)).toEqual([
      'http_requests_total{method="GET",route="/api/v1/scales",status="200"} 2',
      'http_requests_total{method="GET",route="/api/v1/scales",status="401"} 1',
      'http_requests_total{method="GET",route="(unmatched)",status="404"} 1',
      'http_requests_total{method="GET",route="/metrics",status="200"} 1',
      'http_requests_total{method="HEAD",route="/api/v1/scales",status="200"} 1',
    ]);
  });
});
