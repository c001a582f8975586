/** The tray of pending edits kept in the tab's session storage, so a reload keeps it (docs/change-requests.md, "The page"). */
import { tokensOf } from './edit-fields.js';
import type { PageOperation } from './edit-fields.js';
import type { ApiToken, Scale, TokenView } from './model.js';

/** What the tray holds for one design system: the edits, the commit they were made on, and what they touched then. */
export interface PendingEdits {
  /** The commit the edits were made on (or last found still to apply to); null outside Git. */
  readonly base: string | null;
  readonly operations: readonly PageOperation[];
  readonly title: string;
  readonly description: string;
  /**
   * Per token key (`token:<key>`) and scale step (`step:<scale>:<step>`) an edit touches, how it read on `base`: its
   * written form, or null where it did not exist. An edit still means the same on another commit exactly when these
   * read the same there.
   */
  readonly touched: Readonly<Record<string, string | null>>;
}

/** The design system as the page loaded it: what the touched tokens and steps are read from. */
export interface LoadedSystem {
  readonly tokens: ReadonlyMap<string, ApiToken>;
  readonly views: readonly TokenView[];
  readonly scales: readonly Scale[];
}

const STORAGE_PREFIX = 'token-browser.pending.';

/** The storage key of a design system's tray. */
export function pendingKeyOf(slug: string): string {
  return `${STORAGE_PREFIX}${slug}`;
}

/** How one touched token or step reads in `system`, or null where it does not exist. */
function readingOf(system: LoadedSystem, cell: string): string | null {
  if (cell.startsWith('token:')) {
    const key = cell.slice('token:'.length);
    const token = system.tokens.get(key);
    if (token === undefined) return null;
    const description = system.views.find((view) => view.key === key)?.description ?? null;
    return JSON.stringify([token.type, token.value, token.modes ?? null, token.deprecated ?? null, description]);
  }
  const [, scaleKey, step] = cell.split(':');
  const found = system.scales.find((scale) => scale.key === scaleKey)?.steps.find((item) => String(item.step) === step);
  return found === undefined ? null : JSON.stringify(found);
}

/** The cells `operations` touch, as they read in `system`; cells already recorded keep their first reading. */
export function recordTouched(
  system: LoadedSystem,
  operations: readonly PageOperation[],
  touched: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  const out: Record<string, string | null> = { ...touched };
  for (const operation of operations) {
    const cells =
      operation.op === 'set-scale-step' ? [`step:${operation.scale}:${operation.step}`] : tokensOf(operation).map((key) => `token:${key}`);
    for (const cell of cells) if (!(cell in out)) out[cell] = readingOf(system, cell);
  }
  return out;
}

/** The touched tokens and steps that read differently in `system` than when the edits were made (by key, sorted). */
export function movedCells(system: LoadedSystem, touched: Readonly<Record<string, string | null>>): string[] {
  return Object.entries(touched)
    .filter(([cell, reading]) => readingOf(system, cell) !== reading)
    .map(([cell]) => cell.replace(/^token:/, '').replace(/^step:([^:]+):/, 'scale $1 step '))
    .sort();
}

/** The tray stored for `slug`, or undefined (none, or not readable). */
export function loadPending(slug: string): PendingEdits | undefined {
  try {
    const text = sessionStorage.getItem(pendingKeyOf(slug));
    if (text === null) return undefined;
    const stored = JSON.parse(text) as PendingEdits;
    return Array.isArray(stored.operations) && typeof stored.touched === 'object' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the tray for `slug` (an empty tray with no title is removed). */
export function savePending(slug: string, pending: PendingEdits): void {
  try {
    if (pending.operations.length === 0 && pending.title === '' && pending.description === '') {
      sessionStorage.removeItem(pendingKeyOf(slug));
    } else sessionStorage.setItem(pendingKeyOf(slug), JSON.stringify(pending));
  } catch {
    // Storage full or refused (a private window): the tray lives in memory only, as it did before.
  }
}

/** Forgets every design system's tray (the key is forgotten). */
export function clearPending(): void {
  for (let index = sessionStorage.length - 1; index >= 0; index -= 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(STORAGE_PREFIX) === true) sessionStorage.removeItem(key);
  }
}
