import { enableMapSet, freeze, produce } from 'immer';
import type { Draft } from 'immer';
import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import type { CompileResult } from '../compile/compile-design-system.js';
import { deepFreeze } from '../compile/deep-freeze.js';
import { parseKeysFile } from '../compile/keys/parse-keys-file.js';
import { slugOfSystemPath } from '../compile/source-paths.js';
import { parseSourceText } from './compile-batch.js';
import { listChangedFiles, listSystemFiles } from './changed-files.js';
import { sameCommitTimes, sameDiagnostics, sameKeyEntries, sameStrings } from './equality.js';
import type { BatchEvent } from './events.js';
import { sameGitState } from './git-state.js';
import type { GitState } from './git-state.js';
import type { DesignSystemState, KeysState, Snapshot, SourceFileState } from './snapshot.js';

enableMapSet();

/**
 * Folds one batch of events into the next snapshot. Pure: re-parses only the files the batch changed and
 * recompiles only their design systems; everything else keeps its identity. Returns `state` itself when the batch
 * changes nothing that is served (a save with the same content, a HEAD re-read with the same commit).
 * A design system with a `system/compiled` event in the batch takes that result (compiled off the main thread)
 * instead of being parsed and compiled here.
 */
export function reduce(state: Snapshot, batch: readonly BatchEvent[]): Snapshot {
  if (batch.length === 0) return state;
  const at = batch.reduce((latest, event) => Math.max(latest, event.at), 0);
  const batchTime = new Date(at).toISOString();

  // Work on plain frozen data first, and hand immer only the finished pieces: the compiler must not walk drafts
  // (every read through an immer proxy costs, and 10,000 tokens make that the biggest cost of a batch).
  const precompiled = new Map<string, CompileResult>();
  for (const event of batch) if (event.type === 'system/compiled') precompiled.set(event.slug, event.result);
  const changed = listChangedFiles(state.files, batch);
  const fileChanges = new Map<string, SourceFileState | null>();
  for (const [path, text] of changed.texts) {
    // A design system compiled off the main thread is not parsed here: the worker did that.
    const parsed = text === null || precompiled.has(slugOfSystemPath(path)) ? undefined : parseSourceText(path, text);
    fileChanges.set(path, text === null ? null : freeze(parsed === undefined ? { text } : { text, parsed }, true));
  }
  const touched = new Set([...changed.touched, ...precompiled.keys()]);
  let keys: KeysState = state.keys;
  let git: GitState = state.git;
  let refused = state.refused;
  for (const event of batch) {
    switch (event.type) {
      case 'keys/changed': {
        const parsed = event.text === null ? { keys: [], diagnostics: [] } : parseKeysFile(event.path, event.text);
        // Only a file that is not YAML keeps the previous keys (stale since the first such save); any YAML is applied.
        const staleSince = parsed.keys !== undefined ? null : (keys.staleSince ?? new Date(event.at).toISOString());
        // A save that changes nothing (or a rescan) leaves the keys, and so the snapshot, as they are.
        const entriesChanged = parsed.keys !== undefined && !sameKeyEntries(parsed.keys, keys.entries);
        const problemsChanged = !sameDiagnostics(parsed.diagnostics, keys.problems);
        if (!entriesChanged && !problemsChanged && staleSince === keys.staleSince) break;
        const entries = entriesChanged && parsed.keys !== undefined ? parsed.keys : keys.entries;
        keys = freeze(
          {
            entries: entriesChanged ? [...entries] : keys.entries,
            bySha256: entriesChanged ? new Map(entries.map((entry) => [entry.sha256, entry])) : keys.bySha256,
            problems: problemsChanged ? [...parsed.diagnostics] : keys.problems,
            staleSince,
          },
          true,
        );
        break;
      }
      case 'git/head-moved': {
        if (sameGitState(git, event)) break;
        // The parts that did not change keep their identity.
        git = freeze(
          {
            commit: event.commit,
            dirtySlugs: sameStrings(git.dirtySlugs, event.dirtySlugs) ? git.dirtySlugs : [...event.dirtySlugs],
            commitTimes: sameCommitTimes(git.commitTimes, event.commitTimes) ? git.commitTimes : { ...event.commitTimes },
          },
          true,
        );
        break;
      }
      case 'source/refused': {
        const reasons = Object.entries(event.refused);
        const same = reasons.length === refused.size && reasons.every(([slug, reason]) => refused.get(slug) === reason);
        if (!same) refused = freeze(new Map(reasons));
        break;
      }
      case 'file/changed':
      case 'file/removed':
      case 'system/compiled':
        break; // folded above, with the files and compiles of the whole batch
    }
  }

  const systemChanges = new Map<string, DesignSystemState | null>();
  for (const slug of touched) {
    const next = recompile(
      slug,
      state.systems.get(slug),
      listSystemFiles(state.files, fileChanges, slug),
      git,
      state.git,
      batchTime,
      precompiled.get(slug),
    );
    if (next !== state.systems.get(slug)) systemChanges.set(slug, next ?? null);
  }
  if (fileChanges.size === 0 && keys === state.keys && git === state.git && refused === state.refused && systemChanges.size === 0)
    return state;

  return produce(state, (draft) => {
    for (const [path, file] of fileChanges) {
      if (file === null) draft.files.delete(path);
      else draft.files.set(path, file as Draft<SourceFileState>);
    }
    for (const [slug, system] of systemChanges) {
      if (system === null) draft.systems.delete(slug);
      else draft.systems.set(slug, system as Draft<DesignSystemState>);
    }
    if (keys !== state.keys) draft.keys = keys as Draft<KeysState>;
    if (git !== state.git) draft.git = git as Draft<GitState>;
    if (refused !== state.refused) draft.refused = refused as Draft<ReadonlyMap<string, string>>;
    draft.seq = state.seq + 1;
    draft.createdAt = batchTime;
  });
}

