import { cssNameOf } from './css-name.js';

import type {
  ApiContrast,
  ApiContrastModeResult,
  ApiContrastPair,
  ApiDesignSystemMeta,
  ApiWrittenValue,
  ApiModeDeclaration,
  ApiScale,
  ApiScaleStep,
  ApiStrictCubicBezier,
  ApiToken,
  ApiTokenValue,
} from '../src/views/api/api-answers.js';

/** The API's answers, typed as the server's views write them (src/views/api/api-answers.ts). */
export type { ApiContrast, ApiContrastModeResult, ApiContrastPair, ApiToken };
export type ValueFields = ApiTokenValue;
export type ScaleStep = ApiScaleStep;
export type Scale = ApiScale;
export type ModeDeclaration = ApiModeDeclaration;
export type DesignSystemMeta = ApiDesignSystemMeta;

export interface Revision {
  readonly sha: string;
  readonly date: string;
  readonly subject: string;
}

/** A scale step's color in a mode: light and dark are its own, a further mode its own or light's. */
export function stepColorIn(step: ScaleStep, mode: string): string {
  return mode === 'light' ? step.light : mode === 'dark' ? step.dark : (step.modes?.[mode] ?? step.light);
}

/** A mode of the design system as the page offers it: its name and whether it ends in light or dark (the page's chrome follows). */
export interface Mode {
  readonly name: string;
  readonly scheme: 'light' | 'dark';
}

/** Every mode of a design system, in its order: light, dark, then each further mode, with the scheme its chain of bases reaches. */
export function modesOf(meta: DesignSystemMeta): Mode[] {
  const declared = meta.modes ?? [];
  const baseOf = new Map(declared.map((mode) => [mode.name, mode.base]));
  const schemeOf = (name: string): 'light' | 'dark' => {
    let current = name;
    for (let hops = 0; hops <= declared.length; hops += 1) {
      if (current === 'light' || current === 'dark') return current;
      current = baseOf.get(current) ?? 'light';
    }
    return 'light';
  };
  return [
    { name: 'light', scheme: 'light' },
    { name: 'dark', scheme: 'dark' },
    ...declared.map((mode) => ({ name: mode.name, scheme: schemeOf(mode.name) })),
  ];
}

/** A value of a token in one mode besides light, where it differs from light. */
export interface ModeValue {
  readonly mode: string;
  readonly value: string;
}

/** One token as the page shows it: raw value, resolved values per mode, CSS name, search text. */
export interface TokenView {
  readonly key: string;
  readonly type: string;
  readonly raw: string;
  readonly light: string;
  /** Present only when it differs from the light value. */
  readonly dark: string | undefined;
  /** Every mode but light whose value differs from light (dark first, then the further modes in order). */
  readonly others: readonly ModeValue[];
  readonly description: string | undefined;
  readonly cssName: string;
  /** An easing's four control points, read from the strict export's typed value; undefined for other tokens. */
  readonly easing: readonly [number, number, number, number] | undefined;
  /** Lowercase text the search box matches. */
  readonly haystack: string;
  /** Equal fingerprints, equal token: what the live highlight compares. */
  readonly fingerprint: string;
}

/** An easing's control points as the strict export types them (keywords such as `ease-out` included), or undefined. */
function easingOf(leaf: Partial<ApiStrictCubicBezier> | undefined): readonly [number, number, number, number] | undefined {
  const points: unknown = leaf?.$value;
  return Array.isArray(points) && points.length === 4 && points.every((point) => typeof point === 'number')
    ? (points as unknown as readonly [number, number, number, number])
    : undefined;
}

/** A token's value in `mode`: its own there, else its light value (the JSON export leaves out what equals light). */
export function valueInMode(token: TokenView, mode: string): string {
  return token.others.find((other) => other.mode === mode)?.value ?? token.light;
}

interface DtcgLeaf {
  readonly $value: string;
  readonly $description?: string;
  readonly $extensions?: {
    readonly 'com.service'?: { readonly dark?: string; readonly modes?: Readonly<Record<string, string>> };
  };
}

/** Token key -> DTCG leaf of a `GET /api/v1/export/json` tree (or of its strict `?spec=2025.10` twin). */
function leavesOf<Leaf = DtcgLeaf>(tree: unknown): Map<string, Leaf> {
  const leaves = new Map<string, Leaf>();
  const walk = (node: unknown, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if ('$value' in node) {
      leaves.set(path.join('.'), node as Leaf);
      return;
    }
    for (const [name, child] of Object.entries(node)) if (!name.startsWith('$')) walk(child, [...path, name]);
  };
  walk(tree, []);
  return leaves;
}

/** A written value as text: lists and mappings (shadow layers, gradient stops, spacing lists) as JSON, never `[object Object]`. */
function textOf(field: ApiWrittenValue | undefined): string {
  if (field === undefined) return '';
  if (typeof field !== 'object' || field === null) return String(field);
  // A list of plain values reads as before (`0.2,0,0,1`); anything holding a mapping as JSON.
  return Array.isArray(field) && field.every((item) => typeof item !== 'object' || item === null) ? field.join(',') : JSON.stringify(field);
}

