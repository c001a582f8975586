import { cssNameOf } from './css-name.js';

/** `GET /api/v1/tokens` item: the value fields as written. */
export interface ApiToken {
  readonly key: string;
  readonly type: string;
  readonly value: Readonly<Record<string, string | number | boolean>>;
}

export interface ScaleStep {
  readonly step: number;
  readonly light: string;
  readonly dark: string;
}

export interface Scale {
  readonly key: string;
  readonly steps: readonly ScaleStep[];
}

export interface DesignSystemMeta {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string | null;
  readonly tokenCount: number;
  readonly scaleCount: number;
  readonly lastUpdated: string;
}

export interface Revision {
  readonly sha: string;
  readonly date: string;
  readonly subject: string;
}

/** One token as the page shows it: raw value, resolved light and dark values, CSS name, search text. */
export interface TokenView {
  readonly key: string;
  readonly type: string;
  readonly raw: string;
  readonly light: string;
  /** Present only when it differs from the light value. */
  readonly dark: string | undefined;
  readonly description: string | undefined;
  readonly cssName: string;
  /** Lowercase text the search box matches. */
  readonly haystack: string;
  /** Equal fingerprints, equal token: what the live highlight compares. */
  readonly fingerprint: string;
}

interface DtcgLeaf {
  readonly $value: string;
  readonly $description?: string;
  readonly $extensions?: { readonly 'com.service'?: { readonly dark?: string } };
}

/** Token key -> DTCG leaf of a `GET /api/v1/export/json` tree. */
function leavesOf(tree: unknown): Map<string, DtcgLeaf> {
  const leaves = new Map<string, DtcgLeaf>();
  const walk = (node: unknown, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if ('$value' in node) {
      leaves.set(path.join('.'), node as DtcgLeaf);
      return;
    }
    for (const [name, child] of Object.entries(node)) if (!name.startsWith('$')) walk(child, [...path, name]);
  };
  walk(tree, []);
  return leaves;
}

/** How a token's value is written: a scale step, a primitive reference or its literal fields. */
export function describeRaw(token: ApiToken): string {
  const value = token.value;
  if (typeof value['primitive'] === 'string') return `→ ${value['primitive']}`;
  if (typeof value['scale'] === 'string') {
    const light = `${value['scale']} ${String(value['step'])}`;
    return value['darkStep'] === undefined || value['darkStep'] === value['step']
      ? light
      : `${light} · dark ${value['scale']} ${String(value['darkStep'])}`;
  }
  const entries = Object.entries(value);
  if (entries.length === 1 && 'value' in value) return String(value['value']);
  if (entries.length === 2 && 'value' in value && 'unit' in value) return `${String(value['value'])}${String(value['unit'])}`;
  return entries.map(([name, field]) => `${name}: ${String(field)}`).join(', ');
}

/** Joins the raw tokens with the resolved values of the JSON export. */
export function buildTokenViews(tokens: readonly ApiToken[], dtcg: unknown): TokenView[] {
  const leaves = leavesOf(dtcg);
  return tokens.map((token) => {
    const leaf = leaves.get(token.key);
    const light = leaf?.$value ?? '';
    const darkValue = leaf?.$extensions?.['com.service']?.dark;
    const dark = darkValue === undefined || darkValue === light ? undefined : darkValue;
    const raw = describeRaw(token);
    const cssName = cssNameOf(token.key);
    const description = leaf?.$description;
    return {
      key: token.key,
      type: token.type,
      raw,
      light,
      dark,
      description,
      cssName,
      haystack: [token.key, token.type, raw, light, dark ?? '', cssName, description ?? ''].join('\n').toLowerCase(),
      fingerprint: JSON.stringify([token.type, token.value, light, dark ?? null]),
    };
  });
}

/** Keys of the tokens and scale steps that are new or differ in `next` (nothing on the first load). */
export function changedKeys(previous: ReadonlyMap<string, string> | undefined, next: ReadonlyMap<string, string>): Set<string> {
  const changed = new Set<string>();
  if (previous === undefined) return changed;
  for (const [key, fingerprint] of next) if (previous.get(key) !== fingerprint) changed.add(key);
  return changed;
}

/** Fingerprints of every token (by key) and scale step (by `scale:<key>.<step>`). */
export function fingerprintsOf(tokens: readonly TokenView[], scales: readonly Scale[]): Map<string, string> {
  const prints = new Map<string, string>();
  for (const token of tokens) prints.set(token.key, token.fingerprint);
  for (const scale of scales) for (const step of scale.steps) prints.set(`scale:${scale.key}.${step.step}`, `${step.light}/${step.dark}`);
  return prints;
}

/** Tokens matching the search text (every word) and the type filter. */
export function matchesFilter(token: TokenView, words: readonly string[], type: string): boolean {
  return (type === '' || token.type === type) && words.every((word) => token.haystack.includes(word));
}

/** The search box's text as lowercase words. */
export function wordsOfQuery(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}
