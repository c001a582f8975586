import { createHash } from 'node:crypto';
import { wordsOfKey } from './key-words.js';
import { didYouMean } from './suggest.js';
import { PRIMITIVE_TYPES, TOKEN_TYPES } from './types.js';
import type {
  CompiledDesignSystem,
  DesignSystemMeta,
  Diagnostic,
  Primitive,
  PrimitiveType,
  ResolvedValue,
  Scale,
  ScaleStep,
  SourcePosition,
  Token,
  TokenType,
  TokenValue,
} from './types.js';
import { splitShown, tooManyProblems } from './cap-diagnostics.js';
import type { Located, ParsedSourceFile, TokenEntry } from './parse-source-file.js';
import { normalizeHex, OPTIONAL_FIELDS, PRIMITIVE_RULES, TOKEN_FIELD_RULES } from './value-rules.js';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The files of one design system folder, already parsed. */
export interface DesignSystemSources {
  readonly slug: string;
  /** Path of `<slug>/system.yaml`, used for positions when the file is missing. */
  readonly systemPath: string;
  readonly systemFile: ParsedSourceFile | undefined;
  readonly files: readonly ParsedSourceFile[];
}

export interface CompileResult {
  /** Undefined when any error was found: a design system is never served half-built. */
  readonly system: CompiledDesignSystem | undefined;
  /** Every problem, sorted by file, line and column. */
  readonly diagnostics: readonly Diagnostic[];
}

interface PrimitiveDefinition extends Primitive {
  readonly type: PrimitiveType;
}

/**
 * Compiles the parsed files of one design system: merges them, checks every reference and resolves every value.
 * Every diagnostic has its file, line and column; each file lists at most `MAX_DIAGNOSTICS_PER_FILE` (cap-diagnostics.ts) of them.
 */
export function compileDesignSystem(sources: DesignSystemSources): CompileResult {
  const pending: PendingDiagnostic[] = [];
  // Messages are written only for the problems that are shown: a "did you mean" compares a name with every
  // candidate, which thousands of bad references would make quadratic.
  const report: Report = (pos, rule, message, severity = 'error') => {
    pending.push({ file: pos.file, line: pos.line, column: pos.column, rule, message, severity });
  };
  const allFiles = sources.systemFile ? [sources.systemFile, ...sources.files] : [...sources.files];
  for (const file of allFiles) pending.push(...file.diagnostics.filter((diagnostic) => diagnostic.rule !== 'too-many-problems'));
  const meta = readMeta(sources, report);
  const scales = mergeScales(sources.files, report);
  const primitives = mergePrimitives(sources.files, report);
  const tokens = compileTokens(sources.files, scales, primitives, report);

  const diagnostics = capPerFile(pending, allFiles);
  if (meta === undefined || diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    return { system: undefined, diagnostics };
  }

  const primitivesByType: Record<string, Primitive[]> = {};
  for (const definition of [...primitives.values()].sort((a, b) => compareKeys(a.type, b.type) || compareKeys(a.key, b.key))) {
    (primitivesByType[definition.type] ??= []).push({ key: definition.key, value: definition.value, unit: definition.unit });
  }
  const scaleList: Scale[] = [...scales.entries()]
    .sort(([a], [b]) => compareKeys(a, b))
    .map(([key, steps]) => ({ key, steps: [...steps.values()].sort((a, b) => a.step - b.step) }));
  const content = { meta, tokens, primitives: primitivesByType, scales: scaleList };
  const contentHash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { system: { ...content, contentHash }, diagnostics };
}

/**
 * Compiles one design system folder from its parsed files, in any order: `<slug>/system.yaml` names it, every other
 * file (taken in path order, so messages that point at a first definition are stable) holds its content.
 */
export function compileDesignSystemFolder(slug: string, files: readonly ParsedSourceFile[]): CompileResult {
  const systemPath = `${slug}/system.yaml`;
  const sorted = [...files].sort((a, b) => compareKeys(a.path, b.path));
  return compileDesignSystem({
    slug,
    systemPath,
    systemFile: sorted.find((file) => file.path === systemPath),
    files: sorted.filter((file) => file.path !== systemPath),
  });
}

