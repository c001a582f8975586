import type { DesignSystemMeta } from '../../compile/types.js';
import type { ContrastRegression } from './contrast-regressions.js';
import type {
  ChangeLevel,
  DesignSystemDiff,
  DiffModeValues,
  DiffSide,
  DiffStepColors,
  DiffValue,
  TokenChange,
} from './diff-design-systems.js';
import type { DiffBreakpoint } from './breakpoint-changes.js';
import { BASE_BREAKPOINT } from '../shared/breakpoint-systems.js';

/** What `/diff?format=markdown` shows: the design system, both sides, the diff, and any contrast regressions. */
export interface DiffMarkdownInput {
  readonly system: Pick<DesignSystemMeta, 'name' | 'slug'>;
  readonly from: DiffSide;
  readonly to: DiffSide;
  readonly diff: DesignSystemDiff;
}

/** How long the Markdown may grow: table rows in all (a GitHub comment holds 65,536 characters), and rows shown open. */
export interface DiffMarkdownLimits {
  /** Table rows across every section; an item whose rows do not all fit is left out and counted in "and N more". */
  readonly maxRows: number;
  /** A section with more rows than this is folded into a `<details>`. */
  readonly collapseAfter: number;
}

/** The limits `/diff?format=markdown` uses: 100 rows in all, a section of more than 10 folded. */
export const DIFF_MARKDOWN_LIMITS: DiffMarkdownLimits = { maxRows: 100, collapseAfter: 10 };

/** The longest value or message written into a cell, in characters (longer ones end with `…`). */
const VALUE_LENGTH = 100;
const TEXT_LENGTH = 300;

/** One section of the Markdown: a heading, its table's header, and its items, each one or more rows of cells. */
export interface MarkdownSection {
  readonly title: string;
  readonly header: readonly string[];
  readonly items: readonly (readonly (readonly string[])[])[];
  /** How many items the section has when `items` holds only the first of them (as many as could be shown). */
  readonly total?: number;
}

const LEVEL_TEXT: Record<ChangeLevel, string> = {
  major: 'breaking: something was removed or retyped, or a contrast pair fails where it passed',
  minor: 'something was added; nothing was removed or retyped',
  patch: 'only values changed',
  none: 'nothing changed',
};

/**
 * `GET /diff?format=markdown`: the diff as GitHub-flavoured Markdown for a pull-request comment; every string a
 * designer wrote is escaped (plain text) or in a code span, so it can neither break a table nor bring HTML.
 * @example renderDiffMarkdown({ system, from, to, diff }) // '### Design token changes in DS (`ds`): patch\n\nFrom `v1` (`3f2c1ab`) to `9a1b2c3`: only values changed.\n\n#### Changed (1)\n\n| Name | Mode | Before | After |\n...'
 */
