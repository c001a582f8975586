import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Snapshot } from '../state/snapshot.js';
import type { RenderCache } from './render-cache.js';
import { RequestDurationHistogram } from './request-durations.js';
import type { DurationSeries } from './request-durations.js';

/** The Prometheus metrics of one server; each app has its own registry (tests build many apps in one process). */
export interface Metrics {
  readonly registry: Registry;
  /** Counts one answered request and its duration under the route pattern (never the raw URL: bounded labels). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Records one applied batch of source events: its duration and, as the time of the last reload, now. */
  observeReload(seconds: number, at?: number): void;
  /** Reads the snapshot and the cache at scrape time (a gauge per snapshot, nothing per request). */
  trackState(currentSnapshot: () => Snapshot, cache: RenderCache): void;
}

/** Creates the metrics with Node's default process metrics, prefixed `token_server_` for the server's own. */
export function createMetrics(options: { readonly defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  // Requests are counted here, in a plain map, and handed to the counter when it is read (a scrape): prom-client's
  // `inc` validates and hashes the labels on every call. One entry per method, route pattern and status (bounded).
  type Answered = {
    readonly method: string;
    readonly status: number;
    readonly labels: Record<(typeof labelNames)[number], string>;
    count: number;
    counted: number;
    readonly durations: DurationSeries;
  };
  // By route pattern, then a short list per pattern (a method and status or two): no key string built per request.
  const answeredByRoute = new Map<string, Answered[]>();
  /** Every entry, in the order its label set was first seen. */
  const answered: Answered[] = [];
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
    collect() {
      // In the order the label sets were first seen, as if each request had been counted as it was answered.
      for (const entry of answered) {
        if (entry.count > entry.counted) this.inc(entry.labels, entry.count - entry.counted);
        entry.counted = entry.count;
      }
    },
  });
  // Written as prom-client's Histogram writes it, with no label hashing per request (request-durations.ts).
  const durations = new RequestDurationHistogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route pattern and status.',
    registry,
  );
  const reloads = new Histogram({
    name: 'token_server_reload_duration_seconds',
    help: 'Time to fold one batch of source changes into a new snapshot.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const lastReload = new Gauge({
    name: 'token_server_last_reload_timestamp_seconds',
    help: 'Unix time of the last successful reload.',
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      let entries = answeredByRoute.get(route);
      if (entries === undefined) {
        entries = [];
        answeredByRoute.set(route, entries);
      }
      let entry: Answered | undefined;
      for (const candidate of entries) {
        if (candidate.status === status && candidate.method === method) {
          entry = candidate;
          break;
        }
      }
      if (entry === undefined) {
        const labels = { method, route, status: String(status) };
        entry = { method, status, labels, count: 0, counted: 0, durations: durations.series(labels) };
        entries.push(entry);
        answered.push(entry);
      }
      entry.count += 1;
      RequestDurationHistogram.observe(entry.durations, seconds);
    },
    observeReload(seconds, at = Date.now()) {
      reloads.observe(seconds);
      lastReload.set(at / 1000);
    },
    trackState(currentSnapshot, cache) {
      new Gauge({
        name: 'token_server_snapshot_seq',
        help: 'Sequence number of the snapshot being served.',
        registers: [registry],
        collect() {
          this.set(currentSnapshot().seq);
        },
      });
      new Gauge({
        name: 'token_server_design_systems',
        help: 'Design systems in the snapshot.',
        registers: [registry],
        collect() {
          this.set(currentSnapshot().systems.size);
        },
      });
      new Gauge({
        name: 'token_server_keys_stale',
        help: '1 while the keys file is not valid YAML and the keys read before stay in force, else 0.',
        registers: [registry],
        collect() {
          this.set(currentSnapshot().keys.staleSince === null ? 0 : 1);
        },
      });
      new Gauge({
        name: 'token_server_design_systems_with_problems',
        help: 'Design systems whose current files have problems, by severity (an error means an older version, or none, is served).',
        labelNames: ['severity'],
        registers: [registry],
        collect() {
          let errors = 0;
          let warnings = 0;
          for (const state of currentSnapshot().systems.values()) {
            if (state.problems.some((problem) => problem.severity === 'error')) errors += 1;
            else if (state.problems.length > 0) warnings += 1;
          }
          this.set({ severity: 'error' }, errors);
          this.set({ severity: 'warning' }, warnings);
        },
      });
      // Counters that mirror the cache's own tallies: add what changed since the last scrape.
      const mirror = (name: string, help: string, read: () => number): void => {
        let seen = 0;
        new Counter({
          name,
          help,
          registers: [registry],
          collect() {
            const now = read();
            if (now > seen) this.inc(now - seen);
            seen = now;
          },
        });
      };
      mirror('token_server_render_cache_hits_total', 'Responses served from the render cache.', () => cache.hits);
      mirror('token_server_render_cache_misses_total', 'Responses rendered because the cache did not hold them.', () => cache.misses);
      new Gauge({
        name: 'token_server_render_cache_entries',
        help: 'Bodies held in the render cache.',
        registers: [registry],
        collect() {
          this.set(cache.size);
        },
      });
    },
  };
}
