import { KEY_SEGMENT, TOKEN_KEY } from '../compile/values/name-rules.js';
import { isRecord, isWrittenRecord, isWrittenValue } from '../compile/narrow-unknown.js';
import type { WrittenValue } from '../compile/types.js';

/** Value fields as a token writes them (`{ scale: blue, step: 600 }`, `{ ref: color.x }`, `{ value: 4, unit: px }`). */
export type ValueFields = Readonly<Record<string, WrittenValue>>;

/**
 * One edit a change request makes, in the words of the source format (docs/change-requests.md):
 * - `set-value`: the value fields of a token in one mode (`light`: its own fields; another mode: its override there,
 *   `null` to inherit again);
 * - `set-description`, `set-deprecation`: those fields (`null` removes them);
 * - `add-token`, `delete-token`, `rename-token` (references to it rewritten);
 * - `set-scale-step`: a scale step's color in one mode.
 */
export type ChangeOperation =
  | { readonly op: 'set-value'; readonly token: string; readonly mode: string; readonly fields: ValueFields | null }
  | { readonly op: 'set-description'; readonly token: string; readonly description: string | null }
  | { readonly op: 'set-deprecation'; readonly token: string; readonly deprecated: WrittenValue }
  | {
      readonly op: 'add-token';
      readonly token: string;
      readonly type: string;
      readonly fields: ValueFields;
      readonly description?: string;
      /** Path of the file to add it to, relative to the design system's folder; by default where its group lives. */
      readonly file?: string;
    }
  | { readonly op: 'delete-token'; readonly token: string }
  | { readonly op: 'rename-token'; readonly token: string; readonly to: string }
  | { readonly op: 'set-scale-step'; readonly scale: string; readonly step: number; readonly mode: string; readonly color: string };

/** The operation names, in the order the docs list them. */
export const OPERATION_NAMES = [
  'set-value',
  'set-description',
  'set-deprecation',
  'add-token',
  'delete-token',
  'rename-token',
  'set-scale-step',
] as const;

/** The fields of a token that are not its value in light (`darkStep` is dark's step): `set-value` never writes them. */
export const NOT_LIGHT_VALUE_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'deprecated', 'modes', 'darkStep']);

/** At most this many operations in one request (create or update). */
export const MAX_OPERATIONS_PER_REQUEST = 200;

const MODE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.yaml$/;
const MAX_TEXT = 2000;

/** Operations read from a request body: the list, or one plain message per problem (with the operation's index). */
export type ReadOperations = { readonly operations: readonly ChangeOperation[] } | { readonly problems: readonly string[] };

/** Reads and checks the shape of `operations` from a request body; the values themselves are checked by compiling. */
export function readOperations(body: unknown): ReadOperations {
  if (!Array.isArray(body)) return { problems: ['`operations` must be a list'] };
  if (body.length === 0) return { problems: ['`operations` must hold at least one operation'] };
  if (body.length > MAX_OPERATIONS_PER_REQUEST) {
    return { problems: [`\`operations\` holds ${body.length} operations; at most ${MAX_OPERATIONS_PER_REQUEST} are allowed per request`] };
  }
  const operations: ChangeOperation[] = [];
  const problems: string[] = [];
  body.forEach((item: unknown, index) => {
    const read = readOperation(item);
    if (typeof read === 'string') problems.push(`operations[${index}]: ${read}`);
    else operations.push(read);
  });
  return problems.length > 0 ? { problems } : { operations };
}

