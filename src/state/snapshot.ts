import type { ParsedSourceFile } from '../compile/yaml/parse-source-file.js';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import type { CompiledDesignSystem, Diagnostic } from '../compile/types.js';
import type { GitState } from './git-state.js';

/** One source file's text (to skip saves that change nothing) and, when it was parsed on this thread, its parse. */
export interface SourceFileState {
  readonly text: string;
  /** Absent when its design system was compiled off the main thread (the compile worker keeps the parse). */
  readonly parsed?: ParsedSourceFile;
}

/** What the store knows of one design system folder. */
export interface DesignSystemState {
  readonly slug: string;
  /** The last version that compiled without errors; undefined if it never has. */
  readonly compiled: CompiledDesignSystem | undefined;
  /** ISO 8601 UTC time the served content last changed; null until it first compiles. */
  readonly lastUpdated: string | null;
  /** Problems of the current files (errors mean `compiled` is an older version, or missing). */
  readonly problems: readonly Diagnostic[];
}

export interface KeysState {
  readonly entries: readonly ApiKeyEntry[];
  readonly bySha256: ReadonlyMap<string, ApiKeyEntry>;
  /** Problems of the current keys file; entries with problems are not in `entries` (unless `staleSince` is set). */
  readonly problems: readonly Diagnostic[];
  /** ISO time since which the keys file is not valid YAML (`entries` are then the last readable file's); null otherwise. */
  readonly staleSince: string | null;
}

/** The immutable state every request reads. A new batch of events makes a new snapshot; this one never changes. */
export interface Snapshot {
  /** Increases by one with every batch that changes anything. */
  readonly seq: number;
  /** ISO time of the batch that made this snapshot. */
  readonly createdAt: string;
  readonly git: GitState;
  readonly files: ReadonlyMap<string, SourceFileState>;
  readonly systems: ReadonlyMap<string, DesignSystemState>;
  readonly keys: KeysState;
  /** The design systems the source does not load for their number of files, with the reason (their last good version, if any, stays in `systems`). */
  readonly refused: ReadonlyMap<string, string>;
}

/** The snapshot before any event: nothing loaded, sequence 0. */
export function createEmptySnapshot(at = 0): Snapshot {
  return {
    seq: 0,
    createdAt: new Date(at).toISOString(),
    git: { commit: null, dirtySlugs: [], commitTimes: {} },
    files: new Map(),
    systems: new Map(),
    keys: { entries: [], bySha256: new Map(), problems: [], staleSince: null },
    refused: new Map(),
  };
}
