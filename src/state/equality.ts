import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import { sameTypedValue } from '../compile/fields/typed-values.js';
import type { Diagnostic, Token, TokenValue } from '../compile/types.js';

/** True when both lists hold the same strings in the same order. */
export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** True when both map the same slugs to the same commit times, in whatever order their keys were written. */
export function sameCommitTimes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** True when both report the same problem at the same place. */
export function sameDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.file === b.file &&
    a.line === b.line &&
    a.column === b.column &&
    a.rule === b.rule &&
    a.message === b.message &&
    a.severity === b.severity
  );
}

/** True when both lists report the same problems in the same order. */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  return sameItems(a, b, sameDiagnostic);
}

/** True when both entries grant the same key the same access until the same time, written at the same place. */
export function sameKeyEntry(a: ApiKeyEntry, b: ApiKeyEntry): boolean {
  return (
    a.name === b.name &&
    a.sha256 === b.sha256 &&
    a.designSystem === b.designSystem &&
    sameStrings(a.access, b.access) &&
    a.expiresAt === b.expiresAt &&
    a.line === b.line &&
    a.column === b.column
  );
}

/** True when both lists hold the same key entries in the same order. */
export function sameKeyEntries(a: readonly ApiKeyEntry[], b: readonly ApiKeyEntry[]): boolean {
  return sameItems(a, b, sameKeyEntry);
}

/**
 * True when both values have the same fields with the same values, in the same order: the API serves a token's value
 * object as it is, so a value whose fields were reordered in the YAML must not stand in for the new one.
 */
export function sameTokenValue(a: TokenValue, b: TokenValue): boolean {
  return sameRecord(a, b, (here, there) => here === there);
}

/**
 * True when both tokens are the same in every field: key, type, value, modes and breakpoints as written, description,
 * deprecation, references, and resolved values in every mode and at every breakpoint. A field left out here is a change
 * a reload does not serve (the compile handoff keeps the previous token object when this says they are the same).
 */
export function sameToken(a: Token, b: Token): boolean {
  return (
    a.key === b.key &&
    a.type === b.type &&
    a.description === b.description &&
    sameTokenValue(a.value, b.value) &&
    sameWrittenModes(a.modes, b.modes) &&
    sameResolved(a.resolved, b.resolved) &&
    sameDeprecation(a.deprecated, b.deprecated) &&
    sameWrittenModes(a.breakpoints, b.breakpoints) &&
    sameResponsive(a.responsive, b.responsive) &&
    // Small and rare (what a value refers to, per mode): compared as JSON, which a reload computes in one order.
    JSON.stringify(a.references) === JSON.stringify(b.references)
  );
}

function sameDeprecation(a: Token['deprecated'], b: Token['deprecated']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.message === b.message && a.replacement === b.replacement && a.since === b.since;
}

function sameResponsive(a: Token['responsive'], b: Token['responsive']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameRecord(a, b, sameResolved);
}

function sameWrittenModes(a: Token['modes'], b: Token['modes']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameRecord(a, b, sameTokenValue);
}

function sameResolved(a: Token['resolved'], b: Token['resolved']): boolean {
  return sameRecord(a, b, sameTypedValue);
}

/**
 * True when both records have the same keys in the same order and `sameItem` holds for each key's two values (a key
 * whose value is undefined on either side is a difference; the types allow none).
 */
function sameRecord<Item>(
  a: Readonly<Record<string, Item>>,
  b: Readonly<Record<string, Item>>,
  sameItem: (here: Item, there: Item) => boolean,
): boolean {
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  return (
    keys.length === otherKeys.length &&
    keys.every((key, index) => {
      const [here, there] = [a[key], b[key]];
      return key === otherKeys[index] && here !== undefined && there !== undefined && sameItem(here, there);
    })
  );
}

function sameItems<T extends object>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  return (
    a.length === b.length &&
    a.every((item, index) => {
      const other = b[index];
      return other !== undefined && same(item, other);
    })
  );
}
