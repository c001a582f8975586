import { describe, expect, it } from 'vitest';
import { Histogram, Registry } from 'prom-client';
import { REQUEST_DURATION_BUCKETS, RequestDurationHistogram } from '../../src/http/request-durations.js';

const NAME = 'http_request_duration_seconds';
const HELP = 'Time to answer an HTTP request, by method, route pattern and status.';

/** Observations on both sides of every bound, on the bounds themselves, past the last one, for three label sets. */
const OBSERVATIONS: readonly [Record<string, string>, number][] = [
  [{ method: 'GET', route: '/api/v1/tokens', status: '200' }, 0.0004],
  [{ method: 'GET', route: '/api/v1/tokens', status: '200' }, 0.001],
  [{ method: 'GET', route: '/api/v1/tokens/*', status: '404' }, 0.0031],
  [{ method: 'GET', route: '/api/v1/tokens', status: '200' }, 0.25],
  [{ method: 'POST', route: '/mcp', status: '200' }, 7.5],
  [{ method: 'GET', route: '/api/v1/tokens/*', status: '404' }, 2.5],
  [{ method: 'GET', route: '/api/v1/tokens', status: '200' }, 0.0123],
];

describe('RequestDurationHistogram', () => {
  it('writes the very text prom-client’s Histogram writes for the same observations', async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [theirs],
    });
    const ours = new Registry();
    const durations = new RequestDurationHistogram(NAME, HELP, ours);
    const series = new Map<string, ReturnType<RequestDurationHistogram['series']>>();
    for (const [labels, seconds] of OBSERVATIONS) {
      histogram.observe(labels, seconds);
      const id = JSON.stringify(labels);
      if (!series.has(id)) series.set(id, durations.series(labels));
      RequestDurationHistogram.observe(series.get(id)!, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('is empty, as prom-client’s is, before any request', async () => {
    const theirs = new Registry();
    new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [theirs],
    });
    const ours = new Registry();
    new RequestDurationHistogram(NAME, HELP, ours);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
