import { wordsOfKey } from '../../compile/values/key-words.js';
import type { CompiledDesignSystem, Deprecation, Token, TokenType } from '../../compile/types.js';
import { formatHex } from '../../views/css-values.js';
import { perSystem } from '../../views/system-memo.js';
import { valuesByMode } from '../token-index.js';

export interface SearchTokensInput {
  /** Words to look for in keys and descriptions; empty or absent: every token (of `type`). */
  readonly query?: string | undefined;
  readonly type?: TokenType | undefined;
  readonly includePrimitives?: boolean | undefined;
  readonly limit: number;
}

/** A token found: its key, type, description, deprecation and value in every mode. */
export interface FoundToken {
  readonly key: string;
  readonly type: TokenType;
  readonly description?: string;
  readonly deprecated?: Deprecation;
  readonly values: Record<string, string>;
}

/** A primitive (`<type>.<key>`) or a color scale step (`<scale>.<step>`, type `color`, its hex per mode). */
export interface FoundPrimitive {
  readonly key: string;
  readonly type: string;
  readonly value: number | string | Readonly<Record<string, string>>;
  readonly unit?: string | null;
}

/** What `search_tokens` answers: the tokens first (`total` counts every match before `limit`), primitives only when asked. */
export interface SearchTokensAnswer {
  readonly designSystem: string;
  readonly tokens: readonly FoundToken[];
  readonly total: number;
  readonly primitives?: readonly FoundPrimitive[];
}

/** What a token is searched by: its key's words, and its key, type and description in lower case. */
interface Haystack {
  readonly token: Token;
  readonly words: readonly string[];
  readonly text: string;
}

const haystacksOf = perSystem((system): readonly Haystack[] =>
  system.tokens.map((token) => ({
    token,
    words: wordsOfKey(token.key).split('-'),
    text: `${token.key} ${token.type} ${token.description ?? ''}`.toLowerCase(),
  })),
);

const primitivesOf = perSystem((system): readonly FoundPrimitive[] => [
  ...Object.entries(system.primitives).flatMap(([type, primitives]) =>
    primitives.map((primitive) => ({ key: `${type}.${primitive.key}`, type, value: primitive.value, unit: primitive.unit })),
  ),
  ...system.scales.flatMap((scale) =>
    scale.steps.map((step) => ({
      key: `${scale.key}.${step.step}`,
      type: 'color',
      value: Object.fromEntries(system.modes.map(({ name }) => [name, formatHex(step.colors[name] ?? step.colors.light)])),
    })),
  ),
]);

/** The lower-case words of a query: split at anything that is not a letter or digit, and at lower-to-upper changes. */
export function queryWords(query: string | undefined): string[] {
  if (query === undefined) return [];
  return query
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * `search_tokens`: the tokens whose key, type or description holds every word of the query (of `type` when given),
 * best first: words that are whole words of the key before words found in it, then in the description only; a
 * deprecated token after the others; then shorter keys, then key order. Primitives and scale steps only with
 * `includePrimitives`, matched the same way.
 * @example searchTokens(acme, { query: 'brand primary', limit: 1 }) // { designSystem: 'acme', tokens: [{ key: 'color.brand.primary', ... }], total: 6 }
 */
export function searchTokens(system: CompiledDesignSystem, input: SearchTokensInput): SearchTokensAnswer {
  const words = queryWords(input.query);
  const scored: { readonly haystack: Haystack; readonly score: number }[] = [];
  for (const haystack of haystacksOf(system)) {
    if (input.type !== undefined && haystack.token.type !== input.type) continue;
    if (!words.every((word) => haystack.text.includes(word))) continue;
    const keyText = haystack.token.key.toLowerCase();
    let score = 0;
    for (const word of words) score += haystack.words.includes(word) ? 3 : keyText.includes(word) ? 2 : 1;
    if (haystack.token.deprecated !== undefined) score -= 100;
    scored.push({ haystack, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.haystack.token.key.length - b.haystack.token.key.length ||
      (a.haystack.token.key < b.haystack.token.key ? -1 : 1),
  );
  const tokens = scored.slice(0, input.limit).map(({ haystack: { token } }) => ({
    key: token.key,
    type: token.type,
    ...(token.description === undefined ? {} : { description: token.description }),
    ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
    values: valuesByMode(system, token),
  }));
  const answer = { designSystem: system.meta.slug, tokens, total: scored.length };
  if (input.includePrimitives !== true) return answer;
  const primitives = primitivesOf(system).filter(
    (primitive) =>
      (input.type === undefined || primitive.type === input.type) &&
      words.every((word) => `${primitive.key} ${primitive.type}`.toLowerCase().includes(word)),
  );
  return { ...answer, primitives: primitives.slice(0, input.limit) };
}
