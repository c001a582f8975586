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
  partName(token: Token, part: (typeof TYPOGRAPHY_PARTS)[number]): string;
  /** Every declaration of `token` in `mode` (a typography token has one per part as well), each on its own line. */
  lines(token: Token, mode: string, indent?: string): string[];
  /** The text of a token's value in `mode` (of a typography token, its shorthand), as its declaration writes it. */
  text(token: Token, mode: string): string;
  /** The one declaration of a token that is not a typography token (the fast path of {@link lines}). */
  line(token: Token, mode: string, indent?: string): string;
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
  partName: (token: Token, part: (typeof TYPOGRAPHY_PARTS)[number]) => string,
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
  return {
    keepsReferences: keep,
    name,
    referenceName,
    partName,
    text,
    line(token, mode, indent = '  ') {
      return `${indent}${name(token)}: ${text(token, mode)};`;
    },
    lines(token, mode, indent = '  ') {
      const lines = [`${indent}${name(token)}: ${text(token, mode)};`];
      const value = valueOf(token, mode);
      if (value.kind !== 'typography') return lines;
      const parts = keep ? token.references?.[mode]?.parts : undefined;
      const whole = keep ? token.references?.[mode]?.ref : undefined;
      for (const part of TYPOGRAPHY_PARTS) {
        const target = parts?.[part];
        const written =
          whole !== undefined
            ? `var(${referenceName(`${whole}.${part}`)})`
            : target === undefined
              ? formatTypographyPart(value, part)
              : `var(${referenceName(target)})`;
        lines.push(`${indent}${partName(token, part)}: ${written};`);
      }
      return lines;
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