/**
 * The design system's next state: `previous` itself when nothing served changed, undefined when it has no files left.
 * Takes `precompiled` when given, else compiles here (parsing any file whose parse the worker kept to itself).
 */
function recompile(
  slug: string,
  previous: DesignSystemState | undefined,
  files: ReadonlyMap<string, SourceFileState>,
  git: GitState,
  previousGit: GitState,
  batchTime: string,
  precompiled: CompileResult | undefined,
): DesignSystemState | undefined {
  if (files.size === 0) return undefined;
  const result =
    precompiled ??
    compileDesignSystemFolder(
      slug,
      [...files].map(([path, file]) => file.parsed ?? parseSourceText(path, file.text)),
    );
  const problemsChanged = !sameDiagnostics(previous?.problems ?? [], result.diagnostics);
  const contentChanged = result.system !== undefined && result.system.contentHash !== previous?.compiled?.contentHash;
  if (!problemsChanged && !contentChanged && previous !== undefined) return previous;

  // Tokens come frozen (by the compiler, or as the worker's result is unpacked): only the rest is walked here.
  const compiled = contentChanged ? deepFreeze(result.system) : previous?.compiled;
  let lastUpdated = previous?.lastUpdated ?? null;
  if (contentChanged) {
    // Committed content dates from its newest commit (at first load, and when a commit, pull or checkout brought it),
    // so every replica and every `?ref=` of that commit agree; uncommitted edits date from the batch that saw them.
    const isFirstLoad = previous?.compiled === undefined;
    const committedAt = git.commitTimes[slug];
    const isClean = committedAt !== undefined && !git.dirtySlugs.includes(slug);
    const commitMoved = committedAt !== previousGit.commitTimes[slug];
    lastUpdated = isClean && (isFirstLoad || commitMoved) ? committedAt : batchTime;
  }
  return freeze({ slug, compiled, lastUpdated, problems: problemsChanged ? [...result.diagnostics] : (previous?.problems ?? []) }, true);
}
