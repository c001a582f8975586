import type { CompiledDesignSystem } from '../../compile/types.js';
import { renderCss } from '../../views/formats/css/export-css.js';
import { BASE_BREAKPOINT, systemAtBreakpoint } from '../../views/shared/breakpoint-systems.js';
import { CLAMP_SUPPORT } from '../../views/formats/css/responsive-css.js';
import { compareCssValues } from './compare-css-values.js';
import { cascade, readBuild } from './read-build.js';
import type { BuildContext, BuildFile } from './read-build.js';

/** One value that differs: the name as the build writes it, its value there, and what we serve. */
export interface AgainstDifference {
  readonly name: string;
  readonly build: string;
  readonly ours: string;
}

/** One mode compared with the build's values it was matched with. */
export interface AgainstMode {
  /** The mode, and for a system with breakpoints the breakpoint too: `light at md` (`base`: below the first). */
  readonly mode: string;
  /** The build file(s) and selector (or media query) whose values this mode was matched with. */
  readonly matched: string;
  readonly compared: number;
  /** Equal as written, or by meaning (colors as 8-bit RGBA, font stacks, weights, `ms`/`s`). */
  readonly equal: number;
  /** Of `equal`, those equal only once rem is taken as 16px (`1.125rem` and `18px`). */
  readonly equalRem: number;
  readonly differ: readonly AgainstDifference[];
  /** Names the build writes there that we serve no property for (tokens left out, or the build's own). */
  readonly onlyBuild: readonly string[];
  /** Properties we serve that the build does not write there. */
  readonly onlyOurs: readonly string[];
}

/** What `--against` found: every mode's comparison, the files it could not read, and whether everything equals. */
export interface AgainstResult {
  readonly modes: readonly AgainstMode[];
  readonly unread: readonly { readonly file: string; readonly reason: string }[];
  /** A name prefix the build writes before every name and we do not (`--ams-`), or we and it does not. */
  readonly prefix: { readonly build: string; readonly ours: string };
  readonly allEqual: boolean;
}

