import { parseColor } from '../compile/values/parse-color.js';
import { referenceOf } from '../compile/values/parse-values.js';
import { srgbText } from './css-color.js';
import type { CssRead } from './css-words.js';
import { parseCssBorder } from './parse-css-border.js';
import { parseCssGradient } from './parse-css-gradient.js';
import { parseCssShadows } from './parse-css-shadows.js';
import { parseCssTransition } from './parse-css-transition.js';
import type { ImportIssue, SourceToken } from './source-token.js';

/** The DTCG composite types a CSS string is read as, each with its reader and what the report calls it. */
const CSS_COMPOSITES = {
  shadow: { read: parseCssShadows, name: 'box shadow' },
  border: { read: parseCssBorder, name: 'border' },
  transition: { read: parseCssTransition, name: 'transition' },
  gradient: { read: parseCssGradient, name: 'gradient' },
} as const satisfies Record<string, { read: (text: string) => CssRead<unknown>; name: string }>;

export type CssCompositeType = keyof typeof CSS_COMPOSITES;

const isCompositeType = (type: string | undefined): type is CssCompositeType => type !== undefined && Object.hasOwn(CSS_COMPOSITES, type);
/** `none` is left as written: whether a composite may be `none` is the mapping's to say. */
const isNone = (text: string): boolean => text.trim().toLowerCase() === 'none';

/**
 * A CSS string as the DTCG value of `type` (`1px solid {color.border}` as `{ width, style, color }`), with what was
 * not carried exactly, or the reason it is not read: the text and what in it was not understood.
 */
export function readCssComposite(type: CssCompositeType, text: string): CssRead<unknown> {
  const read = CSS_COMPOSITES[type].read(text.trim());
  return 'problem' in read ? { problem: `\`${text}\` is not a CSS ${CSS_COMPOSITES[type].name} we read: ${read.problem}` } : read;
}

/**
 * The composite type a CSS string is, for a token typed from its value: any `*-gradient()` is a gradient (one we do not
 * read is then left out with why), a border, a box shadow or a transition when it reads as one; undefined otherwise.
 */
export function cssCompositeTypeOf(text: string): CssCompositeType | undefined {
  const trimmed = text.trim();
  if (/^[a-z-]*gradient\(/i.test(trimmed)) return 'gradient';
  for (const type of ['border', 'shadow', 'transition'] as const) if (!('problem' in CSS_COMPOSITES[type].read(trimmed))) return type;
  return undefined;
}

const isColorText = (text: string): boolean => parseColor(text) !== undefined || srgbText(text) !== undefined;

/**
 * Tokens with their CSS strings read as composites, in every mode: a `shadow`, `border`, `transition` or `gradient`
 * written as CSS text becomes DTCG's value (references inside kept as parts); a `color` token whose value is a CSS box
 * shadow or gradient is read as one (a note counts them). A token whose text is not read is left out with why; what a
 * reading drops is reported with loss.
 */
export function withCssComposites(tokens: readonly SourceToken[]): { tokens: SourceToken[]; issues: ImportIssue[]; notes: string[] } {
  const issues: ImportIssue[] = [];
  const retyped = new Map<string, number>();
  const result: SourceToken[] = [];
  for (const token of tokens) {
    const type = compositeTypeOf(token);
    if (type === undefined) {
      result.push(token);
      continue;
    }
    if (token.type !== type) retyped.set(type, (retyped.get(type) ?? 0) + 1);
    const lossy = new Set<string>();
    let problem: string | undefined;
    const shaped = (raw: unknown, mode: string): unknown => {
      if (problem !== undefined || typeof raw !== 'string' || referenceOf(raw) !== undefined || isNone(raw)) return raw;
      const read = readCssComposite(type, raw);
      const inMode = mode === 'light' ? '' : `in mode \`${mode}\`: `;
      if ('problem' in read) problem = `${inMode}${read.problem}`;
      else for (const reason of read.lossy) lossy.add(`${inMode}${reason}`);
      return 'problem' in read ? raw : read.value;
    };
    const value = shaped(token.value, 'light');
    const modes = Object.fromEntries(Object.entries(token.modes).map(([mode, raw]) => [mode, shaped(raw, mode)]));
    if (problem !== undefined) {
      issues.push({ source: token.source, level: 'skipped', reason: problem });
      continue;
    }
    for (const reason of lossy) issues.push({ source: token.source, level: 'lossy', reason });
    result.push({ ...token, type, ourType: undefined, value, modes });
  }
  const total = [...retyped.values()].reduce((sum, count) => sum + count, 0);
  const counts = [...retyped].map(([type, count]) => `${type} ${count}`).join(', ');
  const notes =
    total === 0 ? [] : [`type \`color\` holding CSS text: ${total} ${total === 1 ? 'token' : 'tokens'} read as composites (${counts})`];
  return { tokens: result, issues, notes };
}

/** The composite a token is read as: its own type, or a shadow or gradient for a `color` whose value is that CSS text. */
function compositeTypeOf(token: SourceToken): CssCompositeType | undefined {
  if (isCompositeType(token.type)) return token.type;
  if (token.type !== 'color' || typeof token.value !== 'string' || referenceOf(token.value) !== undefined) return undefined;
  if (isColorText(token.value)) return undefined;
  const type = cssCompositeTypeOf(token.value);
  return type === 'shadow' || type === 'gradient' ? type : undefined;
}
