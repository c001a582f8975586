import { itemAt } from '../../compile/checked-access.js';
import type { TokenType } from '../../compile/types.js';
import { untypedValueReason } from '../infer-types.js';

/** How a value of a Tokens Studio type is converted, as sd-transforms converts it. */
export type ValueKind =
  | 'color'
  | 'length'
  | 'lineHeight'
  | 'letterSpacing'
  | 'fontWeight'
  | 'fontFamily'
  | 'opacity'
  | 'number'
  | 'duration'
  | 'easing'
  | 'shadow'
  | 'typography'
  | 'border'
  | 'gradient'
  | 'transition';

/** A Tokens Studio type as DTCG type, our type and the conversion of its values. */
export interface StudioType {
  readonly type: string;
  readonly ourType?: TokenType;
  readonly kind: ValueKind;
}

/** Tokens Studio's types (and the DTCG names its W3C option may write) that are imported. */
export const STUDIO_TYPES: Readonly<Record<string, StudioType>> = {
  color: { type: 'color', kind: 'color' },
  sizing: { type: 'dimension', ourType: 'dimension', kind: 'length' },
  // Style Dictionary's name, which Tokens Studio files often carry: read as the Style Dictionary reader reads it.
  size: { type: 'dimension', kind: 'length' },
  dimension: { type: 'dimension', ourType: 'dimension', kind: 'length' },
  borderWidth: { type: 'dimension', ourType: 'dimension', kind: 'length' },
  spacing: { type: 'dimension', ourType: 'spacing', kind: 'length' },
  borderRadius: { type: 'dimension', ourType: 'radius', kind: 'length' },
  fontSizes: { type: 'dimension', ourType: 'font.size', kind: 'length' },
  fontSize: { type: 'dimension', ourType: 'font.size', kind: 'length' },
  lineHeights: { type: 'number', ourType: 'font.lineHeight', kind: 'lineHeight' },
  lineHeight: { type: 'number', ourType: 'font.lineHeight', kind: 'lineHeight' },
  letterSpacing: { type: 'dimension', ourType: 'font.letterSpacing', kind: 'letterSpacing' },
  fontWeights: { type: 'fontWeight', ourType: 'font.weight', kind: 'fontWeight' },
  fontWeight: { type: 'fontWeight', ourType: 'font.weight', kind: 'fontWeight' },
  fontFamilies: { type: 'fontFamily', ourType: 'font.family', kind: 'fontFamily' },
  fontFamily: { type: 'fontFamily', ourType: 'font.family', kind: 'fontFamily' },
  opacity: { type: 'number', ourType: 'opacity', kind: 'opacity' },
  boxShadow: { type: 'shadow', kind: 'shadow' },
  shadow: { type: 'shadow', kind: 'shadow' },
  typography: { type: 'typography', kind: 'typography' },
  border: { type: 'border', kind: 'border' },
  // A `color` whose value is a `linear-gradient()` is read as this type (tokens-studio-infer.ts), as is DTCG's name.
  gradient: { type: 'gradient', kind: 'gradient' },
  transition: { type: 'transition', kind: 'transition' },
  duration: { type: 'duration', kind: 'duration' },
  number: { type: 'number', kind: 'number' },
  // Our types with no Tokens Studio name, for `--type <name>=<ours>`: their values are read as written.
  boolean: { type: 'boolean', ourType: 'boolean', kind: 'number' },
  strokeStyle: { type: 'strokeStyle', kind: 'number' },
  keyword: { type: 'keyword', ourType: 'keyword', kind: 'number' },
  // Tokens Studio's CSS-keyword types (`uppercase`, `underline`): CSS keywords, as written.
  textCase: { type: 'keyword', ourType: 'keyword', kind: 'number' },
  textDecoration: { type: 'keyword', ourType: 'keyword', kind: 'number' },
  // The W3C option's DTCG name, and the older drafts' (four numbers or `cubic-bezier()` text, kept as written).
  cubicBezier: { type: 'cubicBezier', ourType: 'easing', kind: 'easing' },
  'cubic-bezier': { type: 'cubicBezier', ourType: 'easing', kind: 'easing' },
  // Type names written in kebab case (RHC's export), read as the type each one spells.
  'font-size': { type: 'dimension', ourType: 'font.size', kind: 'length' },
  'font-family': { type: 'fontFamily', ourType: 'font.family', kind: 'fontFamily' },
  'font-weight': { type: 'fontWeight', ourType: 'font.weight', kind: 'fontWeight' },
  'line-height': { type: 'number', ourType: 'font.lineHeight', kind: 'lineHeight' },
  'letter-spacing': { type: 'dimension', ourType: 'font.letterSpacing', kind: 'letterSpacing' },
  'border-radius': { type: 'dimension', ourType: 'radius', kind: 'length' },
  'border-width': { type: 'dimension', ourType: 'dimension', kind: 'length' },
  'box-shadow': { type: 'shadow', kind: 'shadow' },
};