/** How one set of value fields reads: a primitive reference, a scale step, a literal color, an alpha, or the fields. */
function describeFields(value: ValueFields): string {
  if (typeof value['primitive'] === 'string') return `→ ${value['primitive']}`;
  if (typeof value['ref'] === 'string') return `→ ${value['ref']}`;
  const parts: string[] = [];
  const rest = Object.entries(value).filter(([name]) => !['scale', 'step', 'darkStep', 'color', 'alpha'].includes(name));
  if (typeof value['color'] === 'string') parts.push(value['color']);
  // A mode that writes only `step` takes its scale from its base mode, which need not be light's: say `step` only.
  else if (value['scale'] !== undefined) parts.push(`${textOf(value['scale'])} ${textOf(value['step'])}`.trim());
  else if (value['step'] !== undefined) parts.push(`step ${textOf(value['step'])}`);
  if (value['alpha'] !== undefined) parts.push(`alpha ${textOf(value['alpha'])}`);
  if (rest.length === 1 && rest[0]?.[0] === 'value') parts.push(textOf(rest[0][1]));
  else if (rest.length === 2 && 'value' in value && 'unit' in value) parts.push(`${textOf(value['value'])}${textOf(value['unit'])}`);
  // Shadow layers and gradient stops are lists of mappings: written as JSON, not `[object Object]`.
  else if (rest.length > 0) parts.push(rest.map(([name, field]) => `${name}: ${textOf(field)}`).join(', '));
  return parts.join(' · ');
}

/** How a token's value is written: a scale step, a primitive reference or its literal fields, then what each mode overrides. */
export function describeRaw(token: ApiToken): string {
  const value = token.value;
  const written = token.modes ?? {};
  const parts = [describeFields(value)];
  const darkWritten = written['dark'] !== undefined && (written['dark']['step'] !== undefined || written['dark']['scale'] !== undefined);
  if (typeof value['scale'] === 'string' && value['darkStep'] !== undefined && value['darkStep'] !== value['step'] && !darkWritten) {
    parts.push(`dark ${value['scale']} ${textOf(value['darkStep'])}`);
  }
  for (const [mode, fields] of Object.entries(written)) parts.push(`${mode} ${describeFields(fields)}`);
  const { deprecated } = token;
  if (deprecated !== undefined) {
    const instead = deprecated.replacement === null ? '' : ` (use ${deprecated.replacement})`;
    parts.push(`deprecated${deprecated.message === null ? '' : `: ${deprecated.message}`}${instead}`);
  }
  return parts.join(' · ');
}

/** Joins the raw tokens with the resolved values of the JSON export, for every mode of `modes`. */
export function buildTokenViews(tokens: readonly ApiToken[], dtcg: unknown, modes: readonly Mode[], strict?: unknown): TokenView[] {
  const leaves = leavesOf(dtcg);
  const typed = leavesOf<Partial<ApiStrictCubicBezier>>(strict);
  return tokens.map((token) => {
    const leaf = leaves.get(token.key);
    const light = leaf?.$value ?? '';
    const extension = leaf?.$extensions?.['com.service'];
    const others: ModeValue[] = [];
    for (const { name } of modes.slice(1)) {
      const value = name === 'dark' ? extension?.dark : extension?.modes?.[name];
      if (value !== undefined && value !== light) others.push({ mode: name, value });
    }
    const dark = others.find((other) => other.mode === 'dark')?.value;
    const raw = describeRaw(token);
    const cssName = cssNameOf(token.key);
    const description = leaf?.$description;
    const values = others.map((other) => other.value);
    return {
      key: token.key,
      type: token.type,
      raw,
      light,
      dark,
      others,
      description,
      cssName,
      easing: easingOf(typed.get(token.key)),
      haystack: [token.key, token.type, raw, light, ...values, cssName, description ?? ''].join('\n').toLowerCase(),
      fingerprint: JSON.stringify([token.type, token.value, token.modes ?? null, light, others]),
    };
  });
}

/** Keys of the tokens and scale steps that are new or differ in `next` (nothing on the first load). */
export function changedKeys(previous: ReadonlyMap<string, string> | undefined, next: ReadonlyMap<string, string>): Set<string> {
  const changed = new Set<string>();
  if (previous === undefined) return changed;
  for (const [key, fingerprint] of next) if (previous.get(key) !== fingerprint) changed.add(key);
  return changed;
}

/** Fingerprints of every token (by key) and scale step (by `scale:<key>.<step>`). */
export function fingerprintsOf(tokens: readonly TokenView[], scales: readonly Scale[]): Map<string, string> {
  const prints = new Map<string, string>();
  for (const token of tokens) prints.set(token.key, token.fingerprint);
  for (const scale of scales) {
    for (const step of scale.steps)
      prints.set(`scale:${scale.key}.${step.step}`, JSON.stringify([step.light, step.dark, step.modes ?? null]));
  }
  return prints;
}

/** Tokens matching the search text (every word) and the type filter. */
export function matchesFilter(token: TokenView, words: readonly string[], type: string): boolean {
  return (type === '' || token.type === type) && words.every((word) => token.haystack.includes(word));
}

/** The search box's text as lowercase words. */
export function wordsOfQuery(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
}
