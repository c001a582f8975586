import { parseColor } from '../compile/parse-color.js';
import type { TokenType } from '../compile/types.js';
import { srgbText } from './css-color.js';
import { deprecationOf, isRecord } from './source-token.js';
import type { ImportIssue, SourceDocument, SourceRead, SourceToken } from './source-token.js';

/** Style Dictionary's type names that are not DTCG's, as DTCG type and our type. */
const STYLE_DICTIONARY_TYPES: Readonly<Record<string, { type: string; ourType?: TokenType }>> = {
  fontSize: { type: 'dimension', ourType: 'font.size' },
  fontSizes: { type: 'dimension', ourType: 'font.size' },
  size: { type: 'dimension' },
  spacing: { type: 'dimension', ourType: 'spacing' },
  borderRadius: { type: 'dimension', ourType: 'radius' },
  lineHeight: { type: 'number', ourType: 'font.lineHeight' },
  letterSpacing: { type: 'dimension', ourType: 'font.letterSpacing' },
  opacity: { type: 'number', ourType: 'opacity' },
  time: { type: 'duration' },
  fontWeights: { type: 'fontWeight' },
  fontFamilies: { type: 'fontFamily' },
};

/** Types whose unitless numbers Style Dictionary's `size/rem` transform (css, scss, js groups) writes in rem. */
const REM_WHEN_UNITLESS = new Set(['dimension', 'fontSize']);

const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(px|rem|em|%)$/;
const DURATION = /^(?:\d+\.?\d*|\.\d+)(ms|s)$/;
const ALIAS = /\{([^{}]+)\}/g;
const HAS_ALIAS = /\{[^{}]+\}/;

/** `{color.red.value}` (Style Dictionary 3) is `{color.red}`. */
const withoutValueSuffix = (text: string): string => text.replace(ALIAS, (_, path: string) => `{${path.replace(/\.value$/, '')}}`);

/** A token node as written, its value with `{a.b.value}` aliases shortened. */
interface WrittenToken {
  readonly key: string;
  readonly file: string;
  readonly node: Record<string, unknown>;
  readonly value: unknown;
}

const BORDER = /^(-?(?:\d+\.?\d*|\.\d+)(?:px|rem|em)|0) (solid|dashed|dotted|double|groove|ridge|outset|inset) (.+)$/;
const WHOLE_ALIAS = /^\{[^{}]+\}$/;
const UNITLESS = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Style Dictionary JSON (`value`, `type`, `comment`; aliases `{a.b}` or `{a.b.value}`): every node with `value` is a
 * token. A reference inside text (`"1px solid {color.border}"`) is first replaced by the value it names (with loss).
 * The type is the one written (Style Dictionary's names mapped to DTCG's), else read from the value: a color, a
 * length, a duration, a number, a CSS border; a whole alias takes its target's. A unitless `dimension`/`fontSize` is
 * in rem, as Style Dictionary's `size/rem` transform (css, scss, js groups) writes it.
 */
export function readStyleDictionary(documents: readonly SourceDocument[]): SourceRead {
  const written: WrittenToken[] = [];
  for (const { path: file, document } of documents) {
    const walk = (node: Record<string, unknown>, path: readonly string[]): void => {
      if ('value' in node && path.length > 0) {
        const raw = node['value'];
        written.push({ key: path.join('.'), file, node, value: typeof raw === 'string' ? withoutValueSuffix(raw) : raw });
        return;
      }
      for (const [name, child] of Object.entries(node)) if (!name.startsWith('$') && isRecord(child)) walk(child, [...path, name]);
    };
    if (isRecord(document)) walk(document, []);
  }
  const issues: ImportIssue[] = [];
  const byKey = new Map(written.map((token) => [token.key, token]));
  const textOf = (text: string, depth: number): string =>
    text.replace(ALIAS, (whole, path: string) => {
      const target = byKey.get(path);
      if (target === undefined || depth > 64) return whole;
      return typeof target.value === 'string' ? textOf(target.value, depth + 1) : String(target.value);
    });
  const typeOf = (token: WrittenToken, depth = 0): { type: string; ourType?: TokenType } | undefined => {
    const type = writtenType(token.node);
    if (type !== undefined) return STYLE_DICTIONARY_TYPES[type] ?? { type };
    if (typeof token.value === 'string' && WHOLE_ALIAS.test(token.value)) {
      const target = byKey.get(token.value.slice(1, -1));
      return target === undefined || depth > 64 ? undefined : typeOf(target, depth + 1);
    }
    return inferredType(token.value);
  };

  const tokens: SourceToken[] = [];
  for (const token of written) {
    const source = `${token.file}:${token.key}`;
    let value = token.value;
    if (typeof value === 'string' && HAS_ALIAS.test(value) && !WHOLE_ALIAS.test(value)) {
      value = textOf(value, 0);
      issues.push({ source, level: 'lossy', reason: `references inside \`${String(token.value)}\` are written as their values` });
    }
    const mapped = typeOf({ ...token, value });
    if (mapped === undefined) {
      issues.push({
        source,
        level: 'skipped',
        reason: `no \`type\`, and \`${JSON.stringify(token.value)}\` is not a color, length, duration, number or border`,
      });
      continue;
    }
    const border = mapped.type === 'border' && typeof value === 'string' ? BORDER.exec(value.trim()) : null;
    if (border !== null) value = { width: border[1], style: border[2], color: border[3] };
    const type = writtenType(token.node);
    const inRem = type !== undefined && REM_WHEN_UNITLESS.has(type) && UNITLESS.test(String(value)) && Number(value) !== 0;
    const comment = token.node['comment'] ?? token.node['description'];
    tokens.push({
      key: token.key,
      type: mapped.type,
      ourType: mapped.ourType,
      value: inRem ? `${Number(value)}rem` : value,
      modes: {},
      description: typeof comment === 'string' ? comment : undefined,
      deprecated: deprecationOf(token.node['deprecated']),
      extensions: undefined,
      source,
    });
  }
  return { tokens, issues, notes: [] };
}

const writtenType = (node: Record<string, unknown>): string | undefined =>
  typeof node['type'] === 'string' ? node['type'] : typeof node['$type'] === 'string' ? node['$type'] : undefined;

/** The DTCG type a value without `type` is read as, or undefined when it says nothing. */
function inferredType(value: unknown): { type: string; ourType?: TokenType } | undefined {
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (LENGTH.test(text)) return { type: 'dimension' };
  if (DURATION.test(text)) return { type: 'duration' };
  if (parseColor(text) !== undefined || (/^[a-z-]+\(|^[a-z]+$/i.test(text) && srgbText(text) !== undefined)) return { type: 'color' };
  if (BORDER.test(text)) return { type: 'border' };
  return UNITLESS.test(text) ? { type: 'number' } : undefined;
}
