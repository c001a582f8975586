import { isDefinedBefore } from '../fields/defined-once.js';
import { describeValue } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { Severity } from '../diagnostics/rules.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { TOKEN_KEY } from '../values/name-rules.js';
import { parseDimension } from '../values/parse-values.js';
import type { Located, NamedFields, SourceFileEntries } from '../yaml/source-entries.js';
import { CONTRAST_KINDS, CONTRAST_LEVELS } from '../types.js';
import type { ContrastDeclaration, ContrastKind, ContrastLevel, ContrastPair, Dimension, SourcePosition } from '../types.js';
import { valueAt } from '../checked-access.js';

/**
 * The most checks a `contrast` section may ask for, pairs × modes (light and dark included): each pair is checked and
 * answered in every mode, so this bounds the check (in the compiler), the `/contrast` body (about 1.2 MB at the limit)
 * and what `/diff` compares. Primer's contrast requirements are about 190 pairs in 13 themes (2,500 checks).
 */
export const MAX_CONTRAST_CHECKS = 20_000;

const SECTION_FIELDS = ['pairs', 'minFontSize', 'surface'];
const PAIR_FIELDS = ['foreground', 'background', 'kind', 'level', 'typography', 'severity'];
const SEVERITIES: readonly Severity[] = ['error', 'warning'];

/**
 * The `contrast` section of a design system (at most one file may have one: a second is `duplicate-key`), checked
 * against the tokens the files define: undefined when no file has one, or when its pairs in the design system's
 * `modeCount` modes are more than {@link MAX_CONTRAST_CHECKS} checks (one `contrast-too-large` error at the section,
 * no pair read). Problems are reported where they are written.
 */
export function compileContrast(files: readonly SourceFileEntries[], modeCount: number, report: Report): ContrastDeclaration | undefined {
  const sections = files.flatMap((file) => (file.contrast === undefined ? [] : [file.contrast]));
  const [section] = sections;
  if (section === undefined) return undefined;
  const definedAt = new Map<string, SourcePosition>();
  for (const other of sections) isDefinedBefore(definedAt, 'contrast', other.pos, () => 'the `contrast` section', report);
  if (exceedsCheckLimit(section.pos, section.pairs ?? [], modeCount, report)) return undefined;

  // A token's type as written (the first definition): enough to say whether a pair names a color, even when that
  // token has a problem of its own (reported there).
  const types = new Map<string, string>();
  for (const file of files)
    for (const token of file.tokens) if (!types.has(token.key)) types.set(token.key, String(token.fields['type']?.value));
  // A file that could not be read (a YAML error) has lost its tokens: its own error says why, not every pair naming them.
  const unreadable = files.some((file) => file.diagnostics.some((diagnostic) => diagnostic.severity === 'error'));
  const tokenRef = (field: Located | undefined, what: string, type: string): string | null | undefined => {
    if (field === undefined || field.value === null) return null;
    if (typeof field.value !== 'string' || !TOKEN_KEY.test(field.value)) {
      report(field.pos, 'invalid-value', `${what} must be the key of a ${type} token, got ${describeValue(field.value)}`);
      return undefined;
    }
    const key = field.value;
    const found = types.get(key);
    if (found === undefined) {
      if (unreadable) return undefined;
      report(field.pos, 'unknown-reference', () => `${what} names unknown token \`${key}\`${didYouMean(key, types.keys())}`);
      return undefined;
    }
    if (found !== type) {
      report(field.pos, 'reference-type-mismatch', `${what} must name a ${type} token; \`${key}\` is a ${found} token`);
      return undefined;
    }
    return key;
  };

  for (const [name, field] of Object.entries(section.fields)) {
    if (!SECTION_FIELDS.includes(name))
      report(field.pos, 'unknown-field', `unknown field \`${name}\` in \`contrast\` (allowed: ${SECTION_FIELDS.join(', ')})`);
  }
  const surface = tokenRef(section.fields['surface'], '`surface` of `contrast`', 'color');
  const minFontSize = readMinFontSize(section.fields['minFontSize'], report);
  const pairs: ContrastPair[] = [];
  const pairsField = section.fields['pairs'];
  if (pairsField !== undefined && pairsField.value !== null && section.pairs === undefined) {
    report(
      pairsField.pos,
      'invalid-value',
      `\`pairs\` of \`contrast\` must be a mapping of pair names to { foreground, background, kind, level, typography, severity }, got ${describeValue(pairsField.value)}`,
    );
  }
  for (const entry of section.pairs ?? []) {
    const pair = readPair(entry, tokenRef, report);
    if (pair !== undefined) pairs.push(pair);
  }
  return { pairs, minFontSize: minFontSize ?? null, surface: surface ?? null };
}