export function renderDiffMarkdown(input: DiffMarkdownInput, limits: DiffMarkdownLimits = DIFF_MARKDOWN_LIMITS): string {
  const { system, diff } = input;
  const lines = [
    `### Design token changes in ${escapeText(system.name)} (${codeSpan(system.slug)}): ${diff.level}`,
    '',
    `From ${describeSide(input.from)} to ${describeSide(input.to)}: ${LEVEL_TEXT[diff.level]}.`,
    '',
  ];
  const sections = [buildContrastRegressionSection(diff.contrastRegressions, limits.maxRows), ...buildChangeSections(diff)];
  let budget = limits.maxRows;
  for (const section of sections) {
    const total = section?.total ?? section?.items.length ?? 0;
    if (section === undefined || total === 0) continue;
    const shown: (readonly string[])[] = [];
    let items = 0;
    for (const rows of section.items) {
      if (rows.length > budget) break;
      budget -= rows.length;
      shown.push(...rows);
      items += 1;
    }
    lines.push(...renderSection(section, shown, items, limits));
    // Once one item did not fit, no later (smaller) one may jump the queue.
    if (items < total) budget = 0;
  }
  while (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

function renderSection(
  section: MarkdownSection,
  rows: readonly (readonly string[])[],
  items: number,
  limits: DiffMarkdownLimits,
): string[] {
  const total = section.total ?? section.items.length;
  const lines = [`#### ${section.title} (${total})`, ''];
  const collapsed = rows.length > limits.collapseAfter;
  if (collapsed) lines.push(`<details><summary>${items === total ? `Show all ${total}` : `Show ${items} of ${total}`}</summary>`, '');
  if (rows.length > 0) {
    lines.push(tableRow(section.header), tableRow(section.header.map(() => '---')), ...rows.map(tableRow), '');
  }
  if (items < total) lines.push(`…and ${total - items} more not shown (the JSON answer lists every change).`, '');
  if (collapsed) lines.push('</details>', '');
  return lines;
}

const tableRow = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

/**
 * The extension point for contrast results: a section listing each pair that regressed, per mode, with ratios cut
 * (never rounded up) to two decimals; undefined when there is none. Rows are written for the first `shown` only (one
 * a regression: no more can be shown), however many there are (up to 20,000).
 */
export function buildContrastRegressionSection(
  regressions?: readonly ContrastRegression[],
  shown = Number.POSITIVE_INFINITY,
): MarkdownSection | undefined {
  if (regressions === undefined || regressions.length === 0) return undefined;
  return {
    title: 'Contrast regressions',
    header: ['Pair', 'Mode', 'Before', 'After', 'Required'],
    total: regressions.length,
    items: regressions
      .slice(0, shown)
      .map((regression) => [
        [
          escapeText(regression.pair),
          escapeText(regression.mode),
          regression.before === null ? '—' : formatRatio(regression.before),
          formatRatio(regression.after),
          `${String(Math.round(regression.required * 100) / 100)}:1`,
        ],
      ]),
  };
}

/** `4.499` -> `4.49:1`: cut, not rounded, so a ratio just under a threshold never reads as meeting it. */
const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2)}:1`;

/** A breakpoint's condition as a stylesheet writes it: `(min-width: 48rem)`, `@container card (min-width: 30rem)`. */
const conditionText = (condition: Omit<DiffBreakpoint, 'name'>): string =>
  `${condition.container === null ? '' : `@container ${condition.container} `}(min-width: ${condition.minWidth})`;

/**
 * A changed token's rows: below the first breakpoint as {@link changeRows} writes them, then per breakpoint where its
 * value changed, the mode named `<mode> at <breakpoint>`; a side that does not declare the breakpoint shows `—`.
 */
function tokenChangeRows(name: string, token: TokenChange, diff: DesignSystemDiff): string[][] {
  if (token.changedAt === undefined) return changeRows(name, token.from, token.to);
  const added = new Set(diff.breakpoints?.added.map((breakpoint) => breakpoint.name));
  const removed = new Set(diff.breakpoints?.removed.map((breakpoint) => breakpoint.name));
  const at = (value: DiffValue, breakpoint: string, declared: boolean): DiffModeValues | undefined =>
    declared ? (value.breakpoints?.[breakpoint] ?? value) : undefined;
  return token.changedAt.flatMap((breakpoint) => {
    if (breakpoint === BASE_BREAKPOINT) return changeRows(name, token.from, token.to);
    const rows = changeRows(name, at(token.from, breakpoint, !added.has(breakpoint)), at(token.to, breakpoint, !removed.has(breakpoint)));
    return rows.map(([cell, mode, ...values]) => [cell as string, `${mode as string} at ${escapeText(breakpoint)}`, ...values]);
  });
}

/** Removed, retyped, changed, added and deprecated, most breaking first; tokens, then scales, then primitives in each. */
function buildChangeSections(diff: DesignSystemDiff): MarkdownSection[] {
  const { tokens, scales, primitives } = diff;
  const breakpointName = (name: string): string => `breakpoint ${codeSpan(name)}`;
  const primitiveName = (primitive: { type: string; key: string }): string => `primitive ${codeSpan(`${primitive.type}.${primitive.key}`)}`;
  const primitiveValue = (primitive: { value: number | string; unit: string | null }): string =>
    codeSpan(truncate(`${String(primitive.value)}${primitive.unit ?? ''}`, VALUE_LENGTH));
  /** What was added or removed: tokens with their values, whole scales, scale steps, primitives. */
  const entries = (title: string, side: 'added' | 'removed'): MarkdownSection => ({
    title,
    header: ['Name', 'Type', 'Value'],
    items: [
      ...tokens[side].map((token) => [[codeSpan(token.key), escapeText(token.type), valueCell(token.value)]]),
      ...scales[side].map((key) => [[`scale ${codeSpan(key)}`, 'color', '—']]),
      ...scales.changed.flatMap((scale) =>
        scale[side === 'added' ? 'stepsAdded' : 'stepsRemoved'].map((step) => [
          [`scale step ${codeSpan(`${scale.key}.${step}`)}`, 'color', '—'],
        ]),
      ),
      ...primitives[side].map((primitive) => [[primitiveName(primitive), escapeText(primitive.type), primitiveValue(primitive)]]),
      ...(diff.breakpoints?.[side] ?? []).map((breakpoint) => [
        [breakpointName(breakpoint.name), 'breakpoint', valueCode(conditionText(breakpoint))],
      ]),
    ],
  });
  return [
    entries('Removed', 'removed'),
    {
      title: 'Retyped',
      header: ['Token', 'Before', 'After'],
      items: tokens.retyped.map((token) => [
        [
          codeSpan(token.key),
          `${escapeText(token.from.type)} ${valueCell(token.from.value)}`,
          `${escapeText(token.to.type)} ${valueCell(token.to.value)}`,
        ],
      ]),
    },
    {
      title: 'Changed',
      header: ['Name', 'Mode', 'Before', 'After'],
      items: [
        ...tokens.changed.map((token) => {
          const affects = token.affects?.length ?? 0;
          const name =
            affects === 0
              ? codeSpan(token.key)
              : `${codeSpan(token.key)} (and ${affects} ${affects === 1 ? 'token that refers' : 'tokens that refer'} to it)`;
          return tokenChangeRows(name, token, diff);
        }),
        ...scales.changed.flatMap((scale) =>
          scale.stepsChanged.map((step) => changeRows(`scale step ${codeSpan(`${scale.key}.${step.step}`)}`, step.from, step.to)),
        ),
        ...primitives.changed.map((primitive) => [
          [primitiveName(primitive), 'all modes', primitiveValue(primitive.from), primitiveValue(primitive.to)],
        ]),
        ...(diff.breakpoints?.changed ?? []).map((breakpoint) => [
          [breakpointName(breakpoint.name), '—', valueCode(conditionText(breakpoint.from)), valueCode(conditionText(breakpoint.to))],
        ]),
      ],
    },
    entries('Added', 'added'),
    {
      title: 'Deprecated',
      header: ['Token', 'Since', 'Use instead', 'Message'],
      items: (tokens.deprecated ?? []).map(({ key, deprecated }) => [
        [
          codeSpan(key),
          deprecated.since === null ? '—' : escapeText(deprecated.since),
          deprecated.replacement === null ? '—' : codeSpan(deprecated.replacement),
          deprecated.message === null ? '—' : escapeText(truncate(deprecated.message, TEXT_LENGTH)),
        ],
      ]),
    },
  ];
}

/** A side's values in every mode it has: light, dark (light when null), then its further modes; none when undefined. */
function valuesPerMode(value: DiffModeValues | DiffStepColors | undefined): [string, string][] {
  if (value === undefined) return [];
  return [['light', value.light], ['dark', value.dark ?? value.light], ...Object.entries(value.modes ?? {})];
}

/** The one value a side has in every mode, or undefined when the modes differ. */
function uniformValue(values: readonly [string, string][]): string | undefined {
  const first = values[0]?.[1];
  return values.every(([, value]) => value === first) ? first : undefined;
}

/**
 * One row for a change the same in every mode (`all modes`), else one row per mode whose value differs (`—` for a
 * mode one side does not have; a side undefined has none).
 */
function changeRows(
  name: string,
  from: DiffModeValues | DiffStepColors | undefined,
  to: DiffModeValues | DiffStepColors | undefined,
): string[][] {
  const before = valuesPerMode(from);
  const after = valuesPerMode(to);
  const sameModes = before.length === after.length && before.every(([mode], index) => after[index]?.[0] === mode);
  const [was, is] = [uniformValue(before), uniformValue(after)];
  if (sameModes && was !== undefined && is !== undefined) return [[name, 'all modes', valueCode(was), valueCode(is)]];
  // A breakpoint one side does not declare: one row when the other side has one value there.
  if ((before.length === 0 && is !== undefined) || (after.length === 0 && was !== undefined))
    return [[name, 'all modes', optionalValue(was), optionalValue(is)]];
  const [beforeByMode, afterByMode] = [new Map(before), new Map(after)];
  const modes = [...new Set([...beforeByMode.keys(), ...afterByMode.keys()])];
  return modes
    .filter((mode) => beforeByMode.get(mode) !== afterByMode.get(mode))
    .map((mode) => [name, escapeText(mode), optionalValue(beforeByMode.get(mode)), optionalValue(afterByMode.get(mode))]);
}

const optionalValue = (value: string | undefined): string => (value === undefined ? '—' : valueCode(value));
const valueCode = (value: string): string => codeSpan(truncate(value, VALUE_LENGTH));

/** A value that is the same in every mode once; else `mode value` per mode, one a line. */
function valueCell(value: DiffValue): string {
  const values = valuesPerMode(value);
  const uniform = uniformValue(values);
  if (uniform !== undefined) return valueCode(uniform);
  return values.map(([mode, text]) => `${escapeText(mode)} ${valueCode(text)}`).join('<br>');
}

/** `` `v1` (`3f2c1ab`) ``, `` `3f2c1ab` `` when the ref is the sha, `the live files (...)` for the live snapshot. */
function describeSide(side: DiffSide): string {
  const sha = side.sha === null ? undefined : codeSpan(side.sha.slice(0, 7));
  if (side.ref === null) return sha === undefined ? 'the live files' : `the live files (${sha})`;
  if (sha === undefined || side.ref === side.sha) return sha ?? codeSpan(side.ref);
  return `${codeSpan(side.ref)} (${sha})`;
}

const truncate = (text: string, length: number): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`);

