import type { Registry } from 'prom-client';

/** The request-duration buckets, in seconds (upper bounds, `+Inf` implied). */
export const REQUEST_DURATION_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The counts of one label set: what one request adds to, with no lookup. */
export interface DurationSeries {
  /** Requests per bucket (not cumulative), one more slot for those over the last bound. */
  readonly counts: number[];
  sum: number;
  count: number;
}

interface ValuePair {
  readonly labels: Record<string, string | number>;
  readonly sharedLabels: Readonly<Record<string, string>>;
  readonly value: number;
  readonly metricName: string;
  /** As prom-client's: null on buckets, undefined on the sum and count (no exemplars). */
  readonly exemplar: null | undefined;
}

/**
 * A Prometheus histogram of request durations by label set, written exactly as prom-client's `Histogram` writes it
 * (same lines, same order), without its per-observation work: prom-client validates and hashes the labels on every
 * `observe`, a fixed cost of every request. A caller keeps the series of its label set and adds to it directly.
 */
export class RequestDurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: { readonly labels: Readonly<Record<string, string>>; readonly data: DurationSeries }[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    // A registry takes any object with a name and `get()`; the text format asks `getForPromString()` first.
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** A new series for a label set; called once per label set (the caller keeps it). */
  series(labels: Readonly<Record<string, string>>): DurationSeries {
    const data: DurationSeries = { counts: new Array<number>(REQUEST_DURATION_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
    this.#series.push({ labels, data });
    return data;
  }

  /** Adds one observation (in seconds) to a series. */
  static observe(series: DurationSeries, seconds: number): void {
    let bucket = 0;
    while (bucket < REQUEST_DURATION_BUCKETS.length && seconds > (REQUEST_DURATION_BUCKETS[bucket] as number)) bucket += 1;
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  getForPromString(): { name: string; help: string; type: string; values: ValuePair[]; aggregator: string } {
    const values: ValuePair[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, data } of this.#series) {
      let cumulative = 0;
      REQUEST_DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += data.counts[index] ?? 0;
        values.push({ labels: { le: bound }, sharedLabels: labels, value: cumulative, metricName: bucketName, exemplar: null });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: data.count, metricName: bucketName, exemplar: null });
      values.push({ labels: {}, sharedLabels: labels, value: data.sum, metricName: `${this.name}_sum`, exemplar: undefined });
      values.push({ labels: {}, sharedLabels: labels, value: data.count, metricName: `${this.name}_count`, exemplar: undefined });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As prom-client's `get()`: each value's labels with the series' labels merged in. */
  get(): { name: string; help: string; type: string; values: Omit<ValuePair, 'sharedLabels'>[]; aggregator: string } {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })),
    };
  }

  reset(): void {
    for (const { data } of this.#series) {
      data.counts.fill(0);
      data.sum = 0;
      data.count = 0;
    }
  }
}
