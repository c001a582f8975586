import { MODE_NAME } from '../compile/fields/read-modes.js';
import type { TokenType } from '../compile/types.js';
import { isRecord } from '../compile/narrow-unknown.js';

/**
 * One token of a source, whatever its format, as every reader gives it: its key, its type in DTCG's vocabulary, its
 * raw value in DTCG's shapes (2025.10 objects or the older strings; aliases `"{a.b}"`) in the base mode `light` and in
 * every other mode where the source gives one, and its metadata.
 */
export interface SourceToken {
  /** The dotted path of groups and the token's name, as written. */
  readonly key: string;
  /** The DTCG `$type` (the nearest group's when the token has none); `boolean` for our own exports' boolean groups. */
  readonly type: string | undefined;
  /** Our type, when the source format names it more precisely than DTCG does (Tokens Studio's `borderRadius` is `radius`). */
  readonly ourType?: TokenType | undefined;
  /** The value in the base mode, `light`. */
  readonly value: unknown;
  /** The value in each other mode the source gives one for (`dark`, `dark-dimmed`, ...); a mode not listed has `value`. */
  readonly modes: Readonly<Record<string, unknown>>;
  readonly description: string | undefined;
  /** `$deprecated`: `true` or a message; undefined when absent or `false`. */
  readonly deprecated: true | string | undefined;
  /** `$extensions` as written. */
  readonly extensions: Readonly<Record<string, unknown>> | undefined;
  /** Where it comes from: `<file>:<key>`, as the report names it. */
  readonly source: string;
}

/** What the import could not carry exactly, per token: `lossy` (imported, approximated) or `skipped` (left out). */
export interface ImportIssue {
  readonly source: string;
  readonly level: 'lossy' | 'skipped';
  readonly reason: string;
}

/** One file given to the import: its path (as the report names it) and its parsed content. */
export interface SourceDocument {
  readonly path: string;
  readonly document: unknown;
}

/** What a reader gives: every token (in source order, one per key), what it could not read, and how modes were named. */
export interface SourceRead {
  readonly tokens: readonly SourceToken[];
  readonly issues: readonly ImportIssue[];
  /** Plain sentences for the report: which theme or context became which mode. */
  readonly notes: readonly string[];
}

/**
 * A color value with an alpha written beside it (Primer's `alpha` next to `$value`): after every token is read, the
 * color it names is followed in each mode and written as a literal with that alpha.
 */
export interface AlphaOver {
  readonly alphaOver: unknown;
  readonly alpha: number;
}

export const isAlphaOver = (raw: unknown): raw is AlphaOver =>
  typeof raw === 'object' && raw !== null && 'alphaOver' in raw && 'alpha' in raw && typeof raw.alpha === 'number';

/** The shared narrowing (compile/narrow-unknown.ts), offered here to the readers that import it with the other helpers. */
export { isRecord };

/** Whether a parsed value is a list (`Array.isArray` alone types its items as `any`). */
export const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/** What a JSON Pointer (`/sets/base`: a `$ref`'s part after `#`) names in `document`; undefined when nothing. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  let target = document;
  for (const segment of pointer.split('/').slice(1)) {
    const name = uriDecoded(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    // A list's item is named by its index as text (`/0`), as a property of the list.
    target = isRecord(target) || isList(target) ? Reflect.get(target, name) : undefined;
  }
  return target;
}

const uriDecoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A `deprecated` marker as written: `true` or a message; undefined when absent, `false` or empty. */
export const deprecationOf = (raw: unknown): true | string | undefined =>
  raw === true || (typeof raw === 'string' && raw !== '') ? raw : undefined;

/**
 * A mode name for a theme or context name: lowercase words joined by single hyphens (`Dark Dimmed` -> `dark-dimmed`,
 * `HighContrast` -> `high-contrast`); `mode` when nothing is left.
 */
export function modeNameOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const joined = words.join('-');
  if (MODE_NAME.test(joined)) return joined;
  return MODE_NAME.test(`mode-${joined}`) ? `mode-${joined}` : 'mode';
}

/** `tokens` with the values `layer` gives them in `mode`; a token only the layer has is added (with loss). */
export function withModeLayer(
  tokens: readonly SourceToken[],
  mode: string,
  layer: readonly SourceToken[],
  issues: ImportIssue[],
): SourceToken[] {
  const byKey = new Map(layer.map((token) => [token.key, token]));
  const result = tokens.map((token) => {
    const layered = byKey.get(token.key);
    byKey.delete(token.key);
    if (layered === undefined || mode in token.modes || JSON.stringify(layered.value) === JSON.stringify(token.value)) return token;
    return { ...token, modes: { ...token.modes, [mode]: layered.value } };
  });
  for (const token of byKey.values()) {
    issues.push({ source: token.source, level: 'lossy', reason: `only in mode \`${mode}\`: the base mode takes its value` });
    result.push(token);
  }
  return result;
}
