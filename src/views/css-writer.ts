import type { Token, TypedValue } from '../compile/types.js';
import {
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

/** How exports treat a value written as a reference: `resolve` writes the value, `keep` writes `var()` of the token. */
export type ReferenceHandling = 'resolve' | 'keep';

/** The name of one part of a typography token. */
type TypographyPart = (typeof TYPOGRAPHY_PARTS)[number];

/**
 * How a stylesheet writes tokens: the custom property of each token (and of each part of a typography token), the
 * text of a value in a mode, and whether a mode's rule redeclares a token. Names are worked out once per token.
 */
export interface CssWriter {
  /** Whether values written as references are kept as `var()`. */
  readonly keepsReferences: boolean;
  name(token: Token): string;
  /** The property of the token `key` (what a `var()` or a comment naming another token writes). */
  referenceName(key: string): string;
  /** The property of one part of a typography token (`--typography-heading-font-size`). */
  partName(token: Token, part: TypographyPart): string;
  /** The text of a token's value in `mode` (of a typography token, its shorthand), as its declaration writes it. */
  text(token: Token, mode: string): string;
  /** Whether `token` in `mode` has a declaration per typography part besides its own (a typography value). */
  hasParts(token: Token, mode: string): boolean;
  /** The text of one part of a typography token's value in `mode`, as the part's own declaration writes it. */
  partText(token: Token, mode: string, part: TypographyPart): string;
  /**
   * Every declaration of `token` in `mode` (a typography token has one per part as well), each on its own line ending
   * in a line break. One string, not a list of lines: a stylesheet appends it to its block as it is.
   */
  declarations(token: Token, mode: string, indent: string): string;
  /** Whether a rule of `mode` writes `token` again (see {@link createCssWriter}). */
  redeclares(token: Token, mode: string): boolean;
}

/**
 * A writer that names a token with `propertyName`, the parts of a typography token with `partName` and a token a value
 * refers to with `referenceName`. Resolving, a mode redeclares every color (so a stylesheet's shape does not flip when
 * two colors become equal) and what differs from light; keeping references, a value written as `var(--other)` is not
 * redeclared while it names the same token (the other token's own rules switch it), and `var()` stands for every part
 * written as a reference.
 */
export function createCssWriter(
  propertyName: (token: Token) => string,
  partName: (token: Token, part: TypographyPart) => string,
  referenceName: (key: string) => string,
  references: ReferenceHandling,
  /** How a resolved value is written (the Tailwind export writes a shadow's `none` its own way). */
  formatValue: (value: TypedValue, token: Token) => string = formatCssValue,
): CssWriter {
  const names = new Map<Token, string>();
  const name = (token: Token): string => {
    let written = names.get(token);
    if (written === undefined) {
      written = propertyName(token);
      names.set(token, written);
    }
    return written;
  };
  const keep = references === 'keep';
  const text = (token: Token, mode: string): string =>
    keep ? keptText(token, mode, referenceName) : formatValue(valueOf(token, mode), token);
  const partText = (token: Token, mode: string, part: TypographyPart): string => {
    const value = valueOf(token, mode) as Typography;
    if (!keep) return formatTypographyPart(value, part);
    const whole = token.references?.[mode]?.ref;
    if (whole !== undefined) return `var(${referenceName(`${whole}.${part}`)})`;
    const target = token.references?.[mode]?.parts?.[part];
    return target === undefined ? formatTypographyPart(value, part) : `var(${referenceName(target)})`;
  };
  const hasParts = (token: Token, mode: string): boolean => token.type === 'typography' && valueOf(token, mode).kind === 'typography';
  return {
    keepsReferences: keep,
    name,
    referenceName,
    partName,
    text,
    hasParts,
    partText,
    declarations(token, mode, indent) {
      // Why `+=`: a stylesheet writes 10,000s of these; a list of lines per token only to join it cost more than the text.
      let written = `${indent}${name(token)}: ${text(token, mode)};\n`;
      if (!hasParts(token, mode)) return written;
      for (const part of TYPOGRAPHY_PARTS) written += `${indent}${partName(token, part)}: ${partText(token, mode, part)};\n`;
      return written;
    },
    redeclares(token, mode) {
      if (!keep) return valueInMode(token, mode) !== undefined;
      if (token.resolved[mode] === undefined) return false;
      const aliased = token.references?.[mode]?.ref !== undefined && token.references['light']?.ref !== undefined;
      if (token.type === 'color' && !aliased) return true;
      return text(token, mode) !== text(token, 'light');
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