/** Line breaks of any kind: a table row, a heading and a code span are each one line. */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/g;

/**
 * Text shown as written: each character that could start Markdown (emphasis, links, code, tables, math, HTML and
 * entities) is backslash-escaped, and `@` is followed by a zero-width space so no one is mentioned.
 */
function escapeText(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(/[\\`*_[\]<>|~$&]/g, (character) => `\\${character}`)
    .replace(/@/g, '@&#8203;');
}

/**
 * A code span that holds `text` as written (GitHub shows a swatch beside a hex color in one): a fence longer than any
 * run of backticks inside, padded when the text starts or ends with a backtick or space, and `|` escaped (a table
 * reads `\|` as `|` even inside code; slugs and refs, the code spans outside tables, never hold one). A `|` right after
 * a backslash starts a second span: table parsers do not agree on a pipe after two backslashes (marked splits the
 * cell there), and a backtick between them leaves one reading (with a zero-width space, so the fences do not merge).
 */
function codeSpan(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .split(/(?<=\\)(?=\|)/)
    .map((part) => {
      const content = part.replace(/\|/g, '\\|');
      const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(longest + 1);
      return `${fence}${/^[` ]|[` ]$/.test(content) ? ` ${content} ` : content}${fence}`;
    })
    .join('&#8203;');
}