/** A diagnostic whose message may still be unwritten (a function), until it is known to be shown. */
type PendingDiagnostic = Omit<Diagnostic, 'message'> & { readonly message: string | (() => string) };

type Report = (pos: SourcePosition, rule: string, message: string | (() => string), severity?: 'error' | 'warning') => void;

/** Every problem sorted, at most `MAX_DIAGNOSTICS_PER_FILE` (cap-diagnostics.ts) per file plus one counting the rest, messages written. */
function capPerFile(pending: PendingDiagnostic[], files: readonly ParsedSourceFile[]): Diagnostic[] {
  pending.sort(compareDiagnostics);
  // What a file's reader already counted without listing it.
  const counted = new Map<string, { summary: Diagnostic; suppressed: number }>();
  for (const file of files) {
    const summary = file.diagnostics.find((diagnostic) => diagnostic.rule === 'too-many-problems');
    if (summary !== undefined) counted.set(file.path, { summary, suppressed: file.suppressed ?? 0 });
  }
  const diagnostics: Diagnostic[] = [];
  let index = 0;
  while (index < pending.length) {
    const file = (pending[index] as PendingDiagnostic).file;
    let end = index;
    while (end < pending.length && (pending[end] as PendingDiagnostic).file === file) end += 1;
    const { shown, rest } = splitShown(pending.slice(index, end));
    for (const problem of shown)
      diagnostics.push({ ...problem, message: typeof problem.message === 'string' ? problem.message : problem.message() });
    const earlier = counted.get(file);
    const suppressed = rest.length + (earlier?.suppressed ?? 0);
    const first = [rest[0], earlier?.summary].filter((pos) => pos !== undefined).sort(compareDiagnostics)[0];
    const anyError = rest.some((problem) => problem.severity === 'error') || earlier?.summary.severity === 'error';
    if (first !== undefined && suppressed > 0) diagnostics.push(tooManyProblems(first, suppressed, anyError));
    index = end;
  }
  return diagnostics.sort(compareDiagnostics);
}

function readMeta(sources: DesignSystemSources, report: Report): DesignSystemMeta | undefined {
  const start = { file: sources.systemPath, line: 1, column: 1 };
  if (!SLUG.test(sources.slug)) {
    report(
      start,
      'invalid-slug',
      `design system folder \`${sources.slug}\` must be lowercase letters, digits and single hyphens (e.g. \`acme-web\`)`,
    );
  }
  const system = sources.systemFile?.system;
  if (sources.systemFile === undefined) {
    report(start, 'missing-system-file', `design system \`${sources.slug}\` has no system.yaml (it needs at least \`name\`)`);
    return undefined;
  }
  if (system === undefined) return undefined;
  const { name, description, id } = system.fields;
  let ok = true;
  if (name === undefined) {
    report(system.pos, 'system-missing-name', 'system.yaml must have a `name`');
    ok = false;
  } else if (typeof name.value !== 'string' || name.value.trim() === '') {
    report(name.pos, 'invalid-value', '`name` must be a non-empty string');
    ok = false;
  }
  if (description !== undefined && description.value !== null && typeof description.value !== 'string') {
    report(description.pos, 'invalid-value', '`description` must be a string');
    ok = false;
  }
  if (id !== undefined && (typeof id.value !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(id.value))) {
    report(id.pos, 'invalid-value', '`id` must be letters, digits, `-` and `_` (at most 100)');
    ok = false;
  }
  if (!ok) return undefined;
  return {
    id: (id?.value as string | undefined) ?? sources.slug,
    slug: sources.slug,
    name: name?.value as string,
    description: typeof description?.value === 'string' ? description.value : null,
  };
}

