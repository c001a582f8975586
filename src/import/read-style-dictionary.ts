import type { TokenType } from '../compile/types.js';
import { cssCompositeTypeOf } from './css-composites.js';
import { isKnownType } from './infer-types.js';
import {
  declaredModeKeys,
  droppedReason,
  isKeyedObject,
  isModeMap,
  listOfIndexed,
  ModeOrigins,
  notModesReason,
  treeOfModeMap,
  treeOfSets,
  valuesByMode,
} from './per-token-modes.js';
import type { ModeTree } from './per-token-modes.js';
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

/**
 * Spectrum's token types, named by the file of each token's `$schema` (`.../token-types/opacity.json`), as the type
 * names this reader reads; a set (`scale-set`, `color-set`) or `alias` names none (its values or target say it).
 * Any other schema name (`font-style`, `alignment`) is the token's type as written: typed from its value, and
 * `--type <name>=<ours>` chooses.
 */
const SCHEMA_TYPES: Readonly<Record<string, string | null>> = {
  color: 'color',
  dimension: 'dimension',
  opacity: 'opacity',
  'font-size': 'fontSize',
  'font-weight': 'fontWeight',
  'font-family': 'fontFamily',
  'drop-shadow': 'shadow',
  typography: 'typography',
  multiplier: 'number',
  alias: null,
  'scale-set': null,
  'color-set': null,
  set: null,
};

/** The type a token's `$schema` URL names (Spectrum), its sets' own when it is a set; undefined when none. */
function schemaType(node: Record<string, unknown>): string | undefined {
  const name = typeof node['$schema'] === 'string' ? /\/token-types\/([a-z0-9-]+)\.json$/.exec(node['$schema'])?.[1] : undefined;
  if (name === undefined) return undefined;
  const type = Object.hasOwn(SCHEMA_TYPES, name) ? SCHEMA_TYPES[name] : name;
  if (type !== null) return type;
  const first = isRecord(node['sets']) ? Object.values(node['sets'])[0] : undefined;
  return isRecord(first) ? schemaType(first) : undefined;
}

/** Types whose unitless numbers Style Dictionary's `size/rem` transform (css, scss, js groups) writes in rem. */
const REM_WHEN_UNITLESS = new Set(['dimension', 'fontSize']);

const ALIAS = /\{([^{}]+)\}/g;
const HAS_ALIAS = /\{[^{}]+\}/;

/** `{color.red.value}` (Style Dictionary 3) is `{color.red}`. */
const withoutValueSuffix = (text: string): string => text.replace(ALIAS, (_, path: string) => `{${path.replace(/\.value$/, '')}}`);

/** A token node as written, its values (in `light` and each mode it writes) with `{a.b.value}` aliases shortened. */
interface WrittenToken {
  readonly key: string;
  readonly file: string;
  readonly node: Record<string, unknown>;
  readonly value: unknown;
  readonly modes: Readonly<Record<string, unknown>>;
}

/**
 * A value with `{a.b.value}` aliases shortened (in its parts too), a list written keyed by index (`{ "0": layer }`) as
 * the list, and a color with an alpha (`{ color: "{core.color.black}", alpha: 0.65 }`, Telekom) as that color with it.
 */
const shortened = (raw: unknown): unknown => {
  if (typeof raw === 'string') return withoutValueSuffix(raw);
  const value = listOfIndexed(raw);
  if (Array.isArray(value)) return value.map(shortened);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && typeof value['alpha'] === 'number' && 'color' in value && value['alpha'] >= 0 && value['alpha'] <= 1)
    return { alphaOver: shortened(value['color']), alpha: value['alpha'] };
  return Object.fromEntries(Object.entries(value).map(([name, part]) => [name, shortened(part)]));
};