/** A name as compared: without `--`, case, and separators (`--color-bg`, `color.bg`, `ColorBg` are one name). */
const normalName = (name: string): string =>
  name
    .replace(/^--/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
/** A name's first word, lowercase (`--ams-color-x` and `amsColorX`: `ams`). */
const firstWord = (name: string): string =>
  name
    .replace(/^--/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .split(/[-_.]/)[0]
    ?.toLowerCase() ?? '';

/** One place of the build a mode can be matched with: its values, with the root rules under a CSS rule's own. */
interface Candidate {
  readonly label: string;
  readonly values: ReadonlyMap<string, string>;
  readonly files: readonly string[];
  readonly css: boolean;
}

/**
 * Compares what the server serves for `system` (its CSS export, one mode at a time: the server's own compile and view)
 * with a system's own build (`files`: CSS custom properties per selector or media query, JSON, JS), in each of
 * `modes`. Each mode is matched with the place of the build whose values equal most of ours there (a CSS rule counts
 * with the root rules under it, as the cascade gives it, `var()` followed after; `light` first, every other mode over the place `light` was
 * matched with), unless `chosen` names that mode's files. Names are matched without case and separators, after a
 * prefix only one side writes.
 */
export function compareWithBuild(
  system: CompiledDesignSystem,
  modes: readonly string[],
  files: readonly BuildFile[],
  chosen: Readonly<Record<string, readonly string[]>> = {},
): AgainstResult {
  const { contexts, unread } = readBuild(files);
  // A system with breakpoints is compared at each: below the first (`base`), then at each one, in every mode.
  const breakpoints =
    (system.breakpoints ?? []).length === 0 ? [undefined] : [BASE_BREAKPOINT, ...(system.breakpoints ?? []).map((each) => each.name)];
  const rows = modes.flatMap((mode) =>
    breakpoints.map((breakpoint) => ({
      mode,
      breakpoint,
      label: breakpoint === undefined ? mode : `${mode} at ${breakpoint}`,
      served: servedValues(breakpoint === undefined ? system : systemAtBreakpoint(system, breakpoint), mode),
    })),
  );
  const prefix = bestPrefix(contexts, rows[0]?.served ?? new Map());
  const ourName = (name: string): string | undefined => {
    const normal = normalName(name);
    if (!normal.startsWith(prefix.build)) return undefined;
    return `${prefix.ours}${normal.slice(prefix.build.length)}`;
  };
  const roots = contexts.filter((context) => context.root);
  const candidates: Candidate[] = [];
  const rootFiles = [...new Set(roots.map((context) => context.file))];
  if (roots.length > 0)
    candidates.push({ label: roots.map((context) => context.label).join(' + '), values: cascade(roots), files: rootFiles, css: true });
  // Files that each declare the whole root (a light and a dark stylesheet, one loaded at a time): each over the others.
  if (rootFiles.length > 1) {
    for (const file of rootFiles) {
      const own = roots.filter((context) => context.file === file);
      const values = cascade([...roots.filter((context) => context.file !== file), ...own]);
      candidates.push({
        label: `${own.map((context) => context.label).join(' + ')} (over the other root rules)`,
        values,
        files: [file],
        css: true,
      });
    }
  }
  for (const context of contexts.filter((each) => !each.root)) {
    const css = context.label !== context.file;
    candidates.push({
      label: context.label,
      values: css ? cascade([...roots, context]) : context.values,
      files: [context.file],
      css,
    });
  }

  // With breakpoints, a build may select a mode and a breakpoint by two rules at once (Spectrum's `.spectrum--dark`
  // and `.spectrum--large` on one element): every two of its rules, one over the other, are places too.
  if (breakpoints[0] !== undefined) {
    const rules = contexts.filter((context) => !context.root && context.label !== context.file);
    for (const first of rules)
      for (const second of rules.filter((other) => other !== first))
        candidates.push({
          label: `${first.label} + ${second.label.slice(second.file.length + 1)}`,
          values: cascade([...roots, first, second]),
          files: [...new Set([first.file, second.file])],
          css: true,
        });
  }
  const cache = new Map<string, ReturnType<typeof compareCssValues>>();
  const compare = (build: string, served: string): ReturnType<typeof compareCssValues> => {
    const key = `${build}\u0000${served}`;
    let outcome = cache.get(key);
    if (outcome === undefined) {
      outcome = compareCssValues(build, served);
      cache.set(key, outcome);
    }
    return outcome;
  };
  const results: AgainstMode[] = [];
  let base: Candidate | undefined;
  for (const { mode, breakpoint, label, served } of rows) {
    const allowed = (breakpoint === undefined ? undefined : chosen[breakpoint]) ?? chosen[mode];
    const choices = candidates
      .filter((candidate) => allowed === undefined || candidate.files.some((file) => allowed.includes(file)))
      .map((candidate) =>
        // A JSON or JS file of one mode may hold only what differs: it is read over the place light was matched with.
        base === undefined || candidate.css || candidate === base
          ? candidate
          : { ...candidate, values: new Map([...base.values, ...candidate.values]) },
      );
    let best: { candidate: Candidate; result: AgainstMode } | undefined;
    for (const candidate of choices) {
      const result = compareMode(label, candidate, served, ourName, compare);
      const better =
        best === undefined ||
        result.equal > best.result.equal ||
        (result.equal === best.result.equal && best.candidate === base && candidate !== base);
      if (better) best = { candidate, result };
    }
    if (best === undefined) {
      results.push({
        mode: label,
        matched: '(nothing in the build)',
        compared: 0,
        equal: 0,
        equalRem: 0,
        differ: [],
        onlyBuild: [],
        onlyOurs: [...served.keys()],
      });
      continue;
    }
    if (base === undefined || (mode === 'light' && (breakpoint === undefined || breakpoint === BASE_BREAKPOINT))) base = best.candidate;
    results.push(best.result);
  }
  const allEqual = results.length > 0 && results.every((result) => result.compared > 0 && result.differ.length === 0);
  return { modes: results, unread, prefix, allEqual };
}

function compareMode(
  mode: string,
  candidate: Candidate,
  served: ReadonlyMap<string, string>,
  ourName: (name: string) => string | undefined,
  compare: (build: string, served: string) => ReturnType<typeof compareCssValues>,
): AgainstMode {
  const byNormal = new Map<string, [string, string]>();
  for (const [name, value] of served) if (!byNormal.has(normalName(name))) byNormal.set(normalName(name), [name, value]);
  const seen = new Set<string>();
  const differ: AgainstDifference[] = [];
  const onlyBuild: string[] = [];
  let equal = 0;
  let equalRem = 0;
  for (const [name, value] of candidate.values) {
    const normal = ourName(name);
    const mine = normal === undefined ? undefined : byNormal.get(normal);
    if (mine === undefined || seen.has(mine[0])) {
      onlyBuild.push(name);
      continue;
    }
    seen.add(mine[0]);
    const outcome = compare(value, mine[1]);
    if (outcome === 'differ') differ.push({ name, build: value, ours: mine[1] });
    else {
      equal += 1;
      if (outcome === 'equal-rem') equalRem += 1;
    }
  }
  const onlyOurs = [...served.keys()].filter((name) => !seen.has(name));
  return { mode, matched: candidate.label, compared: equal + differ.length, equal, equalRem, differ, onlyBuild, onlyOurs };
}

/** Our CSS export's custom properties in one mode (values resolved, as the server serves them by default). */
function servedValues(system: CompiledDesignSystem, mode: string): ReadonlyMap<string, string> {
  const css = renderCss(system, { naming: 'kebab-case', mode });
  // A browser that has `clamp()` (every one a build is compared for) takes the fluid values of `@supports` over the static ones.
  const rules = readBuild([{ path: 'served.css', text: css }]).contexts.filter(
    (context) => context.root || context.label === `served.css @supports ${CLAMP_SUPPORT} :root`,
  );
  return cascade(rules);
}

/**
 * The name prefix only one side writes (a build's `--ams-` before names we write without it, or a top-level group of
 * ours the build leaves out), as normalized names: the one under which most names match, none when no prefix helps.
 */
function bestPrefix(contexts: readonly BuildContext[], ours: ReadonlyMap<string, string>): { build: string; ours: string } {
  const buildNames = [...new Set(contexts.flatMap((context) => [...context.values.keys()]))];
  const ourNames = [...ours.keys()];
  const ourNormal = new Set(ourNames.map(normalName));
  const common = (names: readonly string[]): string[] => {
    const counts = new Map<string, number>();
    for (const name of names) counts.set(firstWord(name), (counts.get(firstWord(name)) ?? 0) + 1);
    return [...counts].filter(([word, count]) => word !== '' && count >= names.length / 2).map(([word]) => word);
  };
  const noPrefix = { build: '', ours: '' };
  const options = [
    noPrefix,
    ...common(buildNames).map((word) => ({ build: word, ours: '' })),
    ...common(ourNames).map((word) => ({ build: '', ours: word })),
  ];
  const matches = (option: { build: string; ours: string }): number =>
    buildNames.filter((name) => {
      const normal = normalName(name);
      return normal.startsWith(option.build) && ourNormal.has(`${option.ours}${normal.slice(option.build.length)}`);
    }).length;
  let best = noPrefix;
  let bestCount = matches(best);
  for (const option of options.slice(1)) {
    const count = matches(option);
    if (count > bestCount) [best, bestCount] = [option, count];
  }
  return best;
}
