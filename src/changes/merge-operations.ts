import { applyOperations } from './apply-operations.js';
import type { AppliedOperations, SourceTexts } from './apply-operations.js';
import type { ChangeOperation } from './operations.js';
import { readWritten, sameWritten, writtenValueIn } from './written-cells.js';
import type { WrittenDesignSystem } from './written-cells.js';
import type { WrittenValue } from '../compile/types.js';

/** One place both sides changed: the operation, what it touches, and the value at the base, on the target and in the change. */
export interface MergeConflict {
  readonly operation: number;
  /** A token key, or `<scale>/<step>` for a scale step. */
  readonly target: string;
  /** `value`, `description`, `deprecated`, `token` (the token as a whole: added, deleted or renamed) or `color`. */
  readonly field: string;
  /** The mode, for `value` and `color`. */
  readonly mode?: string;
  /** Undefined where the side does not have it (a token not there). */
  readonly base: WrittenValue | undefined;
  readonly theirs: WrittenValue | undefined;
  readonly ours: WrittenValue | undefined;
}

/** The merged files, or every conflict (never resolved silently), or why an operation could not be applied. */
export type MergedOperations = AppliedOperations | { readonly conflicts: readonly MergeConflict[] };

/**
 * Re-applies a change's operations, made against `base`, to `tip` (the target branch now), token by token: an
 * operation whose cell (token, field, mode) the target changed since the base is a conflict, unless the target already
 * holds what the operation writes (then it is left out). Edits elsewhere, even on the next line, merge in either order.
 */
export function mergeOperations(
  slug: string,
  base: SourceTexts,
  tip: SourceTexts,
  operations: readonly ChangeOperation[],
): MergedOperations {
  const before = readWritten(base);
  const now = readWritten(tip);
  const conflicts: MergeConflict[] = [];
  const still: ChangeOperation[] = [];
  operations.forEach((operation, index) => {
    const cell = cellOf(operation);
    const ours = cell.ours;
    const baseValue = cell.read(before);
    const theirs = cell.read(now);
    if (sameWritten(baseValue, theirs)) still.push(operation);
    else if (!sameWritten(theirs, ours))
      conflicts.push({ operation: index, target: cell.target, field: cell.field, ...modeOf(cell), base: baseValue, theirs, ours });
  });
  if (conflicts.length > 0) return { conflicts };
  return applyOperations(slug, tip, still);
}

interface Cell {
  readonly target: string;
  readonly field: string;
  readonly mode?: string;
  readonly ours: WrittenValue | undefined;
  read(written: WrittenDesignSystem): WrittenValue | undefined;
}

function modeOf(cell: Cell): { mode?: string } {
  return cell.mode === undefined ? {} : { mode: cell.mode };
}

/** What an operation reads and writes, as one comparable cell. */
function cellOf(operation: ChangeOperation): Cell {
  switch (operation.op) {
    case 'set-value':
      return {
        target: operation.token,
        field: 'value',
        mode: operation.mode,
        ours: operation.fields ?? undefined,
        read: (written) => {
          const token = written.tokens.get(operation.token);
          return token === undefined ? undefined : writtenValueIn(token, operation.mode);
        },
      };
    case 'set-description':
    case 'set-deprecation': {
      const field = operation.op === 'set-description' ? 'description' : 'deprecated';
      const ours = operation.op === 'set-description' ? operation.description : operation.deprecated;
      return {
        target: operation.token,
        field,
        ours: ours === null || ours === false ? undefined : ours,
        read: (written) => written.tokens.get(operation.token)?.fields[field],
      };
    }
    case 'add-token':
      return {
        target: operation.token,
        field: 'token',
        ours: {
          type: operation.type,
          ...operation.fields,
          ...(operation.description === undefined ? {} : { description: operation.description }),
        },
        read: (written) => written.tokens.get(operation.token)?.fields,
      };
    case 'delete-token':
      return { target: operation.token, field: 'token', ours: undefined, read: (written) => written.tokens.get(operation.token)?.fields };
    case 'rename-token':
      // The token must still be there, and its new key still free; its value may have changed meanwhile (it moves along).
      return {
        target: operation.token,
        field: 'token',
        ours: `renamed to ${operation.to}`,
        read: (written) =>
          written.tokens.has(operation.to) ? `${operation.to} exists` : written.tokens.has(operation.token) ? 'there' : undefined,
      };
    case 'set-scale-step':
      return {
        target: `${operation.scale}/${operation.step}`,
        field: 'color',
        mode: operation.mode,
        ours: operation.color,
        read: (written) => written.steps.get(`${operation.scale}/${operation.step}`)?.[operation.mode],
      };
  }
}
