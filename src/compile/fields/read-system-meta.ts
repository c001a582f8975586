import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { SourceFileEntries } from '../yaml/source-entries.js';
import { SLUG } from '../values/name-rules.js';
import type { DesignSystemMeta } from '../types.js';

const SYSTEM_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The meta of design system `slug` from its `system.yaml` (`systemFile`, at `systemPath`); undefined, with the
 * problems reported, when the file is missing or a field is wrong. A slug that breaks the rule is reported too.
 */
export function readSystemMeta(
  slug: string,
  systemPath: string,
  systemFile: SourceFileEntries | undefined,
  report: Report,
): DesignSystemMeta | undefined {
  const start = { file: systemPath, line: 1, column: 1 };
  if (!SLUG.test(slug)) {
    report(
      start,
      'invalid-slug',
      `design system folder \`${slug}\` must be lowercase letters, digits and single hyphens (e.g. \`acme-web\`)`,
    );
  }
  const system = systemFile?.system;
  if (systemFile === undefined) {
    report(start, 'missing-system-file', `design system \`${slug}\` has no system.yaml (it needs at least \`name\`)`);
    return undefined;
  }
  if (system === undefined) return undefined;
  const { name, description, id } = system.fields;
  let ok = true;
  if (name === undefined) {
    report(system.pos, 'system-missing-name', 'system.yaml must have a `name`');
    ok = false;
  } else if (typeof name.value !== 'string' || name.value.trim() === '') {
    report(name.pos, 'invalid-value', '`name` must be a non-empty string');
    ok = false;
  }
  if (description !== undefined && description.value !== null && typeof description.value !== 'string') {
    report(description.pos, 'invalid-value', '`description` must be a string');
    ok = false;
  }
  if (id !== undefined && (typeof id.value !== 'string' || !SYSTEM_ID.test(id.value))) {
    report(id.pos, 'invalid-value', '`id` must be letters, digits, `-` and `_` (at most 100)');
    ok = false;
  }
  if (!ok) return undefined;
  return {
    id: typeof id?.value === 'string' ? id.value : slug,
    slug,
    name: typeof name?.value === 'string' ? name.value : '',
    description: typeof description?.value === 'string' ? description.value : null,
  };
}

/** How many approvals, by reviewers other than the author, a change request needs before it merges, when `review` does not say. */
export const DEFAULT_REQUIRED_APPROVALS = 1;

/**
 * The `review` field of `system.yaml`: `{ approvals: 0 | 1 }`, how many approvals by a reviewer other than the author
 * a change request needs to merge; undefined when not written (the default, {@link DEFAULT_REQUIRED_APPROVALS}, applies)
 * or wrong (reported).
 */
export function readReview(systemFile: SourceFileEntries | undefined, report: Report): { readonly approvals: 0 | 1 } | undefined {
  const field = systemFile?.system?.fields['review'];
  if (field === undefined) return undefined;
  const value = field.value;
  const approvals =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['approvals'] : undefined;
  const keys = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  if ((approvals !== 0 && approvals !== 1) || keys.length !== 1) {
    report(
      field.pos,
      'invalid-value',
      '`review` must be `{ approvals: 0 }` or `{ approvals: 1 }`: how many approvals by a reviewer other than the author a change request needs to merge',
    );
    return undefined;
  }
  return { approvals };
}
