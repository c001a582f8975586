import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import type { CompiledDesignSystem } from '../compile/types.js';
import type { DesignSystemState, Snapshot } from '../state/snapshot.js';
import { ApiError } from './errors.js';

/** What a request reads: the snapshot, and the design system its key (or `?designSystem=`) selects. */
export interface DesignSystemContext {
  readonly slug: string;
  readonly state: DesignSystemState;
  readonly compiled: CompiledDesignSystem;
}

/** The slugs the key may read that the snapshot has loaded, own design system first. */
export function accessibleSystems(snapshot: Snapshot, key: ApiKeyEntry): CompiledDesignSystem[] {
  return key.access.flatMap((slug) => {
    const compiled = snapshot.systems.get(slug)?.compiled;
    return compiled === undefined ? [] : [compiled];
  });
}

/**
 * The design system a request acts on: the key's own, or the one `requested` names by slug or id.
 * Throws 403 when the key may not read it and 503 when it has never loaded.
 */
export function selectDesignSystem(snapshot: Snapshot, key: ApiKeyEntry, requested: string | undefined): DesignSystemContext {
  let slug = key.designSystem;
  if (requested !== undefined && requested !== slug) {
    const byId = key.access.find((candidate) => snapshot.systems.get(candidate)?.compiled?.meta.id === requested);
    const found = key.access.includes(requested) ? requested : byId;
    if (found === undefined) throw new ApiError('forbidden', `This API key may not read design system \`${requested}\`.`);
    slug = found;
  }
  const state = snapshot.systems.get(slug);
  if (state === undefined) {
    const refusal = snapshot.refused.get(slug);
    const why = refusal === undefined ? `the source has no folder \`${slug}/\`` : `the source does not load it: ${refusal}`;
    throw new ApiError('design_system_unavailable', `Design system \`${slug}\` is not available: ${why}.`);
  }
  if (state.compiled === undefined) {
    const errors = state.problems.filter((problem) => problem.severity === 'error');
    const first = errors[0];
    const detail = first === undefined ? '' : ` First: ${first.file}:${first.line}:${first.column} ${first.message}`;
    throw new ApiError(
      'design_system_unavailable',
      `Design system \`${slug}\` has not loaded yet: its files have ${errors.length} error${errors.length === 1 ? '' : 's'}.${detail}`,
    );
  }
  return { slug, state, compiled: state.compiled };
}
