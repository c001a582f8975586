import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createMetrics } from '../../src/http/metrics.js';
import { SnapshotStore } from '../../src/state/store.js';
import { bearer, buildExampleApp, buildFixtureApp, DEMO_KEY } from '../helpers/app.js';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';

const apps: FastifyInstance[] = [];
async function listen(app: FastifyInstance): Promise<string> {
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('GET /healthz and GET /readyz', () => {
  it('answers alive at once, and ready only once the source is loaded and followed', async () => {
    let ready = false;
    const store = new SnapshotStore();
    const base = await listen(await buildApp({ store, isReady: () => ready }));

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const before = await fetch(`${base}/readyz`);
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({
      error: { code: 'service_unavailable', message: 'Not ready: the source has not been loaded yet.' },
    });

    store.apply([{ type: 'file/changed', path: 'ds/system.yaml', text: 'name: DS\n', at: 0 }]);
    ready = true;
    const after = await fetch(`${base}/readyz`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: 'ready', seq: 1 });
  });

  it('needs no API key and is never rate limited', async () => {
    const { app } = await buildExampleApp({ rateLimitPerMinute: 2 });
    const base = await listen(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await fetch(`${base}/healthz`)).status,
        (await fetch(`${base}/readyz`)).status,
        (await fetch(`${base}/metrics`)).status,
      );
    }
    expect(statuses).toEqual(Array(15).fill(200));
    expect((await fetch(`${base}/healthz`)).headers.get('ratelimit-limit')).toBe(null);
  });
});

describe('GET /metrics', () => {
  it('exposes request counts and durations by route and status, snapshot, reload, problem and cache metrics as Prometheus text', async () => {
    const metrics = createMetrics();
    const { app } = await buildFixtureApp({ metrics });
    const base = await listen(app);
    metrics.observeReload(0.042, Date.UTC(2026, 6, 1, 12, 0, 0));

    for (let i = 0; i < 3; i += 1) await fetch(`${base}/api/v1/tokens`, { headers: bearer('key_tiny') });
    await fetch(`${base}/api/v1/tokens`);
    await fetch(`${base}/no/such/route`);

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples, types } = parsePrometheusText(await response.text());

    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: '/api/v1/tokens', status: '200' })).toBe(3);
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: '/api/v1/tokens', status: '401' })).toBe(1);
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(sampleValue(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/tokens', status: '200' })).toBe(3);
    expect(sampleValue(samples, 'http_request_duration_seconds_bucket', { route: '/api/v1/tokens', status: '200', le: '+Inf' })).toBe(3);

    expect(sampleValue(samples, 'token_server_snapshot_seq')).toBe(1);
    expect(sampleValue(samples, 'token_server_last_reload_timestamp_seconds')).toBe(Date.UTC(2026, 6, 1, 12, 0, 0) / 1000);
    expect(sampleValue(samples, 'token_server_reload_duration_seconds_count')).toBe(1);
    expect(sampleValue(samples, 'token_server_reload_duration_seconds_sum')).toBe(0.042);
    // test/fixtures/http/source: `tiny` compiles, `broken` has errors.
    expect(sampleValue(samples, 'token_server_design_systems')).toBe(2);
    expect(sampleValue(samples, 'token_server_design_systems_with_problems', { severity: 'error' })).toBe(1);
    expect(sampleValue(samples, 'token_server_design_systems_with_problems', { severity: 'warning' })).toBe(0);
    expect(sampleValue(samples, 'token_server_render_cache_misses_total')).toBe(1);
    expect(sampleValue(samples, 'token_server_render_cache_hits_total')).toBe(2);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // Counters mirror the cache between scrapes too.
    await fetch(`${base}/api/v1/tokens`, { headers: bearer('key_tiny') });
    const again = parsePrometheusText(await (await fetch(`${base}/metrics`)).text()).samples;
    expect(sampleValue(again, 'token_server_render_cache_hits_total')).toBe(3);
    expect(sampleValue(again, 'http_requests_total', { route: '/metrics', status: '200' })).toBe(1);
  });

  it('requires its own bearer token when one is configured', async () => {
    const { app } = await buildExampleApp({ metricsToken: 'metrics-secret' });
    const base = await listen(app);
    const anonymous = await fetch(`${base}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await anonymous.json()).toEqual({
      error: { code: 'unauthorized', message: 'The metrics need `Authorization: Bearer <metrics token>`.' },
    });
    expect((await fetch(`${base}/metrics`, { headers: bearer(DEMO_KEY) })).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: bearer('metrics-secret') });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE http_requests_total counter');
  });

  it('reads the token as strictly as an API key: the scheme in any case, then exactly one space', async () => {
    const { app } = await buildExampleApp({ metricsToken: 'metrics-secret' });
    const statuses = await Promise.all(
      [
        'bearer metrics-secret',
        'BEARER metrics-secret',
        'Bearer  metrics-secret',
        'Bearer\tmetrics-secret',
        'Bearer metrics-secret ',
        'Bearer metrics-secre',
      ].map(async (authorization) => [authorization, (await app.inject({ url: '/metrics', headers: { authorization } })).statusCode]),
    );
    expect(statuses).toEqual([
      ['bearer metrics-secret', 200],
      ['BEARER metrics-secret', 200],
      ['Bearer  metrics-secret', 401],
      ['Bearer\tmetrics-secret', 401],
      ['Bearer metrics-secret ', 401],
      ['Bearer metrics-secre', 401],
    ]);
    await app.close();
  });

  it.each([
    ['a space', 'metrics secret'],
    ['a character no Bearer token holds', 'metrics!secret'],
    ['more than 512 characters', 'a'.repeat(513)],
  ])('refuses at startup a token no scraper could send: %s', async (_name, metricsToken) => {
    await expect(buildExampleApp({ metricsToken })).rejects.toThrow(
      'The metrics token must be usable as a Bearer token: at most 512 letters, digits and `-._~+/`, then `=` padding.',
    );
  });
});
