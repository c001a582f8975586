import { parseColor } from '../compile/values/parse-color.js';
import { parseCssShadow } from '../compile/values/parse-css-shadow.js';
import type { Dimension } from '../compile/types.js';
import { formatCssNumber } from '../views/shared/css-values.js';
import { srgbText } from './css-color.js';
import { ALIAS_WORD, splitCss } from './css-words.js';
import type { CssRead } from './css-words.js';
import { isColorWord } from './parse-css-border.js';

/** A shadow layer as DTCG writes it: lengths as text, the color as written (a `{reference}` kept). */
export interface CssShadowLayer {
  readonly offsetX: string;
  readonly offsetY: string;
  readonly blur: string;
  readonly spread: string;
  readonly color: string;
  readonly inset?: true;
}

/** The compiler's shadow lengths (`parseCssShadow`): px, rem, or a unitless 0. */
const SHADOW_LENGTH = /^-?\d*\.?\d+(px|rem)?$/;
const ANY_LENGTH = /^-?(?:\d+\.?\d*|\.\d+)[a-z%]*$/i;

/**
 * A CSS `box-shadow` (one or more layers, `inset` kept) as DTCG shadow layers, each read by the compiler's own
 * {@link parseCssShadow}. A `{reference}` is the layer's color when the layer writes no other, else a length (written as
 * its value later, with loss: a layer's lengths take no reference). Each problem names the layer and what is not read.
 * @example parseCssShadows('0 1px 2px {color.shadow}') // { value: [{ offsetX: '0px', offsetY: '1px', blur: '2px', spread: '0px', color: '{color.shadow}' }], lossy: [] }
 */
export function parseCssShadows(text: string): CssRead<CssShadowLayer[]> {
  const layers: CssShadowLayer[] = [];
  const lossy: string[] = [];
  for (const [index, layerText] of splitCss(text, ',').entries()) {
    const words = splitCss(layerText, ' ');
    const where = `layer ${index + 1} \`${layerText}\``;
    const literalColors = words.filter((word) => word !== 'inset' && !ALIAS_WORD.test(word) && !ANY_LENGTH.test(word));
    const aliases = words.filter((word) => ALIAS_WORD.test(word));
    // A reference is the color when no literal is; the last one then (CSS writes the color first or last).
    const colorAlias = literalColors.length === 0 ? aliases.at(-1) : undefined;
    const lengthAliases = new Map<number, string>();
    const stand = words.map((word, position) => {
      if (word === colorAlias) return '#000';
      if (ALIAS_WORD.test(word)) {
        lengthAliases.set(position, word);
        return '0px';
      }
      // A color colorjs.io reads (`black`, `hsl()`) stands as its sRGB text for the compiler's parser; it is written as written.
      return !ANY_LENGTH.test(word) && word !== 'inset' && parseColor(word) === undefined ? (srgbText(word) ?? word) : word;
    });
    const parsed = parseCssShadow(stand.join(' '));
    const layer = parsed?.[0];
    if (parsed === undefined || layer === undefined) return { problem: problemOf(where, words, literalColors, colorAlias) };
    // The lengths in written order, references back in their places.
    const lengthWords = words.map((word, position) => lengthAliases.get(position) ?? (ANY_LENGTH.test(word) ? word : undefined));
    const aliasesInOrder = lengthWords.filter((word): word is string => word !== undefined);
    const written = (length: Dimension, position: number): string => {
      const alias = aliasesInOrder[position];
      return alias !== undefined && ALIAS_WORD.test(alias) ? alias : `${formatCssNumber(length.value)}${length.unit}`;
    };
    for (const alias of lengthAliases.values())
      lossy.push(`the reference \`${alias}\` in a layer’s length is written as its value (a layer’s lengths take no reference)`);
    const [literalColor = ''] = literalColors;
    const color = colorAlias ?? literalColor;
    layers.push({
      offsetX: written(layer.offsetX, 0),
      offsetY: written(layer.offsetY, 1),
      blur: written(layer.blur, 2),
      spread: written(layer.spread, 3),
      color,
      ...(layer.inset ? { inset: true as const } : {}),
    });
  }
  return { value: layers, lossy };
}

/** Why the compiler's parser did not read a layer: its colors, a length it does not take, or how many lengths. */
function problemOf(where: string, words: readonly string[], colors: readonly string[], colorAlias: string | undefined): string {
  if (colors.length === 0 && colorAlias === undefined) return `${where} has no color`;
  const foreignWord = colors.find((word) => !isColorWord(word));
  if (foreignWord !== undefined) return `${where}: \`${foreignWord}\` is not a length or a color`;
  const [color, otherColor] = colors;
  if (color !== undefined && otherColor !== undefined) return `${where} has two colors, \`${color}\` and \`${otherColor}\``;
  const lengths = words.filter((word) => ANY_LENGTH.test(word) || (ALIAS_WORD.test(word) && word !== colorAlias));
  const foreign = lengths.find(
    (word) => !ALIAS_WORD.test(word) && (!SHADOW_LENGTH.test(word) || (/^-?[\d.]+$/.test(word) && Number(word) !== 0)),
  );
  if (foreign !== undefined) return `${where}: \`${foreign}\` is not a length of a CSS shadow here (px, rem, or 0)`;
  if (lengths.length < 2 || lengths.length > 4)
    return `${where} has ${lengths.length} length${lengths.length === 1 ? '' : 's'} (a layer has 2 to 4)`;
  return `${where}: \`${color ?? ''}\` is not a color we read`;
}
