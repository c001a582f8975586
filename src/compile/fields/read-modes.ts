import { findCssBreakout } from '../values/css-text.js';
import { describeValue } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { NamedFields, SystemEntry } from '../yaml/source-entries.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { BUILT_IN_MODES } from '../types.js';
import type { ModeDefinition } from '../types.js';

/** A mode name: lowercase letters and digits in words joined by single hyphens. */
export const MODE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MAX_MODE_NAME_LENGTH = 64;
/** A media condition in parentheses that cannot close the rule it is written into (then checked by `findCssBreakout`). */
const MEDIA_CONDITION = /^\([^{};<>\\]*\)$/;
const MAX_MEDIA_LENGTH = 200;
const MODE_FIELDS = ['base', 'media'];
/**
 * The most modes `system.yaml` may declare besides light and dark: every export writes each token once per mode, and
 * real systems have a few (Primer's 14 themes are the most we know of).
 */
export const MAX_DECLARED_MODES = 100;

/** The modes of a design system, and whether `system.yaml` declares any. */
export interface DeclaredModes {
  /** light, dark, then each further mode in the order written. */
  readonly modes: readonly ModeDefinition[];
  readonly declaresModes: boolean;
}

/**
 * The modes `system.yaml` declares besides `light` and `dark`, each checked: its name, its `base` (a known mode, no
 * cycle) and its `media` query. A mode with a problem is reported and left out.
 */
export function readModes(system: SystemEntry | undefined, report: Report): DeclaredModes {
  const field = system?.fields['modes'];
  if (system === undefined || field === undefined) return { modes: BUILT_IN_MODES, declaresModes: false };
  if (field.value !== null && system.modes === undefined) {
    report(field.pos, 'invalid-mode', '`modes` must map mode names to `{ base, media }`, e.g. `dark-dimmed: { base: dark }`');
    return { modes: BUILT_IN_MODES, declaresModes: true };
  }
  if ((system.modes?.length ?? 0) > MAX_DECLARED_MODES) {
    report(
      field.pos,
      'design-system-too-large',
      `\`modes\` declares ${system.modes?.length} modes, more than ${MAX_DECLARED_MODES} (the limit): every export writes each token once per mode; split the design system or combine modes`,
    );
    return { modes: BUILT_IN_MODES, declaresModes: true };
  }
  const written = (system.modes ?? []).filter((entry) => isWellWritten(entry, report));
  const names = new Set([...BUILT_IN_MODES.map((mode) => mode.name), ...written.map((entry) => entry.name)]);
  const declared: ModeDefinition[] = [];
  for (const entry of written) {
    const base = entry.fields?.['base'];
    const baseName = base?.value as string;
    if (!names.has(baseName)) {
      report(
        base?.pos ?? entry.pos,
        'unknown-mode',
        () => `mode \`${entry.name}\` has unknown base \`${baseName}\`${didYouMean(baseName, names)}`,
      );
      continue;
    }
    const media = entry.fields?.['media']?.value;
    declared.push({ name: entry.name, base: baseName, media: typeof media === 'string' ? media : null });
  }
  return { modes: [...BUILT_IN_MODES, ...withoutCycles(declared, written, report)], declaresModes: true };
}

function isWellWritten(entry: NamedFields, report: Report): boolean {
  const { name, fields } = entry;
  if (BUILT_IN_MODES.some((mode) => mode.name === name)) {
    report(entry.pos, 'invalid-mode', `\`${name}\` always exists and cannot be declared; declare the modes besides light and dark`);
    return false;
  }
  if (!MODE_NAME.test(name) || name.length > MAX_MODE_NAME_LENGTH) {
    report(
      entry.pos,
      'invalid-mode',
      `mode name \`${name}\` must be lowercase letters and digits joined by single hyphens (e.g. \`dark-dimmed\`)`,
    );
    return false;
  }
  if (fields === undefined) {
    report(entry.valuePos, 'invalid-mode', `mode \`${name}\` must be a mapping \`{ base, media }\`, e.g. \`{ base: dark }\``);
    return false;
  }
  let ok = true;
  for (const [field, located] of Object.entries(fields)) {
    if (!MODE_FIELDS.includes(field)) {
      report(located.pos, 'invalid-mode', `mode \`${name}\` has no field \`${field}\` (allowed: base, media)`);
      ok = false;
    }
  }
  const base = fields['base'];
  if (base === undefined) {
    report(entry.pos, 'missing-field', `mode \`${name}\` is missing \`base\`, the mode it takes unset values from (e.g. \`base: dark\`)`);
    ok = false;
  } else if (typeof base.value !== 'string') {
    report(base.pos, 'invalid-mode', `\`base\` of mode \`${name}\` must be a mode name, got ${describeValue(base.value)}`);
    ok = false;
  }
  const media = fields['media'];
  if (
    media !== undefined &&
    (typeof media.value !== 'string' || !MEDIA_CONDITION.test(media.value) || media.value.length > MAX_MEDIA_LENGTH)
  ) {
    report(
      media.pos,
      'invalid-mode',
      `\`media\` of mode \`${name}\` must be a media condition in parentheses, e.g. "(prefers-contrast: more)", got ${describeValue(media.value)}`,
    );
    ok = false;
  } else if (media !== undefined) {
    const breakout = findCssBreakout(media.value as string, 'media');
    if (breakout !== undefined) {
      report(
        media.pos,
        'invalid-mode',
        `\`media\` of mode \`${name}\` must be one media condition: ${breakout}, got ${describeValue(media.value)}`,
      );
      ok = false;
    }
  }
  return ok;
}

/** The modes whose chain of bases reaches `light`; each mode on a cycle is reported at its `base`. */
function withoutCycles(declared: readonly ModeDefinition[], written: readonly NamedFields[], report: Report): ModeDefinition[] {
  const byName = new Map(declared.map((mode) => [mode.name, mode]));
  const reachesLight = (mode: ModeDefinition): boolean => {
    const seen = new Set<string>();
    let current: ModeDefinition | undefined = mode;
    while (current !== undefined && current.base !== null && !BUILT_IN_MODES.some((builtIn) => builtIn.name === current?.base)) {
      if (seen.has(current.name)) return false;
      seen.add(current.name);
      current = byName.get(current.base);
    }
    return current !== undefined;
  };
  return declared.filter((mode) => {
    if (reachesLight(mode)) return true;
    const entry = written.find((candidate) => candidate.name === mode.name);
    report(
      entry?.fields?.['base']?.pos ?? entry?.pos ?? { file: '', line: 1, column: 1 },
      'mode-cycle',
      `mode \`${mode.name}\` takes its values from itself through \`base\` (${describeCycle(mode, byName)})`,
    );
    return false;
  });
}

function describeCycle(start: ModeDefinition, byName: ReadonlyMap<string, ModeDefinition>): string {
  const path = [start.name];
  let current = byName.get(start.base ?? '');
  while (current !== undefined && !path.includes(current.name)) {
    path.push(current.name);
    current = byName.get(current.base ?? '');
  }
  return [...path, current?.name ?? '?'].join(' → ');
}