function mergeScales(files: readonly ParsedSourceFile[], report: Report): Map<string, Map<number, ScaleStep>> {
  const scales = new Map<string, Map<number, ScaleStep>>();
  const definedAt = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const scale of file.scales) {
      const first = definedAt.get(scale.name);
      if (first !== undefined) {
        report(scale.pos, 'duplicate-key', `scale \`${scale.name}\` is already defined at ${where(first)}`);
        continue;
      }
      definedAt.set(scale.name, scale.pos);
      const steps = new Map<number, ScaleStep>();
      const stepAt = new Map<number, SourcePosition>();
      for (const entry of scale.steps) {
        const firstStep = stepAt.get(entry.step);
        if (firstStep !== undefined) {
          // `100:` and `"100":` are different YAML keys but the same step.
          report(entry.pos, 'duplicate-key', `step ${entry.step} of scale \`${scale.name}\` is already defined at ${where(firstStep)}`);
          continue;
        }
        stepAt.set(entry.step, entry.pos);
        for (const extra of entry.extra) {
          report(
            extra.pos,
            'unknown-field',
            `unknown field \`${extra.name}\` in step ${entry.step} of scale \`${scale.name}\` (allowed: light, dark)`,
          );
        }
        const light = checkHex(entry.light, 'light', entry.pos, entry.step, scale.name, report);
        const dark = checkHex(entry.dark, 'dark', entry.pos, entry.step, scale.name, report);
        if (light !== undefined && dark !== undefined) steps.set(entry.step, { step: entry.step, light, dark });
      }
      scales.set(scale.name, steps);
    }
  }
  return scales;
}

function checkHex(
  located: Located | undefined,
  mode: 'light' | 'dark',
  stepPos: SourcePosition,
  step: number,
  scale: string,
  report: Report,
): string | undefined {
  if (located === undefined) {
    report(stepPos, 'missing-field', `step ${step} of scale \`${scale}\` has no \`${mode}\` color`);
    return undefined;
  }
  const hex = normalizeHex(located.value);
  if (hex === undefined) {
    const hint = located.value === null ? ' (an unquoted `#` starts a YAML comment: write the color in quotes, e.g. "#2563EB")' : '';
    report(
      located.pos,
      'invalid-hex',
      `\`${mode}\` of step ${step} in scale \`${scale}\` must be a hex color #RGB or #RRGGBB, got ${show(located.value)}${hint}`,
    );
  }
  return hex;
}

function mergePrimitives(files: readonly ParsedSourceFile[], report: Report): Map<string, PrimitiveDefinition & { pos: SourcePosition }> {
  const primitives = new Map<string, PrimitiveDefinition & { pos: SourcePosition }>();
  for (const file of files) {
    for (const entry of file.primitives) {
      if (!isPrimitiveType(entry.type)) {
        report(
          entry.pos,
          'unknown-primitive-type',
          () => `unknown primitive type \`${entry.type}\`${didYouMean(entry.type, PRIMITIVE_TYPES)}`,
        );
        continue;
      }
      const name = `${entry.type}.${entry.key}`;
      const first = primitives.get(name);
      if (first !== undefined) {
        report(entry.pos, 'duplicate-key', `primitive \`${name}\` is already defined at ${where(first.pos)}`);
        continue;
      }
      const rule = PRIMITIVE_RULES[entry.type];
      const problem = rule.check(entry.value.value);
      if (problem !== undefined) {
        report(entry.value.pos, 'invalid-value', `primitive \`${name}\` must be ${problem}, got ${show(entry.value.value)}`);
        continue;
      }
      primitives.set(name, {
        type: entry.type,
        key: entry.key,
        value: entry.value.value as number | string,
        unit: rule.unit,
        pos: entry.pos,
      });
    }
  }
  return primitives;
}

interface TokenDraft {
  readonly entry: TokenEntry;
  readonly type: TokenType;
  readonly value: TokenValue;
  readonly description: string | undefined;
}

