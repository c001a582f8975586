import { wordsOfKey } from '../../compile/values/key-words.js';
import type { CompiledDesignSystem, Deprecation, Token, TokenType } from '../../compile/types.js';
import { formatHex } from '../../views/shared/css-values.js';
import { perSystem } from '../../views/shared/system-memo.js';
import { valuesAtBreakpoints, valuesByMode } from '../token-index.js';
import { itemAt } from '../../compile/checked-access.js';

export interface SearchTokensInput {
  /** Words to look for in keys and descriptions; empty or absent: every token (of `type`). */
  readonly query?: string | undefined;
  readonly type?: TokenType | undefined;
  readonly includePrimitives?: boolean | undefined;
  readonly limit: number;
}

/** A token found: its key, type, description, deprecation and value in every mode (and at each breakpoint, when it differs there). */
export interface FoundToken {
  readonly key: string;
  readonly type: TokenType;
  readonly description?: string;
  readonly deprecated?: Deprecation;
  readonly values: Record<string, string>;
  /** As `get_token`'s: only when the design system declares breakpoints and the value differs at one of them. */
  readonly valuesAtBreakpoints?: Record<string, Record<string, string>>;
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

/** A token's three-letter pieces' postings: for each, the positions (in token order) of the texts that hold it. */
const trigramsOf = perSystem((system): ReadonlyMap<string, Int32Array> => {
  const lists = new Map<string, number[]>();
  haystacksOf(system).forEach(({ text }, position) => {
    const seen = new Set<string>();
    for (let at = 0; at + 3 <= text.length; at += 1) {
      const trigram = text.slice(at, at + 3);
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      const list = lists.get(trigram);
      if (list === undefined) lists.set(trigram, [position]);
      else list.push(position);
    }
  });
  return new Map([...lists].map(([trigram, list]) => [trigram, Int32Array.from(list)]));
});

const NONE = new Int32Array(0);

/**
 * The positions of the texts that may hold every word: the shortest posting list of any three letters of any word
 * (a text holding a word holds each of its pieces), in token order; undefined when no word has three letters.
 */
function candidatesOf(system: CompiledDesignSystem, words: readonly string[]): Int32Array | undefined {
  let shortest: Int32Array | undefined;
  for (const word of words) {
    for (let at = 0; at + 3 <= word.length; at += 1) {
      const list = trigramsOf(system).get(word.slice(at, at + 3)) ?? NONE;
      if (shortest === undefined || list.length < shortest.length) shortest = list;
    }
  }
  return shortest;
}

interface Scored {
  readonly haystack: Haystack;
  readonly score: number;
}

/** Best first: the higher score, then the shorter key, then key order. */
function compareScored(a: Scored, b: Scored): number {
  return (
    b.score - a.score || a.haystack.token.key.length - b.haystack.token.key.length || (a.haystack.token.key < b.haystack.token.key ? -1 : 1)
  );
}

/**
 * `search_tokens`: the tokens whose key, type or description holds every word of the query (of `type` when given),
 * best first: words that are whole words of the key before words found in it, then in the description only; a
 * deprecated token after the others; then shorter keys, then key order. Primitives and scale steps only with
 * `includePrimitives`, matched the same way. A query reads only the texts that hold three letters of one of its
 * words (a trigram index built once per compiled system) and keeps only the best `limit` of its matches.
 * @example searchTokens(acme, { query: 'brand primary', limit: 1 }) // { designSystem: 'acme', tokens: [{ key: 'color.brand.primary', ... }], total: 6 }
 */
export function searchTokens(system: CompiledDesignSystem, input: SearchTokensInput): SearchTokensAnswer {
  const words = queryWords(input.query);
  const haystacks = haystacksOf(system);
  const candidates = candidatesOf(system, words);
  const count = candidates === undefined ? haystacks.length : candidates.length;
  const best: Scored[] = [];
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    const haystack = itemAt(haystacks, candidates === undefined ? index : itemAt(candidates, index));
    if (input.type !== undefined && haystack.token.type !== input.type) continue;
    if (!words.every((word) => haystack.text.includes(word))) continue;
    const keyText = haystack.token.key.toLowerCase();
    let score = 0;
    for (const word of words) score += haystack.words.includes(word) ? 3 : keyText.includes(word) ? 2 : 1;
    if (haystack.token.deprecated !== undefined) score -= 100;
    total += 1;
    keepBest(best, { haystack, score }, input.limit);
  }
  const tokens = best.map(({ haystack: { token } }) => ({
    key: token.key,
    type: token.type,
    ...(token.description === undefined ? {} : { description: token.description }),
    ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
    values: valuesByMode(system, token),
    ...valuesAtBreakpoints(system, token),
  }));
  const answer = { designSystem: system.meta.slug, tokens, total };
  if (input.includePrimitives !== true) return answer;
  const primitives = primitivesOf(system).filter(
    (primitive) =>
      (input.type === undefined || primitive.type === input.type) &&
      words.every((word) => `${primitive.key} ${primitive.type}`.toLowerCase().includes(word)),
  );
  return { ...answer, primitives: primitives.slice(0, input.limit) };
}

/** Puts `item` into `best` (sorted, at most `limit` long) where it belongs, if it is among the best `limit`. */
function keepBest(best: Scored[], item: Scored, limit: number): void {
  const last = best[best.length - 1];
  if (best.length === limit && last !== undefined && compareScored(item, last) > 0) return;
  let low = 0;
  let high = best.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareScored(itemAt(best, middle), item) < 0) low = middle + 1;
    else high = middle;
  }
  best.splice(low, 0, item);
  if (best.length > limit) best.pop();
}
