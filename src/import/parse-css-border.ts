import { parseColor } from '../compile/values/parse-color.js';
import { STROKE_STYLES } from '../compile/values/parse-values.js';
import { srgbText } from './css-color.js';
import { ALIAS_WORD, splitCss } from './css-words.js';
import type { CssRead } from './css-words.js';

const STROKE_STYLE_NAMES: readonly string[] = STROKE_STYLES;

/** A border as DTCG writes it: each part text, a `{reference}` kept as written. */
export interface CssBorder {
  readonly width: string;
  readonly style: string;
  readonly color: string;
}

const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(?:px|rem|em)$/;
/** The widths browsers give CSS's keywords (Chrome, Firefox and Safari alike). */
const WIDTH_KEYWORDS: Readonly<Record<string, string>> = { thin: '1px', medium: '3px', thick: '5px' };

/** Whether a word is a color: one we read, one colorjs.io reads, or a color function read where the color is (`rgba(#000, 0.5)`). */
export const isColorWord = (word: string): boolean =>
  parseColor(word) !== undefined || /^[a-z-]+\(.*\)$/i.test(word) || (/^[a-z]+$/i.test(word) && srgbText(word) !== undefined);

/**
 * A CSS `border` shorthand (`1px solid #ccc`, in any order, with `{references}` for parts) as its width, style and
 * color. A reference takes the first part no literal gives (width, style, color, in that order). A missing width is
 * CSS's `medium` (3px, with loss); a missing style or color, `none`/`hidden`, or a word that is no part, is a problem.
 * @example parseCssBorder('1px solid {color.border}') // { value: { width: '1px', style: 'solid', color: '{color.border}' }, lossy: [] }
 */
export function parseCssBorder(text: string): CssRead<CssBorder> {
  const parts: { width?: string; style?: string; color?: string } = {};
  const aliases: string[] = [];
  const lossy: string[] = [];
  for (const word of splitCss(text, ' ')) {
    const lower = word.toLowerCase();
    let part: 'width' | 'style' | 'color';
    let value = word;
    if (ALIAS_WORD.test(word)) {
      aliases.push(word);
      continue;
    } else if (lower === 'none' || lower === 'hidden') return { problem: `style \`${word}\` draws no border` };
    else if (STROKE_STYLE_NAMES.includes(lower)) [part, value] = ['style', lower];
    else if (LENGTH.test(word) || word === '0' || Object.hasOwn(WIDTH_KEYWORDS, lower)) {
      part = 'width';
      value = word === '0' ? '0px' : (WIDTH_KEYWORDS[lower] ?? word);
    } else if (isColorWord(word)) part = 'color';
    else return { problem: `\`${word}\` is not a width (px, rem, em, thin, medium, thick), a style or a color` };
    const earlier = parts[part];
    if (earlier !== undefined) return { problem: `two ${part === 'style' ? 'styles' : `${part}s`}, \`${earlier}\` and \`${word}\`` };
    parts[part] = value;
  }
  for (const alias of aliases) {
    const free = (['width', 'style', 'color'] as const).find((part) => parts[part] === undefined);
    if (free === undefined)
      return { problem: `the reference \`${alias}\` has no part left to be (a border is a width, a style and a color)` };
    parts[free] = alias;
  }
  if (parts.color === undefined) return { problem: 'no color (CSS would take `currentColor`, which a border token cannot hold)' };
  if (parts.style === undefined) return { problem: 'no style (CSS would draw no border)' };
  if (parts.width === undefined) lossy.push('no width: CSS’s `medium`, written as 3px');
  return { value: { width: parts.width ?? '3px', style: parts.style, color: parts.color }, lossy };
}