/** Tokens Studio's types that have no counterpart here, with what they hold. */
const UNREAD_TYPES: Readonly<Record<string, string>> = {
  other: 'free text',
  text: 'text content',
  asset: 'an image or file',
  composition: 'a set of Figma layer properties',
  paragraphSpacing: 'Figma paragraph spacing',
  paragraphIndent: 'Figma paragraph indent',
};

/** Whether `type` is one Tokens Studio writes for what has no counterpart here (`text`, `asset`, ...). */
export const isUnreadType = (type: string): boolean => Object.hasOwn(UNREAD_TYPES, type) && type !== 'other';

/** Why a token of Tokens Studio type `type` is not imported, or undefined when it is. */
export function unreadTypeReason(type: unknown, value?: unknown): string | undefined {
  // As the other readers say it: what the value is that no type could be read from.
  if (typeof type !== 'string') return `no \`type\`, and ${untypedValueReason(value)}`;
  if (Object.hasOwn(STUDIO_TYPES, type)) return undefined;
  const holds = UNREAD_TYPES[type];
  return holds === undefined
    ? `type \`${type}\` is not a Tokens Studio type we read, and its value says no type: pass \`--type ${type}=<our type>\``
    : `Tokens Studio type \`${type}\` (${holds}) has no counterpart`;
}

/**
 * sd-transforms' names of font weights (`ts/typography/fontWeight`, after the CSS weight names), lowercase, without
 * spaces: `Semi Bold` is `semibold`.
 */
export const FONT_WEIGHT_NAMES: Readonly<Record<string, number>> = {
  hairline: 100,
  thin: 100,
  extralight: 200,
  ultralight: 200,
  extraleicht: 200,
  light: 300,
  leicht: 300,
  normal: 400,
  regular: 400,
  buch: 400,
  book: 400,
  medium: 500,
  kraeftig: 500,
  kräftig: 500,
  semibold: 600,
  demibold: 600,
  halbfett: 600,
  bold: 700,
  dreiviertelfett: 700,
  extrabold: 800,
  ultrabold: 800,
  fett: 800,
  black: 900,
  heavy: 900,
  super: 900,
  extrafett: 900,
  ultra: 950,
  ultrablack: 950,
  extrablack: 950,
};

const FONT_STYLES = ['italic', 'oblique', 'normal'];

/**
 * A Tokens Studio font weight (`Bold`, `Semi Bold`, `600`, `Bold Italic`, `Italic`) as sd-transforms reads it: the
 * weight's number and the style written after it (`Italic` alone is a regular italic). Undefined for a name it does not
 * know.
 * @example fontWeightOf('Semi Bold Italic') // { weight: 600, style: 'italic' }
 */
export function fontWeightOf(written: string | number): { weight: number; style: string | undefined } | undefined {
  const text = String(written).trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return { weight: Number(text), style: undefined };
  const match = /^(.+?)\s?(italic|oblique|normal)?$/i.exec(text);
  if (match === null) return undefined;
  const name = itemAt(match, 1).toLowerCase();
  const style = match[2]?.toLowerCase();
  if (style === undefined && FONT_STYLES.includes(name) && !Object.hasOwn(FONT_WEIGHT_NAMES, name)) return { weight: 400, style: name };
  const compact = name.replace(/\s/g, '');
  if (/^\d+$/.test(compact)) return { weight: Number(compact), style };
  const weight = Object.hasOwn(FONT_WEIGHT_NAMES, compact) ? FONT_WEIGHT_NAMES[compact] : undefined;
  return weight === undefined ? undefined : { weight, style };
}