/** Whether `pairs` in `modeCount` modes are more checks than the limit (reported at the section, from the first pair past it). */
function exceedsCheckLimit(at: SourcePosition, pairs: readonly NamedFields[], modeCount: number, report: Report): boolean {
  const checks = pairs.length * modeCount;
  if (checks <= MAX_CONTRAST_CHECKS) return false;
  const first = pairs[Math.floor(MAX_CONTRAST_CHECKS / modeCount)]?.name ?? '';
  const count = (n: number): string => n.toLocaleString('en-US');
  report(
    at,
    'contrast-too-large',
    `\`contrast\` declares ${count(pairs.length)} pairs in ${modeCount} modes, ${count(checks)} checks, more than ${count(MAX_CONTRAST_CHECKS)} (the limit), from pair \`${first}\` on: each pair is checked and answered in every mode; declare fewer pairs or use fewer modes`,
  );
  return true;
}

/** `minFontSize`: a length in `px` or `rem` above 0 (a bare number is px); undefined when absent or wrong (reported). */
function readMinFontSize(field: Located | undefined, report: Report): Dimension | undefined {
  if (field === undefined || field.value === null) return undefined;
  const size = parseDimension(field.value, ['px', 'rem'], 'px');
  if (size === undefined || size.value <= 0) {
    report(
      field.pos,
      'invalid-value',
      `\`minFontSize\` of \`contrast\` must be a length above 0 in px or rem (\`12px\`, \`0.75rem\`), got ${describeValue(field.value)}`,
    );
    return undefined;
  }
  return size;
}

type TokenRef = (field: Located | undefined, what: string, type: string) => string | null | undefined;

/** One pair, checked; undefined when it has a problem (reported). */
function readPair(entry: NamedFields, tokenRef: TokenRef, report: Report): ContrastPair | undefined {
  const { name, fields } = entry;
  const what = `contrast pair \`${name}\``;
  if (!TOKEN_KEY.test(name)) {
    report(entry.pos, 'invalid-key', `${what}: a pair name may only contain letters, digits, \`-\`, \`_\` and dots`);
    return undefined;
  }
  if (fields === undefined) {
    report(entry.valuePos, 'invalid-value', `${what} must be a mapping { foreground, background, kind, level, typography, severity }`);
    return undefined;
  }
  let ok = true;
  for (const [field, located] of Object.entries(fields)) {
    if (PAIR_FIELDS.includes(field)) continue;
    report(located.pos, 'unknown-field', `unknown field \`${field}\` in ${what} (allowed: ${PAIR_FIELDS.join(', ')})`);
    ok = false;
  }
  const colorOf = (field: 'foreground' | 'background'): string | undefined => {
    const key = tokenRef(fields[field], `\`${field}\` of ${what}`, 'color');
    if (key === null) report(entry.pos, 'missing-field', `${what} is missing \`${field}\``);
    return key ?? undefined;
  };
  const foreground = colorOf('foreground');
  const background = colorOf('background');
  const typography = tokenRef(fields['typography'], `\`typography\` of ${what}`, 'typography');
  const kind = oneOf<ContrastKind>(fields['kind'], CONTRAST_KINDS, 'text', `\`kind\` of ${what}`, report);
  const level = oneOf<ContrastLevel>(fields['level'], CONTRAST_LEVELS, 'AA', `\`level\` of ${what}`, report);
  const severity = oneOf<Severity>(fields['severity'], SEVERITIES, 'error', `\`severity\` of ${what}`, report);
  if (typography !== null && typography !== undefined && kind !== undefined && kind !== 'text') {
    // The typography says, per mode, whether the text is large: a kind beside it would contradict it.
    report(
      valueAt(fields, 'kind').pos,
      'invalid-value',
      `${what} names a \`typography\`, which decides per mode whether the text is large: its \`kind\` must be \`text\` (or left out), got ${describeValue(kind)}`,
    );
    ok = false;
  }
  if (!ok || foreground === undefined || background === undefined || typography === undefined) return undefined;
  if (kind === undefined || level === undefined || severity === undefined) return undefined;
  return { name, foreground, background, kind, level, typography, severity };
}

/** A field that takes one of a few words: `fallback` when absent; undefined when it is something else (reported). */
function oneOf<Word extends string>(
  field: Located | undefined,
  words: readonly Word[],
  fallback: Word,
  what: string,
  report: Report,
): Word | undefined {
  if (field === undefined || field.value === null) return fallback;
  const found = words.find((word) => word === field.value);
  if (found !== undefined) return found;
  const written = typeof field.value === 'string' ? didYouMean(field.value, words) : '';
  report(field.pos, 'invalid-value', `${what} must be one of ${words.join(', ')}, got ${describeValue(field.value)}${written}`);
  return undefined;
}