function compileTokens(
  files: readonly ParsedSourceFile[],
  scales: ReadonlyMap<string, ReadonlyMap<number, ScaleStep>>,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  report: Report,
): Token[] {
  const drafts = new Map<string, TokenDraft>();
  const definedAt = new Map<string, SourcePosition>();
  const groups = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const group of file.groups) if (!groups.has(group.key)) groups.set(group.key, group.pos);
  }
  for (const file of files) {
    for (const entry of file.tokens) {
      const first = definedAt.get(entry.key);
      if (first !== undefined) {
        report(entry.pos, 'duplicate-key', `token \`${entry.key}\` is already defined at ${where(first)}`);
        continue;
      }
      definedAt.set(entry.key, entry.pos);
      const group = groups.get(entry.key);
      if (group !== undefined) {
        report(entry.pos, 'token-group-clash', `\`${entry.key}\` is a token here and a group at ${where(group)}; a key cannot be both`);
        continue;
      }
      const draft = readTokenFields(entry, report);
      if (draft !== undefined) drafts.set(entry.key, draft);
    }
  }

  const colors = new Map<string, ResolvedValue>();
  const resolved = new Map<string, ResolvedValue>();
  for (const [key, draft] of drafts) {
    if (draft.type !== 'color') continue;
    const value = resolveColor(draft, scales, report);
    if (value !== undefined) {
      colors.set(key, value);
      resolved.set(key, value);
    }
  }
  for (const [key, draft] of drafts) {
    if (draft.type === 'color') continue;
    const value = resolveOther(draft, primitives, drafts, colors, report);
    if (value !== undefined) resolved.set(key, value);
  }

  const tokens: Token[] = [];
  const namedBy = new Map<string, string>();
  for (const key of sortTokenKeys([...resolved.keys()])) {
    const draft = drafts.get(key) as TokenDraft;
    const words = wordsOfKey(key);
    const clash = namedBy.get(words);
    if (clash === undefined) namedBy.set(words, key);
    else {
      report(
        draft.entry.pos,
        'css-name-clash',
        `\`${key}\` and \`${clash}\` get the same CSS name \`--${words}\`: the CSS export would declare it twice`,
        'warning',
      );
    }
    const token: Token = { key, type: draft.type, value: draft.value, resolved: resolved.get(key) as ResolvedValue };
    tokens.push(draft.description === undefined ? token : { ...token, description: draft.description });
  }
  return tokens;
}

function readTokenFields(entry: TokenEntry, report: Report): TokenDraft | undefined {
  const typeField = entry.fields['type'] as Located;
  const type = typeField.value as string;
  if (!isTokenType(type)) {
    report(
      typeField.pos,
      'unknown-token-type',
      () => `unknown token type \`${type}\` for \`${entry.key}\`${didYouMean(type, TOKEN_TYPES)}`,
    );
    return undefined;
  }
  let ok = true;
  let description: string | undefined;
  const descriptionField = entry.fields['description'];
  if (descriptionField !== undefined) {
    if (typeof descriptionField.value === 'string') description = descriptionField.value;
    else {
      report(descriptionField.pos, 'invalid-value', `\`description\` of \`${entry.key}\` must be a string`);
      ok = false;
    }
  }
  const value: Record<string, string | number | boolean> = {};
  const primitiveField = entry.fields['primitive'];
  const fieldNames = Object.keys(entry.fields).filter((name) => name !== 'type' && name !== 'description');

  if (primitiveField !== undefined) {
    if (type === 'color') {
      report(
        primitiveField.pos,
        'primitive-not-allowed',
        `color token \`${entry.key}\` takes a \`scale\` and \`step\`, not a \`primitive\``,
      );
      return undefined;
    }
    for (const name of fieldNames) {
      if (name === 'primitive') continue;
      report((entry.fields[name] as Located).pos, 'extra-field', `\`${entry.key}\` refers to a primitive, so it takes no \`${name}\``);
      ok = false;
    }
    if (typeof primitiveField.value !== 'string' || primitiveField.value === '') {
      report(primitiveField.pos, 'invalid-value', `\`primitive\` of \`${entry.key}\` must be a name like \`${type}.md\``);
      return undefined;
    }
    value['primitive'] = primitiveField.value;
    return ok ? { entry, type, value, description } : undefined;
  }

  const rules = TOKEN_FIELD_RULES[type];
  for (const name of fieldNames) {
    if (!(name in rules)) {
      const allowed = [...Object.keys(rules), ...(type === 'color' ? [] : ['primitive'])];
      report(
        (entry.fields[name] as Located).pos,
        'extra-field',
        () => `${type} token \`${entry.key}\` has no field \`${name}\` (allowed: ${allowed.join(', ')})${didYouMean(name, allowed)}`,
      );
      ok = false;
    }
  }
  for (const [name, rule] of Object.entries(rules)) {
    const field = entry.fields[name];
    if (field === undefined) {
      if (rule.default !== undefined) value[name] = rule.default;
      else if (!OPTIONAL_FIELDS.has(`${type}.${name}`)) {
        report(entry.pos, 'missing-field', `${type} token \`${entry.key}\` is missing \`${name}\``);
        ok = false;
      }
      continue;
    }
    const problem = rule.check(field.value);
    if (problem !== undefined) {
      report(field.pos, 'invalid-value', `\`${name}\` of \`${entry.key}\` must be ${problem}, got ${show(field.value)}`);
      ok = false;
      continue;
    }
    value[name] = field.value as string | number | boolean;
  }
  if (type === 'color' && value['darkStep'] === undefined && value['step'] !== undefined) value['darkStep'] = value['step'];
  return ok ? { entry, type, value, description } : undefined;
}

