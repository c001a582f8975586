/** What the editor reads and writes: a token's written fields per mode, and the operations of the change-request API. */
import type { ApiToken, ValueFields } from './model.js';

type Written = ValueFields[string];

/** A `set-value` operation as `POST /api/v1/changes` takes it (src/changes/operations.ts). */
export interface SetValueOperation {
  readonly op: 'set-value';
  readonly token: string;
  readonly mode: string;
  readonly fields: Readonly<Record<string, Written>>;
}

/** A token's deprecation as an operation writes it: `true`, a message, its parts, or `null` to remove it. */
export type DeprecationValue = true | string | null | { readonly message?: string; readonly replacement?: string; readonly since?: string };

/** Every operation the page writes, one per kind the API takes (src/changes/operations.ts). */
export type PageOperation =
  | SetValueOperation
  | { readonly op: 'set-description'; readonly token: string; readonly description: string | null }
  | { readonly op: 'set-deprecation'; readonly token: string; readonly deprecated: DeprecationValue }
  | {
      readonly op: 'add-token';
      readonly token: string;
      readonly type: string;
      readonly fields: Readonly<Record<string, Written>>;
      readonly description?: string;
    }
  | { readonly op: 'delete-token'; readonly token: string }
  | { readonly op: 'rename-token'; readonly token: string; readonly to: string }
  | { readonly op: 'set-scale-step'; readonly scale: string; readonly step: number; readonly mode: string; readonly color: string };

/** Any operation a change request holds, as the list and the tray describe it. */
export type AnyOperation = PageOperation | (Readonly<Record<string, unknown>> & { readonly op: string });

/**
 * What an operation writes, as one string: a later operation on the same cell replaces an earlier one (a token's
 * value in one mode, its description, its deprecation, a scale step in one mode); undefined for operations that
 * never replace one another (add, delete, rename).
 */
export function cellOf(operation: PageOperation): string | undefined {
  switch (operation.op) {
    case 'set-value':
      return `value ${operation.token} ${operation.mode}`;
    case 'set-description':
    case 'set-deprecation':
      return `${operation.op} ${operation.token}`;
    case 'set-scale-step':
      return `scale ${operation.scale} ${operation.step} ${operation.mode}`;
    case 'add-token':
    case 'delete-token':
    case 'rename-token':
      return undefined;
  }
}

/** Later edits of a cell win, in the place of the first edit of it; every other operation is kept in order. */
export function mergedOperations(operations: readonly PageOperation[]): PageOperation[] {
  const out: PageOperation[] = [];
  for (const operation of operations) {
    const cell = cellOf(operation);
    const at = cell === undefined ? -1 : out.findIndex((earlier) => cellOf(earlier) === cell);
    if (at === -1) out.push(operation);
    else out[at] = operation;
  }
  return out;
}

/** The keys of the tokens an operation touches (a rename touches both names; a scale step none). */
export function tokensOf(operation: PageOperation): string[] {
  if (operation.op === 'set-scale-step') return [];
  return operation.op === 'rename-token' ? [operation.token, operation.to] : [operation.token];
}

/**
 * A deprecation as the editor's fields give it: unchecked is `null`; checked, `true` without a message, the message
 * alone, or its parts when a replacement or a version is given.
 */
export function deprecationOf(checked: boolean, message: string, replacement: string, since: string): DeprecationValue {
  if (!checked) return null;
  if (replacement === '' && since === '') return message === '' ? true : message;
  return {
    ...(message === '' ? {} : { message }),
    ...(replacement === '' ? {} : { replacement }),
    ...(since === '' ? {} : { since }),
  };
}

/** How a color is written: a scale and step, a literal color (with alpha), or a reference to another color token. */
export type ColorKind = 'scale' | 'literal' | 'reference';

/** The types whose value is a number and a unit (`{ value: 16, unit: px }`, the unit optional where px is the default). */
export const LENGTH_TYPES: ReadonlySet<string> = new Set(['spacing', 'dimension', 'radius', 'font.size', 'font.letterSpacing']);
/** The units the length editor offers (the token's own unit is offered too). */
export const LENGTH_UNITS: readonly string[] = ['px', 'rem', 'em', '%'];

/** The fields of a token that are not its value (`darkStep` is dark's step): the editor never writes them. */
const NOT_VALUE_FIELDS = new Set(['type', 'description', 'deprecated', 'modes', 'darkStep']);

