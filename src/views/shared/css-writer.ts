import type { CompiledDesignSystem, Token, TypedValue } from '../../compile/types.js';
import {
  cssTextsOf,
  formatCssNumber,
  formatCssValue,
  formatFont,
  formatShadowColor,
  formatShadowLengths,
  formatStop,
  formatTypographyPart,
  TYPOGRAPHY_PARTS,
} from './css-values.js';
import { valueInMode } from './mode-values.js';
import { itemAt } from '../../compile/checked-access.js';

/** How exports treat a value written as a reference: `resolve` writes the value, `keep` writes `var()` of the token. */
export type ReferenceHandling = 'resolve' | 'keep';

/** The name of one part of a typography token. */
type TypographyPart = (typeof TYPOGRAPHY_PARTS)[number];

/**
 * How a stylesheet writes the tokens of one system, each named by its index in `system.tokens`: the custom property of
 * each token (and of each part of a typography token), the text of a value in a mode, and whether a mode's rule
 * redeclares a token. Names are worked out once per token. Why indexes: a stylesheet asks these for 10,000s of tokens,
 * and an index reads the per-system lists of names and texts where a token would be looked up in a map each time.
 */
export interface CssWriter {
  /** The tokens the indexes refer to: the system's. */
  readonly tokens: readonly Token[];
  /** Whether values written as references are kept as `var()`. */
  readonly keepsReferences: boolean;
  name(index: number): string;
  /** The property of the token `key` (what a `var()` or a comment naming another token writes). */
  referenceName(key: string): string;
  /** The property of one part of a typography token (`--typography-heading-font-size`). */
  partName(index: number, part: TypographyPart): string;
  /** The text of a token's value in `mode` (of a typography token, its shorthand), as its declaration writes it. */
  text(index: number, mode: string): string;
  /** Whether the token in `mode` has a declaration per typography part besides its own (a typography value). */
  hasParts(index: number, mode: string): boolean;
  /** The text of one part of a typography token's value in `mode`, as the part's own declaration writes it. */
  partText(index: number, mode: string, part: TypographyPart): string;
  /**
   * Every declaration of the token in `mode` (a typography token has one per part as well), each on its own line ending
   * in a line break. One string, not a list of lines: a stylesheet appends it to its block as it is.
   */
  declarations(index: number, mode: string, indent: string): string;
  /** Whether a rule of `mode` writes the token again (see {@link createCssWriter}). */
  redeclares(index: number, mode: string): boolean;
}

/** How a writer names and writes: each token's property by index, the parts of a typography token, referenced tokens. */
export interface CssWriterNames {
  readonly propertyName: (index: number) => string;
  readonly partName: (index: number, part: TypographyPart) => string;
  readonly referenceName: (key: string) => string;
  /**
   * A resolved value written other than as its CSS text (the Tailwind export writes a shadow's `none` its own way), or
   * undefined for its CSS text (the system's {@link cssTextsOf}).
   */
  readonly overrideText?: (token: Token, value: TypedValue) => string | undefined;
}

/**
 * A writer of `system`'s tokens that names them as `names` says. Resolving, a mode redeclares every color (so a
 * stylesheet's shape does not flip when two colors become equal) and what differs from light; keeping references, a
 * value written as `var(--other)` is not redeclared while it names the same token (the other token's own rules switch
 * it), and `var()` stands for every part written as a reference.
 */