function resolveColor(
  draft: TokenDraft,
  scales: ReadonlyMap<string, ReadonlyMap<number, ScaleStep>>,
  report: Report,
): ResolvedValue | undefined {
  const { entry, value } = draft;
  const scaleName = value['scale'] as string;
  const steps = scales.get(scaleName);
  if (steps === undefined) {
    report(
      fieldPos(entry, 'scale'),
      'unknown-scale',
      () => `\`${entry.key}\` refers to unknown scale \`${scaleName}\`${didYouMean(scaleName, scales.keys())}`,
    );
    return undefined;
  }
  const available = (): string => [...steps.keys()].sort((a, b) => a - b).join(', ');
  const step = value['step'] as number;
  const lightStep = steps.get(step);
  if (lightStep === undefined) {
    report(fieldPos(entry, 'step'), 'unknown-step', `scale \`${scaleName}\` has no step ${step} (it has ${available()})`);
    return undefined;
  }
  const darkStepNumber = value['darkStep'] as number;
  const darkStep = steps.get(darkStepNumber);
  if (darkStep === undefined) {
    report(fieldPos(entry, 'darkStep'), 'unknown-step', `scale \`${scaleName}\` has no step ${darkStepNumber} (it has ${available()})`);
    return undefined;
  }
  if (darkStep.dark === lightStep.light) {
    if (entry.fields['darkStep'] !== undefined && darkStepNumber === step) {
      report(
        fieldPos(entry, 'darkStep'),
        'redundant-dark-step',
        `\`${entry.key}\`: \`darkStep\` equals \`step\` and step ${step} of \`${scaleName}\` is the same in light and dark`,
        'warning',
      );
    } else {
      report(entry.pos, 'no-dark-variant', `color \`${entry.key}\` is ${lightStep.light} in both light and dark mode`, 'warning');
    }
  }
  // A dark value is only carried when it differs: the exports redeclare (CSS) or extend (JSON) exactly those tokens.
  return darkStep.dark === lightStep.light ? { light: lightStep.light } : { light: lightStep.light, dark: darkStep.dark };
}

function resolveOther(
  draft: TokenDraft,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  drafts: ReadonlyMap<string, TokenDraft>,
  colors: ReadonlyMap<string, ResolvedValue>,
  report: Report,
): ResolvedValue | undefined {
  const { entry, type, value } = draft;
  const reference = value['primitive'];
  if (typeof reference === 'string') {
    const primitive = primitives.get(reference);
    if (primitive === undefined) {
      report(
        fieldPos(entry, 'primitive'),
        'unknown-primitive',
        () => `\`${entry.key}\` refers to unknown primitive \`${reference}\`${didYouMean(reference, primitives.keys())}`,
      );
      return undefined;
    }
    if (primitive.type !== type) {
      report(
        fieldPos(entry, 'primitive'),
        'primitive-type-mismatch',
        `${type} token \`${entry.key}\` cannot use \`${reference}\`, a ${primitive.type} primitive`,
      );
      return undefined;
    }
    return { light: formatPrimitive(primitive) };
  }
  if (type !== 'shadow') return { light: formatInline(type, value) };

  const colorKey = value['colorToken'] as string;
  const color = colors.get(colorKey);
  if (color === undefined) {
    const target = drafts.get(colorKey);
    if (target !== undefined && target.type !== 'color') {
      report(
        fieldPos(entry, 'colorToken'),
        'color-token-not-color',
        `\`colorToken\` of \`${entry.key}\` must name a color token; \`${colorKey}\` is a ${target.type} token`,
      );
    } else if (target === undefined) {
      report(
        fieldPos(entry, 'colorToken'),
        'unknown-color-token',
        () => `\`${entry.key}\` refers to unknown color token \`${colorKey}\`${didYouMean(colorKey, colors.keys())}`,
      );
    }
    return undefined;
  }
  const light = formatShadow(value, color.light);
  const dark = color.dark === undefined ? light : formatShadow(value, color.dark);
  return dark === light ? { light } : { light, dark };
}

