import { capFileDiagnostics, MAX_DIAGNOSTICS_PER_FILE } from '../diagnostics/cap-diagnostics.js';
import { findInvalidUtf8 } from './find-invalid-utf8.js';
import { mayReadFast, readFast } from './read-yaml-fast.js';
import { readPrecisely } from './read-yaml-precise.js';
import { readSimple } from './read-yaml-simple.js';
import type { SourceFileEntries } from './source-entries.js';
import type { Diagnostic } from '../types.js';
import { walkSourceFile } from './walk-source-file.js';

/** Source files above this size are refused rather than parsed. */
export const MAX_SOURCE_FILE_BYTES = 1024 * 1024;

/** What one YAML file contributes to its design system, with positions, before cross-file checks. */
export interface ParsedSourceFile extends SourceFileEntries {
  /** Problems found past the first {@link MAX_DIAGNOSTICS_PER_FILE}: counted, not listed. */
  readonly suppressed?: number;
  /** Which reader read the file: false for the fast path (the simple reader or js-yaml), true for the precise one (`yaml`). All give positions. */
  readonly precise: boolean;
}

/**
 * Parses one source file (`system.yaml` when `isSystemFile`, otherwise a scales/primitives/tokens file).
 * Returns its entries and the problems local to the file, each with its line and column; never throws.
 *
 * Three readers, one walker: a well-formed file takes the fast path, the simple reader when the file is in the
 * subset most design-system YAML is written in, else js-yaml (about ten times faster than building a positioned YAML
 * document, with positions taken from its parse events); a file with a YAML error, or anything unusual, is read by
 * the precise path (the `yaml` package with a line counter). `precise: true` forces the precise path.
 * All are bounded: nesting deeper than `MAX_NESTING_DEPTH` and aliases expanding to more than `MAX_ALIAS_NODES`
 * nodes (read-limits.ts) are refused, and at most {@link MAX_DIAGNOSTICS_PER_FILE} problems are listed.
 */
export function parseSourceFile(path: string, text: string, isSystemFile: boolean, options: { precise?: boolean } = {}): ParsedSourceFile {
  if (Buffer.byteLength(text) > MAX_SOURCE_FILE_BYTES) {
    const message = `file is larger than ${MAX_SOURCE_FILE_BYTES} bytes`;
    return refusedFile(path, [{ file: path, line: 1, column: 1, rule: 'file-too-large', message, severity: 'error' }]);
  }
  const undecodable = findInvalidUtf8(path, text);
  if (undecodable.diagnostics.length > 0) return { ...refusedFile(path, []), ...undecodable };
  if (options.precise !== true && mayReadFast(text)) {
    try {
      const simple = readSimple(path, text);
      const root = simple === undefined ? readFast(path, text) : simple;
      return { ...capWalk(walkSourceFile(path, root, isSystemFile)), precise: false };
    } catch {
      // A YAML error, nesting past the limit, or something only the precise reader reads well: read it again.
    }
  }
  const read = readPrecisely(path, text);
  if ('refused' in read) return refusedFile(path, read.refused);
  return { ...capWalk(walkSourceFile(path, read.root, isSystemFile)), precise: true };
}

/** A file with no entries, only its problems (capped). */
function refusedFile(path: string, diagnostics: readonly Diagnostic[]): ParsedSourceFile {
  return { path, system: undefined, scales: [], primitives: [], tokens: [], groups: [], precise: true, ...capFileDiagnostics(diagnostics) };
}

/** The walk's problems in the order found while few; sorted and capped past {@link MAX_DIAGNOSTICS_PER_FILE}. */
function capWalk(result: SourceFileEntries): Omit<ParsedSourceFile, 'precise'> {
  return result.diagnostics.length <= MAX_DIAGNOSTICS_PER_FILE
    ? { ...result, suppressed: 0 }
    : { ...result, ...capFileDiagnostics(result.diagnostics) };
}
