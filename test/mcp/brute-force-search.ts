// `search_tokens` as it was before the trigram index (every text read on every query, every match sorted): what the
// indexed tool must still answer, byte for byte.
import { wordsOfKey } from '../../src/compile/values/key-words.js';
import type { CompiledDesignSystem, Token } from '../../src/compile/types.js';
import { valuesByMode } from '../../src/mcp/token-index.js';
import { queryWords } from '../../src/mcp/tools/search-tokens.js';
import type { FoundPrimitive, SearchTokensAnswer, SearchTokensInput } from '../../src/mcp/tools/search-tokens.js';
import { formatHex } from '../../src/views/shared/css-values.js';
import { perSystem } from '../../src/views/shared/system-memo.js';

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

export function bruteForceSearchTokens(system: CompiledDesignSystem, input: SearchTokensInput): SearchTokensAnswer {
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