/** CSS text of a primitive: numbers with their unit (line heights bare), strings as written. */
export function formatPrimitive(primitive: Primitive): string {
  if (typeof primitive.value === 'string') return primitive.value;
  return primitive.unit === null ? cssNumber(primitive.value) : `${cssNumber(primitive.value)}${primitive.unit}`;
}

/**
 * A number as CSS (and every export) accepts it: never in exponent notation, which `String()` uses below 1e-6 and
 * from 1e21 on (`1e-7px` is not a length).
 * @example cssNumber(0.0000001) // '0.0000001'
 */
export function cssNumber(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

function formatInline(type: TokenType, value: TokenValue): string {
  const raw = value['value'];
  switch (type) {
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'font.letterSpacing':
      return `${cssNumber(raw as number)}${value['unit'] as string}`;
    case 'duration':
      return `${cssNumber(raw as number)}ms`;
    default:
      return typeof raw === 'number' ? cssNumber(raw) : String(raw);
  }
}

function formatShadow(value: TokenValue, hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  const px = (name: string): string => `${cssNumber(value[name] as number)}px`;
  return `${px('x')} ${px('y')} ${px('blur')} ${px('spread')} rgba(${r}, ${g}, ${b}, ${cssNumber(value['opacity'] as number)})`;
}

function fieldPos(entry: TokenEntry, name: string): SourcePosition {
  return entry.fields[name]?.pos ?? entry.pos;
}

function isTokenType(type: string): type is TokenType {
  return (TOKEN_TYPES as readonly string[]).includes(type);
}

function isPrimitiveType(type: string): type is PrimitiveType {
  return (PRIMITIVE_TYPES as readonly string[]).includes(type);
}

function where(pos: SourcePosition): string {
  return `${pos.file}:${pos.line}:${pos.column}`;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? typeof value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Plain code-unit order, the same on every machine and locale. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;

/**
 * `keys` in token key order: segment by segment, so a flat list and a nested tree list tokens in the same order.
 * Segments that are array indexes (`0`, `50`, `100`) come first in numeric order, because that is where every
 * JavaScript object (hence `JSON.stringify` and the TypeScript export) puts them; other segments follow in code-unit
 * order. Each key is split and classified once, not at every comparison (10,000 keys compare about 140,000 pairs).
 */
export function sortTokenKeys(keys: readonly string[]): string[] {
  const decorated = keys.map((key) => ({ key, segments: key.split('.').map(toSortSegment) }));
  decorated.sort((a, b) => {
    const left = a.segments;
    const right = b.segments;
    for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
      const x = left[index] as SortSegment;
      const y = right[index] as SortSegment;
      if (x.index >= 0 && y.index >= 0) {
        if (x.index !== y.index) return x.index - y.index;
        continue;
      }
      if (x.index >= 0 !== y.index >= 0) return x.index >= 0 ? -1 : 1;
      if (x.text !== y.text) return x.text < y.text ? -1 : 1;
    }
    return left.length - right.length;
  });
  return decorated.map((entry) => entry.key);
}

/** A key segment for sorting: its text, and its value when it is an array index (else -1). */
interface SortSegment {
  readonly text: string;
  readonly index: number;
}

function toSortSegment(text: string): SortSegment {
  return { text, index: ARRAY_INDEX.test(text) && Number(text) < 4294967295 ? Number(text) : -1 };
}

/** Order of diagnostics: file, line, column, then rule. */
export function compareDiagnostics(a: Omit<Diagnostic, 'message'>, b: Omit<Diagnostic, 'message'>): number {
  return compareKeys(a.file, b.file) || a.line - b.line || a.column - b.column || compareKeys(a.rule, b.rule);
}
