import { enableMapSet, freeze, produce } from 'immer';
import type { Draft } from 'immer';
import { compileDesignSystem } from '../compile/compile-design-system.js';
import { parseKeysFile } from '../compile/parse-keys-file.js';
import { parseSourceFile } from '../compile/parse-source-file.js';
import type { SourceEvent } from './events.js';
import type { DesignSystemState, Snapshot, SourceFileState } from './snapshot.js';

enableMapSet();

/** `<slug>/system.yaml` names the design system; every other YAML file below `<slug>/` holds its content. */
export function slugOfPath(path: string): string | undefined {
  const slash = path.indexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

export function isSourceYamlPath(path: string): boolean {
  return slugOfPath(path) !== undefined && path.endsWith('.yaml') && !path.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * Folds one batch of events into the next snapshot. Pure: re-parses only the files the batch changed and
 * recompiles only their design systems; everything else keeps its identity. Returns `state` itself when the batch
 * changes nothing that is served (a save with the same content, a HEAD re-read with the same commit).
 */
export function reduce(state: Snapshot, batch: readonly SourceEvent[]): Snapshot {
  if (batch.length === 0) return state;
  const at = Math.max(...batch.map((event) => event.at));
  const batchTime = new Date(at).toISOString();

  const next = produce(state, (draft) => {
    const touched = new Set<string>();
    for (const event of batch) {
      switch (event.type) {
        case 'file/changed': {
          if (!isSourceYamlPath(event.path)) break;
          if (draft.files.get(event.path)?.text === event.text) break;
          const slug = slugOfPath(event.path) as string;
          const isSystemFile = event.path === `${slug}/system.yaml`;
          const parsed = freeze(parseSourceFile(event.path, event.text, isSystemFile), true);
          draft.files.set(event.path, { text: event.text, parsed } as Draft<SourceFileState>);
          touched.add(slug);
          break;
        }
        case 'file/removed': {
          if (!draft.files.has(event.path)) break;
          draft.files.delete(event.path);
          touched.add(slugOfPath(event.path) as string);
          break;
        }
        case 'keys/changed': {
          const parsed = event.text === null ? { keys: [], diagnostics: [] } : parseKeysFile(event.path, event.text);
          if (parsed.keys !== undefined) {
            draft.keys.entries = freeze([...parsed.keys], true) as Draft<typeof parsed.keys>;
            draft.keys.bySha256 = freeze(new Map(parsed.keys.map((entry) => [entry.sha256, entry])), true) as never;
          }
          draft.keys.problems = freeze([...parsed.diagnostics], true) as never;
          break;
        }
        case 'git/head-moved': {
          if (draft.git.commit !== event.commit) draft.git.commit = event.commit;
          if (draft.git.dirtySlugs.join('\n') !== event.dirtySlugs.join('\n')) draft.git.dirtySlugs = [...event.dirtySlugs];
          if (JSON.stringify(draft.git.commitTimes) !== JSON.stringify(event.commitTimes)) draft.git.commitTimes = { ...event.commitTimes };
          break;
        }
      }
    }
    for (const slug of touched) recompile(draft, slug, batchTime);
  });

  if (next === state) return state;
  return produce(next, (draft) => {
    draft.seq = state.seq + 1;
    draft.createdAt = batchTime;
  });
}

function recompile(draft: Draft<Snapshot>, slug: string, batchTime: string): void {
  const prefix = `${slug}/`;
  const systemPath = `${slug}/system.yaml`;
  const paths = [...draft.files.keys()].filter((path) => path.startsWith(prefix)).sort();
  if (paths.length === 0) {
    draft.systems.delete(slug);
    return;
  }
  const parsedOf = (path: string) => (draft.files.get(path) as Draft<SourceFileState>).parsed as SourceFileState['parsed'];
  const result = compileDesignSystem({
    slug,
    systemPath,
    systemFile: draft.files.has(systemPath) ? parsedOf(systemPath) : undefined,
    files: paths.filter((path) => path !== systemPath).map(parsedOf),
  });
  const previous = draft.systems.get(slug) as DesignSystemState | undefined;
  const problemsChanged = JSON.stringify(previous?.problems ?? []) !== JSON.stringify(result.diagnostics);
  const contentChanged = result.system !== undefined && result.system.contentHash !== previous?.compiled?.contentHash;
  if (!problemsChanged && !contentChanged && previous !== undefined) return;

  const compiled = contentChanged ? freeze(result.system, true) : previous?.compiled;
  let lastUpdated = previous?.lastUpdated ?? null;
  if (contentChanged) {
    const isFirstLoad = previous?.compiled === undefined;
    const committedAt = draft.git.commitTimes[slug];
    lastUpdated = isFirstLoad && committedAt !== undefined && !draft.git.dirtySlugs.includes(slug) ? committedAt : batchTime;
  }
  const next: DesignSystemState = { slug, compiled, lastUpdated, problems: freeze([...result.diagnostics], true) };
  draft.systems.set(slug, next as Draft<DesignSystemState>);
}
