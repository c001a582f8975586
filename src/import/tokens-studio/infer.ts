import { referenceOf } from '../../compile/values/parse-values.js';
import type { TokenType } from '../../compile/types.js';
import { parseColor } from '../../compile/values/parse-color.js';
import { srgbText } from '../css-color.js';
import { cssCompositeTypeOf } from '../css-composites.js';
import { typedNote, typeOfValue } from '../infer-types.js';
import type { TypeChoices } from '../infer-types.js';
import type { StudioSources, StudioToken } from './sets.js';
import { isUnreadType, STUDIO_TYPES } from './types.js';

/** The Tokens Studio type a DTCG type read from a value is converted as (those whose text sd-transforms reads). */
const STUDIO_TYPE_OF_VALUE: Readonly<Record<string, string>> = {
  color: 'color',
  dimension: 'dimension',
  duration: 'duration',
  number: 'number',
  fontFamily: 'fontFamilies',
  fontWeight: 'fontWeights',
  shadow: 'boxShadow',
  border: 'border',
  gradient: 'gradient',
  transition: 'transition',
  cubicBezier: 'cubicBezier',
  strokeStyle: 'strokeStyle',
  keyword: 'keyword',
};

/** The Tokens Studio type each of our types is converted as, for `--type <name>=<ours>` (every one of our types). */
const STUDIO_TYPE_OF: Readonly<Record<TokenType, string>> = {
  boolean: 'boolean',
  easing: 'cubicBezier',
  strokeStyle: 'strokeStyle',
  keyword: 'keyword',
  color: 'color',
  dimension: 'dimension',
  spacing: 'spacing',
  radius: 'borderRadius',
  'font.size': 'fontSizes',
  'font.lineHeight': 'lineHeights',
  'font.letterSpacing': 'letterSpacing',
  'font.weight': 'fontWeights',
  'font.family': 'fontFamilies',
  opacity: 'opacity',
  shadow: 'boxShadow',
  typography: 'typography',
  border: 'border',
  duration: 'duration',
  'z-index': 'number',
  gradient: 'gradient',
  transition: 'transition',
};

/**
 * The sets with every token of type `other`, without a type, or of a type chosen `auto` with `--type` typed from its
 * value where the value is clear (a length, a color, a duration, a number, a font stack, a CSS shadow, border,
 * transition or gradient; a whole alias takes its target's type), a `color` holding a CSS `linear-gradient()` or box
 * shadow read as one, and every type chosen with `--type <name>=<ours>` read as ours. Notes count what was typed, per type.
 */
export function withStudioTypesFromValues(sources: StudioSources, choices: TypeChoices): { sources: StudioSources; notes: string[] } {
  const byKey = new Map<string, StudioToken>();
  for (const set of sources.sets) for (const [key, token] of set.tokens) byKey.set(key, token);
  const counts = new Map<string, Map<string, number>>();
  const decided = new Map<string, string | undefined>();

  const inferred = (token: StudioToken, seen: ReadonlySet<string>): string | undefined => {
    const type = typeof token.type === 'string' ? token.type : undefined;
    const choice = type === undefined ? undefined : choices[type];
    if (choice !== undefined && choice !== 'auto') return STUDIO_TYPE_OF[choice];
    if (choice === undefined && type === 'color') return colorAsComposite(token.value) ?? type;
    // A type Tokens Studio's reader knows (or leaves out on purpose, with what it holds) is read as it is; any other
    // (`motionDuration`, `dropShadow`, a category) is typed from its value, as in every format.
    if (choice === undefined && type !== undefined && type !== 'other' && (Object.hasOwn(STUDIO_TYPES, type) || isUnreadType(type)))
      return type;
    if (decided.has(token.key)) return decided.get(token.key);
    const target = referenceOf(token.value);
    const targetToken = target === undefined ? undefined : byKey.get(target);
    let found: string | undefined;
    if (target !== undefined)
      found = targetToken === undefined || seen.has(target) ? undefined : inferred(targetToken, new Set([...seen, target]));
    else {
      const fromValue = typeOfValue(token.value, token.key);
      found = fromValue === undefined ? undefined : STUDIO_TYPE_OF_VALUE[fromValue];
    }
    decided.set(token.key, found);
    return found;
  };

  const sets = sources.sets.map((set) => {
    const tokens = new Map<string, StudioToken>();
    for (const [key, token] of set.tokens) {
      const type = inferred(token, new Set([key]));
      if (type === undefined || type === token.type) {
        tokens.set(key, token);
        continue;
      }
      const written = typeof token.type === 'string' ? token.type : undefined;
      const choice = written === undefined ? undefined : choices[written];
      const group =
        written === undefined
          ? 'no `type`'
          : choice !== undefined
            ? `\`--type ${written}=${choice}\``
            : `Tokens Studio type \`${written}\``;
      const byType = counts.get(group) ?? new Map<string, number>();
      // A type chosen with `--type` is counted, not said to be read from values (as in the other formats).
      const counted = choice !== undefined && choice !== 'auto' ? '' : type;
      byType.set(counted, (byType.get(counted) ?? 0) + 1);
      counts.set(group, byType);
      tokens.set(key, { ...token, type });
    }
    return { ...set, tokens };
  });

  const notes = [...counts].map(([group, byType]) => typedNote(group, byType));
  return { sources: { ...sources, sets }, notes };
}

/** The Tokens Studio type a `color` token's text is when it is a CSS gradient or box shadow (Tokens Studio writes gradients so). */
function colorAsComposite(value: unknown): string | undefined {
  if (typeof value !== 'string' || referenceOf(value) !== undefined) return undefined;
  if (parseColor(value) !== undefined || srgbText(value) !== undefined) return undefined;
  const type = cssCompositeTypeOf(value);
  return type === 'gradient' ? 'gradient' : type === 'shadow' ? 'boxShadow' : undefined;
}
