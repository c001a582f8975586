import type { CompileResult } from '../compile/compile-design-system.js';
import type { GitState } from './git-state.js';

/** Everything that changes the served state. `at` is the wall-clock time (ms since epoch) the source saw it. */
export type SourceEvent =
  /** A YAML file under the source folder was added or changed; `path` is relative to the source folder, with `/`. */
  | { readonly type: 'file/changed'; readonly path: string; readonly text: string; readonly at: number }
  | { readonly type: 'file/removed'; readonly path: string; readonly at: number }
  /** The keys file changed; `text` is null when it is missing. */
  | { readonly type: 'keys/changed'; readonly path: string; readonly text: string | null; readonly at: number }
  /** Git's HEAD moved, or the work tree's state relative to it was re-read: the new Git state. */
  | ({ readonly type: 'git/head-moved'; readonly at: number } & GitState)
  /** The design systems the source does not load for their number of files, each with the reason (all of them, each time). */
  | { readonly type: 'source/refused'; readonly refused: Readonly<Record<string, string>>; readonly at: number };

/**
 * One design system compiled ahead of the reducer (off the main thread) from its files as they are after the batch it
 * ends; the reducer folds `result` in instead of compiling in place. Added by the compile stage, never by a source.
 */
export interface CompiledEvent {
  readonly type: 'system/compiled';
  readonly slug: string;
  readonly result: CompileResult;
  readonly at: number;
}

/** What the reducer folds: a source's events, plus the compile results the compile stage appended. */
export type BatchEvent = SourceEvent | CompiledEvent;