function readOperation(item: unknown): ChangeOperation | string {
  if (!isRecord(item)) return 'must be an object with an `op`';
  const op = item['op'];
  const fields = (allowed: readonly string[]): string | undefined => {
    const extra = Object.keys(item).find((name) => name !== 'op' && !allowed.includes(name));
    return extra === undefined
      ? undefined
      : `\`${extra}\` is not a field of \`${String(op)}\` (it takes ${allowed.map((name) => `\`${name}\``).join(', ')})`;
  };
  switch (op) {
    case 'set-value':
      return fields(['token', 'mode', 'fields']) ?? readSetValue(item);
    case 'set-description':
      return fields(['token', 'description']) ?? readSetDescription(item);
    case 'set-deprecation':
      return fields(['token', 'deprecated']) ?? readSetDeprecation(item);
    case 'add-token':
      return fields(['token', 'type', 'fields', 'description', 'file']) ?? readAddToken(item);
    case 'delete-token':
      return fields(['token']) ?? (isTokenKey(item['token']) ? { op, token: item['token'] } : tokenKeyProblem('token'));
    case 'rename-token':
      return fields(['token', 'to']) ?? readRenameToken(item);
    case 'set-scale-step':
      return fields(['scale', 'step', 'mode', 'color']) ?? readSetScaleStep(item);
    default:
      return `\`op\` must be one of ${OPERATION_NAMES.map((name) => `\`${name}\``).join(', ')}`;
  }
}

type OperationFields = Readonly<Record<string, unknown>>;

function readSetValue({ token, mode, fields }: OperationFields): ChangeOperation | string {
  if (!isTokenKey(token)) return tokenKeyProblem('token');
  if (!isModeName(mode)) return MODE_PROBLEM;
  if (fields === null) return { op: 'set-value', token, mode, fields };
  const read = readValueFields(fields, 'fields');
  return typeof read === 'string' ? read : { op: 'set-value', token, mode, fields: read };
}

function readSetDescription({ token, description }: OperationFields): ChangeOperation | string {
  if (!isTokenKey(token)) return tokenKeyProblem('token');
  if (description !== null && !isText(description)) return textProblem('description');
  return { op: 'set-description', token, description };
}

function readSetDeprecation({ token, deprecated }: OperationFields): ChangeOperation | string {
  if (!isTokenKey(token)) return tokenKeyProblem('token');
  if (deprecated === undefined) return '`deprecated` is required (`null` removes it)';
  // Any JSON value passes here (a request body is JSON): compiling the edited file says what is wrong with it.
  if (!isWrittenValue(deprecated)) return '`deprecated` must be a JSON value';
  return { op: 'set-deprecation', token, deprecated };
}

function readAddToken({ token, type, fields, description, file }: OperationFields): ChangeOperation | string {
  if (!isTokenKey(token)) return tokenKeyProblem('token');
  if (typeof type !== 'string' || !KEY_SEGMENT.test(type)) return '`type` must be a token type';
  const read = readValueFields(fields, 'fields');
  if (typeof read === 'string') return read;
  if (description !== undefined && !isText(description)) return textProblem('description');
  if (file !== undefined && (typeof file !== 'string' || !FILE_PATH.test(file) || file.includes('..'))) {
    return '`file` must be a relative path of a `.yaml` file inside the design system (letters, digits, `-`, `_`, `.`, `/`)';
  }
  return {
    op: 'add-token',
    token,
    type,
    fields: read,
    ...(description === undefined ? {} : { description }),
    ...(file === undefined ? {} : { file }),
  };
}

function readRenameToken({ token, to }: OperationFields): ChangeOperation | string {
  if (!isTokenKey(token)) return tokenKeyProblem('token');
  if (!isTokenKey(to)) return tokenKeyProblem('to');
  if (to === token) return '`to` is the token’s own key';
  return { op: 'rename-token', token, to };
}

function readSetScaleStep({ scale, step, mode, color }: OperationFields): ChangeOperation | string {
  if (typeof scale !== 'string' || !TOKEN_KEY.test(scale)) return '`scale` must be a scale name';
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 999_999)
    return '`step` must be an integer from 0 to 999999';
  if (!isModeName(mode)) return MODE_PROBLEM;
  if (!isText(color)) return textProblem('color');
  return { op: 'set-scale-step', scale, step, mode, color };
}

function isTokenKey(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 512 && TOKEN_KEY.test(value);
}

function tokenKeyProblem(name: string): string {
  return `\`${name}\` must be a token key (segments of letters, digits, \`-\` and \`_\` joined by \`.\`)`;
}

function isModeName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && MODE_NAME.test(value);
}

const MODE_PROBLEM = '`mode` must be a mode name (`light`, `dark`, or a declared mode)';

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

function textProblem(name: string): string {
  return `\`${name}\` must be a string of at most ${MAX_TEXT} characters`;
}

/** The value fields `value` holds, or the problem with them. */
function readValueFields(value: unknown, name: string): ValueFields | string {
  const problem = valueFieldsProblem(value, name);
  if (problem !== undefined) return problem;
  return isWrittenRecord(value) ? value : `\`${name}\` must be an object of value fields`;
}

function valueFieldsProblem(value: unknown, name: string): string | undefined {
  if (!isRecord(value)) return `\`${name}\` must be an object of value fields`;
  const names = Object.keys(value);
  if (names.length === 0) return `\`${name}\` must give at least one value field`;
  const bad = names.find((field) => !KEY_SEGMENT.test(field) || NOT_LIGHT_VALUE_FIELDS.has(field));
  if (bad !== undefined) return `\`${name}\` may not hold \`${bad}\` (only value fields; modes are set one operation each)`;
  return writtenValueProblem(value, name, 0);
}

function writtenValueProblem(value: unknown, where: string, depth: number): string | undefined {
  if (depth > 8) return `\`${where}\` is nested too deeply`;
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `\`${where}\` must be a finite number`;
  if (typeof value === 'string') return value.length <= MAX_TEXT ? undefined : `\`${where}\` is longer than ${MAX_TEXT} characters`;
  if (Array.isArray(value)) {
    if (value.length > 64) return `\`${where}\` holds more than 64 items`;
    for (const [index, item] of value.entries()) {
      const problem = writtenValueProblem(item, `${where}[${index}]`, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!KEY_SEGMENT.test(key)) return `\`${where}\` has a field \`${key}\` that is not a name`;
      const problem = writtenValueProblem(item, `${where}.${key}`, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  return `\`${where}\` must be a JSON value`;
}