export function createCssWriter(system: CompiledDesignSystem, names: CssWriterNames, references: ReferenceHandling): CssWriter {
  const { tokens } = system;
  const { propertyName, partName, referenceName } = names;
  const { overrideText } = names;
  // The texts of the mode asked last: a stylesheet asks for one mode's texts many times in a row.
  let textsMode: string | undefined;
  let texts: readonly string[] = [];
  const resolvedText = (index: number, mode: string): string => {
    const override = overrideText?.(itemAt(tokens, index), valueOf(itemAt(tokens, index), mode));
    if (override !== undefined) return override;
    if (mode !== textsMode) {
      texts = cssTextsOf(system, mode);
      textsMode = mode;
    }
    return itemAt(texts, index);
  };
  // Filled in as tokens are named: `undefined` up front (not holes), so the list stays a plain array.
  const named = new Array<string | undefined>(tokens.length).fill(undefined);
  const name = (index: number): string => (named[index] ??= propertyName(index));
  const keep = references === 'keep';
  const text = (index: number, mode: string): string =>
    keep ? keptText(itemAt(tokens, index), mode, referenceName) : resolvedText(index, mode);
  const partText = (index: number, mode: string, part: TypographyPart): string => {
    const token = itemAt(tokens, index);
    const value = valueOf(token, mode) as Typography;
    if (!keep) return formatTypographyPart(value, part);
    const whole = token.references?.[mode]?.ref;
    if (whole !== undefined) return `var(${referenceName(`${whole}.${part}`)})`;
    const target = token.references?.[mode]?.parts?.[part];
    return target === undefined ? formatTypographyPart(value, part) : `var(${referenceName(target)})`;
  };
  const hasParts = (index: number, mode: string): boolean => {
    const token = itemAt(tokens, index);
    return token.type === 'typography' && valueOf(token, mode).kind === 'typography';
  };
  return {
    tokens,
    keepsReferences: keep,
    name,
    referenceName,
    partName,
    text,
    hasParts,
    partText,
    declarations(index, mode, indent) {
      // Why `+=`: a stylesheet writes 10,000s of these; a list of lines per token only to join it cost more than the text.
      let written = `${indent}${name(index)}: ${text(index, mode)};\n`;
      if (!hasParts(index, mode)) return written;
      for (const part of TYPOGRAPHY_PARTS) written += `${indent}${partName(index, part)}: ${partText(index, mode, part)};\n`;
      return written;
    },
    redeclares(index, mode) {
      const token = itemAt(tokens, index);
      if (!keep) return valueInMode(token, mode) !== undefined;
      if (token.resolved[mode] === undefined) return false;
      const aliased = token.references?.[mode]?.ref !== undefined && token.references['light']?.ref !== undefined;
      if (token.type === 'color' && !aliased) return true;
      return text(index, mode) !== text(index, 'light');
    },
  };
}

type Typography = Extract<TypedValue, { kind: 'typography' }>;

const valueOf = (token: Token, mode: string): TypedValue => token.resolved[mode] ?? token.resolved.light;

/** A value as CSS with `var()` for what it refers to: the whole value, or the parts written as references. */
function keptText(token: Token, mode: string, referenceName: (key: string) => string): string {
  const references = token.references?.[mode];
  const value = valueOf(token, mode);
  if (references?.ref !== undefined) {
    const alias = `var(${referenceName(references.ref)})`;
    // A `var()` cannot replace its color's alpha; relative color syntax can, from the color the variable holds.
    return references.alpha === undefined ? alias : `rgb(from ${alias} r g b / ${formatCssNumber(references.alpha)})`;
  }
  const parts = references?.parts;
  if (parts === undefined) return formatCssValue(value);
  const part = (partValue: TypedValue, path: string): string => {
    const target = parts[path];
    return target === undefined ? formatCssValue(partValue) : `var(${referenceName(target)})`;
  };
  switch (value.kind) {
    case 'typography':
      return formatFont(value, part);
    case 'border':
      return `${part(value.width, 'width')} ${part(value.style, 'style')} ${part(value.color, 'color')}`;
    case 'transition':
      return `${part(value.duration, 'duration')} ${part(value.timingFunction, 'timingFunction')} ${part(value.delay, 'delay')}`;
    case 'gradient': {
      const stops = value.stops.map((stop, index) => {
        const target = parts[`stops.${index}.color`];
        return target === undefined ? formatStop(stop) : formatStop(stop, `var(${referenceName(target)})`);
      });
      return `linear-gradient(${formatCssNumber(value.angle)}deg, ${stops.join(', ')})`;
    }
    case 'shadow':
      return (value.layers ?? [])
        .map((layer, index) => {
          const target = parts[`layers.${index}.color`];
          const color = target === undefined ? formatShadowColor(layer) : `var(${referenceName(target)})`;
          return `${formatShadowLengths(layer)}${color}`;
        })
        .join(', ');
    default:
      return formatCssValue(value);
  }
}
