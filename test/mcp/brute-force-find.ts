// The brute force `find_token_for_value` as it was before the value index (every value compared with colorjs.io on
// every call): what the indexed tool must still answer, byte for byte.
import Color from 'colorjs.io';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import type { FindTokenAnswer, NearMatch, SoughtValue } from '../../src/mcp/tools/find-token-for-value.js';
import { pixelsOf } from '../../src/views/api/contrast.js';
import { formatCssValue, formatHex } from '../../src/views/shared/css-values.js';
import { perSystem } from '../../src/views/shared/system-memo.js';

/** One candidate value of one token in one mode. */
interface Candidate {
  readonly key: string;
  readonly mode: string;
  /** The value as the exports write it. */
  readonly text: string;
  /** A color's hex, or a length's px. */
  readonly same: string | number;
  readonly color?: Color;
}

const candidatesOf = perSystem((system) => {
  const colors: Candidate[] = [];
  const lengths: Candidate[] = [];
  for (const token of system.tokens) {
    for (const { name: mode } of system.modes) {
      const value = token.resolved[mode] ?? token.resolved.light;
      if (value.kind === 'color') {
        const { red, green, blue } = value.color;
        const hex = formatHex(value.color);
        colors.push({ key: token.key, mode, text: hex, same: hex, color: new Color('srgb', [red / 255, green / 255, blue / 255]) });
      } else if (value.kind === 'dimension') {
        const px = pixelsOf(value);
        if (px !== undefined) lengths.push({ key: token.key, mode, text: formatCssValue(value), same: px });
      }
    }
  }
  return { colors, lengths };
});

export function bruteForceFindTokenForValue(system: CompiledDesignSystem, query: SoughtValue, limit: number): FindTokenAnswer {
  const { colors, lengths } = candidatesOf(system);
  const target = query.kind === 'color' ? toColor(query.hex) : undefined;
  const candidates = query.kind === 'color' ? colors : lengths;
  const same = query.kind === 'color' ? query.hex : query.px;
  const exact = new Map<string, string[]>();
  const byMode = new Map<string, { readonly match: NearMatch; readonly distance: number }[]>(system.modes.map(({ name }) => [name, []]));
  for (const candidate of candidates) {
    if (candidate.same === same) {
      const modes = exact.get(candidate.key);
      if (modes === undefined) exact.set(candidate.key, [candidate.mode]);
      else modes.push(candidate.mode);
    }
    const distance =
      target !== undefined && candidate.color !== undefined
        ? candidate.color.deltaE2000(target)
        : Math.abs((candidate.same as number) - (same as number));
    const rounded = Math.round(distance * 100) / 100;
    const match =
      target === undefined
        ? { key: candidate.key, value: candidate.text, difference: rounded }
        : { key: candidate.key, value: candidate.text, deltaE: rounded };
    byMode.get(candidate.mode)?.push({ match, distance });
  }
  const nearest: Record<string, NearMatch[]> = {};
  for (const [mode, matches] of byMode) {
    matches.sort((a, b) => a.distance - b.distance || (a.match.key < b.match.key ? -1 : 1));
    nearest[mode] = matches.slice(0, limit).map(({ match }) => match);
  }
  return {
    designSystem: system.meta.slug,
    query,
    exact: [...exact].map(([key, modes]) => ({ key, modes })),
    nearest,
  };
}

function toColor(hex: string): Color {
  const channel = (index: number): number => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return new Color('srgb', [channel(0), channel(1), channel(2)]);
}