/**
 * A token's value fields as written for `mode`: light's own fields, with dark's `darkStep` as its `step` and the mode's
 * override laid over them (what the editor starts from).
 */
export function writtenInMode(token: ApiToken, mode: string): Record<string, Written> {
  const light: Record<string, Written> = {};
  for (const [name, value] of Object.entries(token.value)) if (!NOT_VALUE_FIELDS.has(name)) light[name] = value;
  if (mode === 'light') return light;
  const darkStep = token.value['darkStep'];
  const override = token.modes?.[mode] ?? {};
  // A mode that writes a `ref` or a `color` replaces light's fields; one that writes a `step` keeps light's scale.
  const replaces = 'ref' in override || 'color' in override || 'value' in override;
  return {
    ...(replaces ? {} : light),
    ...(mode === 'dark' && darkStep !== undefined && !replaces ? { step: darkStep } : {}),
    ...override,
  };
}

/** How a color's fields are written. */
export function colorKindOf(fields: Readonly<Record<string, Written>>): ColorKind {
  if (typeof fields['ref'] === 'string') return 'reference';
  if (typeof fields['color'] === 'string') return 'literal';
  return 'scale';
}

/**
 * The fields of a scale-step edit in `mode`: in a mode other than light, a step of light's own scale is written as the
 * step alone (the server writes it as `darkStep` where the token has one: one changed line).
 */
export function scaleStepFields(token: ApiToken, mode: string, scale: string, step: number): Record<string, Written> {
  const lightScale = token.value['scale'];
  if (mode !== 'light' && scale === lightScale) return { step };
  return { scale, step };
}

/** The fields of a literal color: its hex, and its alpha when below 1. */
export function literalColorFields(color: string, alpha: number): Record<string, Written> {
  return alpha < 1 ? { color, alpha } : { color };
}

/** The fields of a length: its number, and its unit unless the token's written form leaves it out and it is px. */
export function lengthFields(value: number, unit: string): Record<string, Written> {
  return unit === '' ? { value } : { value, unit };
}

/** A field typed in a text box read back as a value: numbers and booleans as such, lists and mappings as JSON. */
export function parseFieldText(text: string): Written {
  const trimmed = text.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed) as Written;
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

/** A written value as the text of its box: lists and mappings as JSON. */
export function fieldText(value: Written | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Whether two sets of fields write the same thing (field order aside). */
export function sameFields(a: Readonly<Record<string, Written>>, b: Readonly<Record<string, Written>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** One operation in a line: `color.brand.primary in dark: scale blue, step 400`. */
export function describeOperation(described: AnyOperation): string {
  const operation = described as Readonly<Record<string, unknown>> & { readonly op: string };
  const token = typeof operation['token'] === 'string' ? operation['token'] : '';
  switch (operation.op) {
    case 'set-value': {
      const fields = operation['fields'] as Record<string, Written> | null;
      const text =
        fields === null
          ? 'inherits again'
          : Object.entries(fields)
              .map(([name, value]) => `${name} ${fieldText(value)}`)
              .join(', ');
      return `${token} in ${String(operation['mode'])}: ${text}`;
    }
    case 'set-scale-step':
      return `scale ${String(operation['scale'])} step ${String(operation['step'])} in ${String(operation['mode'])}: ${String(operation['color'])}`;
    case 'rename-token':
      return `${token} renamed to ${String(operation['to'])}`;
    case 'set-description':
      return typeof operation['description'] === 'string'
        ? `${token}: description “${operation['description']}”`
        : `${token}: description removed`;
    case 'set-deprecation': {
      const deprecated = operation['deprecated'];
      if (deprecated === null || deprecated === false) return `${token}: no longer deprecated`;
      if (deprecated === true) return `${token}: deprecated`;
      return `${token}: deprecated (${typeof deprecated === 'string' ? deprecated : fieldText(deprecated as Written)})`;
    }
    case 'add-token':
      return `add ${token} (${String(operation['type'])}): ${Object.entries((operation['fields'] ?? {}) as Record<string, Written>)
        .map(([name, value]) => `${name} ${fieldText(value)}`)
        .join(', ')}`;
    case 'delete-token':
      return `delete ${token}`;
    default:
      return `${operation.op.replace('-', ' ')} ${token}`.trim();
  }
}
