import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { formatCssValue } from '../views/shared/css-values.js';
import { perSystem } from '../views/shared/system-memo.js';

/** Tokens by key, built once per compiled design system. */
export const tokensByKey: (system: CompiledDesignSystem) => ReadonlyMap<string, Token> = perSystem(
  (system) => new Map(system.tokens.map((token) => [token.key, token])),
);

/**
 * A token's resolved value in every mode of its design system, as the JSON export writes it (`$value`, `dark`,
 * `modes.<mode>`; the light value where a mode has none of its own).
 * @example valuesByMode(system, colorBrandPrimary) // { light: '#2563EB', dark: '#60A5FA' }
 */
export function valuesByMode(system: CompiledDesignSystem, token: Token): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name } of system.modes) values[name] = formatCssValue(token.resolved[name] ?? token.resolved.light);
  return values;
}

/**
 * Only when the design system declares breakpoints and the token's value differs at one of them: per declared
 * breakpoint (narrowest first), its value in every mode there as {@link valuesByMode} writes them (inheritance applied).
 * @example valuesAtBreakpoints(system, spaceGutter) // { valuesAtBreakpoints: { md: { light: '24px', dark: '24px' }, lg: { light: '2rem', dark: '2rem' } } }
 */
export function valuesAtBreakpoints(
  system: CompiledDesignSystem,
  token: Token,
): { valuesAtBreakpoints?: Record<string, Record<string, string>> } {
  const { responsive } = token;
  if (responsive === undefined || system.breakpoints === undefined) return {};
  const found: Record<string, Record<string, string>> = {};
  for (const { name } of system.breakpoints) {
    const resolved = responsive[name];
    if (resolved !== undefined) found[name] = valuesByMode(system, { ...token, resolved });
  }
  return { valuesAtBreakpoints: found };
}

/**
 * The tokens whose value names each token (as the whole value, or a part of a composite), in any mode: the reverse of
 * `references`, sorted by key, built once per compiled design system.
 * @example referencedBy(system).get('color.brand.primary') // ['color.border.focus', 'color.text.link']
 */
export const referencedBy: (system: CompiledDesignSystem) => ReadonlyMap<string, readonly string[]> = perSystem((system) => {
  const found = new Map<string, Set<string>>();
  const add = (target: string, by: string): void => {
    let set = found.get(target);
    if (set === undefined) found.set(target, (set = new Set()));
    set.add(by);
  };
  for (const token of system.tokens) {
    for (const references of Object.values(token.references ?? {})) {
      if (references.ref !== undefined) add(references.ref, token.key);
      for (const target of Object.values(references.parts ?? {})) add(target, token.key);
      for (const target of Object.values(references.adjusted ?? {})) add(target, token.key);
    }
  }
  // Tokens are sorted by key, and a set keeps insertion order: each list is sorted already.
  return new Map([...found].map(([key, set]) => [key, [...set]]));
});