const WHOLE_ALIAS = /^\{[^{}]+\}$/;
const UNITLESS = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Style Dictionary JSON (`value`, `type`, `comment`; aliases `{a.b}` or `{a.b.value}`): every node with `value` is a
 * token. A reference inside text (`"{size.1} * 2"`) is first replaced by the value it names (with loss), except in CSS
 * composite text where it is a whole part (`"{border.width} solid {color.border}"`: kept for the border's parts).
 * The type is the one written (Style Dictionary's names mapped to DTCG's); a missing or unknown one is typed from the
 * value afterwards, for every format (see `withTypesFromValues`): a color, a
 * length, a duration, a number, a CSS border; a whole alias takes its target's. A unitless `dimension`/`fontSize` is
 * in rem, as Style Dictionary's `size/rem` transform (css, scss, js groups) writes it.
 */
export function readStyleDictionary(documents: readonly SourceDocument[]): SourceRead {
  const written: WrittenToken[] = [];
  const issues: ImportIssue[] = [];
  const origins = new ModeOrigins();
  const declared = declaredModeKeys(documents, 'value');
  for (const { path: file, document } of documents) {
    const walk = (node: Record<string, unknown>, path: readonly string[]): void => {
      const tree: ModeTree | undefined =
        path.length === 0
          ? undefined
          : 'value' in node
            ? isModeMap(node['value'], declared)
              ? treeOfModeMap(node['value'], shortened, declared)
              : undefined
            : treeOfSets(node['sets'], shortened);
      if (path.length > 0 && ('value' in node || tree !== undefined)) {
        const key = path.join('.');
        if (tree === undefined && isModularScale(node['value'])) {
          written.push({ key, file, node, value: shortened(node['value']), modes: {} });
          return;
        }
        if (tree === undefined && isKeyedObject(node['value'])) {
          // Neither modes nor a value: keys no mode is named by and no value has (a scale its own build computes).
          issues.push({ source: `${file}:${key}`, level: 'skipped', reason: notModesReason(node['value'], 'value') });
          return;
        }
        if (tree === undefined) {
          written.push({ key, file, node, value: shortened(node['value']), modes: {} });
          return;
        }
        // Modes written inside the token: `value: { light, dark }` or `sets: { light: { value }, dark: { value } }`.
        const values = valuesByMode(tree);
        origins.add(values, 'value' in node ? '`value` keyed by mode' : '`sets`', `${file}:${key}`);
        for (const dropped of values.dropped) issues.push({ source: `${file}:${key}`, level: 'lossy', reason: droppedReason(dropped) });
        written.push({ key, file, node, value: values.value, modes: values.modes });
        return;
      }
      for (const [name, child] of Object.entries(node)) if (!name.startsWith('$') && isRecord(child)) walk(child, [...path, name]);
    };
    if (isRecord(document)) walk(document, []);
  }
  const byKey = new Map(written.map((token) => [token.key, token]));
  const valueIn = (token: WrittenToken, mode: string): unknown => (mode in token.modes ? token.modes[mode] : token.value);
  const textOf = (text: string, mode: string, depth: number): string =>
    text.replace(ALIAS, (whole, path: string) => {
      const target = byKey.get(path);
      if (target === undefined || depth > 64) return whole;
      const value = valueIn(target, mode);
      return typeof value === 'string' ? textOf(value, mode, depth + 1) : String(value);
    });
  /** The written type (Style Dictionary's names as DTCG's); an unknown or missing one is typed from its value later. */
  const typeOf = (token: WrittenToken): { type: string; ourType?: TokenType } | undefined => {
    const type = writtenType(token.node) ?? schemaType(token.node);
    return type === undefined ? undefined : (STYLE_DICTIONARY_TYPES[type] ?? { type });
  };

  const allModes = [...new Set(written.flatMap((token) => Object.keys(token.modes)))];
  /** Tokens read by the category convention, for the report's note. */
  const categoryCounts = { size: 0, color: 0 };
  const tokens: SourceToken[] = [];
  for (const token of written) {
    const source = `${token.file}:${token.key}`;
    const type = writtenType(token.node);
    /** A value with references inside text written as their values (in `mode`), once reported. */
    let textReported = false;
    const withTextResolved = (raw: unknown, mode: string): unknown => {
      if (typeof raw !== 'string' || !HAS_ALIAS.test(raw) || WHOLE_ALIAS.test(raw)) return raw;
      // A CSS composite whose references are whole parts (`{border.width} solid {color.border}`) keeps them as parts.
      if (cssCompositeTypeOf(raw) !== undefined) return raw;
      if (!textReported) issues.push({ source, level: 'lossy', reason: `references inside \`${raw}\` are written as their values` });
      textReported = true;
      return textOf(raw, mode, 0);
    };
    /** A modular scale step as the length it computes (reported once), else the value with its text references resolved. */
    let scaleReported = false;
    const resolved = (raw: unknown, mode: string): unknown => {
      if (!isModularScale(raw)) return withTextResolved(raw, mode);
      const step = modularScaleStep(raw, (text) => textOf(text, mode, 0));
      if (!scaleReported) issues.push({ source, level: step.length === undefined ? 'skipped' : 'lossy', reason: step.reason });
      scaleReported = true;
      return step.length ?? raw;
    };
    const value = resolved(token.value, 'light');
    if (isModularScale(token.value) && value === token.value) continue;
    const mapped = isModularScale(token.value) ? { type: 'dimension' } : typeOf(token);
    // Style Dictionary 3's category convention (`attribute/cti`), where no type says otherwise: the first segment.
    const category =
      mapped === undefined || (!isKnownType(mapped.type) && mapped.ourType === undefined) ? token.key.split('.')[0] : undefined;
    /**
     * A value as DTCG writes it: a unitless `dimension`/`fontSize` in rem, and by category a unitless number under
     * `size` in rem (`size/rem`), a hex without `#` under `color` a color (`color/css`). CSS composites are read for
     * every format after.
     */
    const converted = (raw: unknown): unknown => {
      const unitless = (typeof raw === 'number' || typeof raw === 'string') && UNITLESS.test(String(raw));
      const inRem = type !== undefined && REM_WHEN_UNITLESS.has(type) && unitless && Number(raw) !== 0;
      if (inRem) return `${Number(raw)}rem`;
      if (category === 'size' && unitless) return `${Number(raw)}rem`;
      if (category === 'color' && typeof raw === 'string' && BARE_HEX.test(raw.trim())) return `#${raw.trim()}`;
      return raw;
    };
    const modes: Record<string, unknown> = {};
    for (const mode of allModes) {
      // A reference inside text follows the mode too: the text is that mode's values.
      const raw = valueIn(token, mode);
      const inMode = converted(resolved(raw, mode));
      if (mode in token.modes || JSON.stringify(inMode) !== JSON.stringify(converted(value))) modes[mode] = inMode;
    }
    const base = converted(value);
    if ((category === 'size' || category === 'color') && base !== value) categoryCounts[category] += 1;
    const comment = token.node['comment'] ?? token.node['description'];
    tokens.push({
      key: token.key,
      type: mapped?.type,
      ourType: mapped?.ourType,
      value: base,
      modes,
      description: typeof comment === 'string' ? comment : undefined,
      deprecated: deprecationOf(token.node['deprecated']),
      extensions: undefined,
      source,
    });
  }
  const notes = origins.notes();
  if (categoryCounts.size + categoryCounts.color > 0) notes.push(categoryNote(categoryCounts));
  return { tokens, issues, notes };
}

/** A hex color written without `#` (`DDF6E8`, `00000026`): 3, 4, 6 or 8 hex digits. */
const BARE_HEX = /^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The report's note on values read by Style Dictionary 3’s category convention. */
const categoryNote = (counts: { size: number; color: number }): string =>
  `no \`type\` (or a category): by Style Dictionary 3’s category convention (the first segment), ${[
    counts.size > 0 ? `${counts.size} unitless ${counts.size === 1 ? 'number' : 'numbers'} under \`size\` read in rem (\`size/rem\`)` : '',
    counts.color > 0
      ? `${counts.color} hex ${counts.color === 1 ? 'color' : 'colors'} without \`#\` under \`color\` read as colors (\`color/css\`)`
      : '',
  ]
    .filter((part) => part !== '')
    .join(', ')}`;

const writtenType = (node: Record<string, unknown>): string | undefined =>
  typeof node['type'] === 'string' ? node['type'] : typeof node['$type'] === 'string' ? node['$type'] : undefined;

/** The fields of Telekom's modular scale step (`value: { base, ratio, pow, sub_step }`), which its own build computes. */
const SCALE_FIELDS: ReadonlySet<string> = new Set(['base', 'ratio', 'pow', 'sub_step', 'not_really_modular_just_multiply_base']);

/** Whether a value is a modular scale step: `base`, `ratio` and `pow`, and only the other fields of one. */
function isModularScale(raw: unknown): raw is Record<string, unknown> {
  return (
    isRecord(raw) && ['base', 'ratio', 'pow'].every((field) => field in raw) && Object.keys(raw).every((field) => SCALE_FIELDS.has(field))
  );
}

/**
 * The length a modular scale step computes, as Telekom's build does (its Figma export writes the same formula):
 * `base × ratio^pow × (1 + (ratio − 1) × sub_step)`, or `base × not_really_modular_just_multiply_base` when that is
 * given. `text` resolves a field's references. Undefined, with why, when the base is not a px length or a field not a
 * number.
 */
function modularScaleStep(raw: Record<string, unknown>, text: (value: string) => string): { length: string | undefined; reason: string } {
  const field = (name: string): string => {
    const value = raw[name];
    return typeof value === 'string' ? text(value).trim() : typeof value === 'number' ? String(value) : '';
  };
  const base = /^(-?\d*\.?\d+)px$/.exec(field('base'));
  const [ratio, pow, subStep] = [Number(field('ratio')), Number(field('pow')), Number('sub_step' in raw ? field('sub_step') : '0')];
  const multiply = 'not_really_modular_just_multiply_base' in raw ? Number(field('not_really_modular_just_multiply_base')) : undefined;
  const written = `a modular scale step \`{ ${Object.keys(raw).join(', ')} }\``;
  if (base === null || [ratio, pow, subStep, multiply ?? 0].some((number) => !Number.isFinite(number)))
    return { length: undefined, reason: `${written} whose base is not a px length or whose ratio, pow or step is not a number` };
  const px = Number(base[1]);
  const computed = multiply !== undefined ? px * multiply : px * ratio ** pow * (1 + (ratio - 1) * subStep);
  const length = `${Math.round(computed * 10000) / 10000}px`;
  return {
    length,
    reason: `${written} written as the length it computes, ${length} (base × ratio^pow × (1 + (ratio − 1) × sub_step), as its own build computes it): not kept as a link to its base and ratio`,
  };
}
