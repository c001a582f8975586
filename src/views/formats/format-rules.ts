import { RULES } from '../../compile/diagnostics/rules.js';
import type { RuleInfo } from '../../compile/diagnostics/rules.js';
import { compareKeys } from '../../compile/diagnostics/sort-order.js';
import type { FormatRule } from './output-format.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from './output-formats.js';
import type { FormatId } from './output-formats.js';

/** A format's lint rule with the row that declares it. */
export interface DeclaredFormatRule extends FormatRule {
  readonly format: FormatId;
}

/**
 * Every rule of the formats' lints by id, from the rows (`rules` of each row of `OUTPUT_FORMATS`), in the table's order.
 * @example FORMAT_RULES.get('ios-name-clash')?.format // 'ios'
 */
export const FORMAT_RULES: ReadonlyMap<string, DeclaredFormatRule> = new Map(
  OUTPUT_FORMAT_IDS.flatMap((format) =>
    Object.entries(OUTPUT_FORMATS[format].rules ?? {}).map(([id, rule]) => [id, { ...rule, format }] as const),
  ),
);

/**
 * Every rule a diagnostic can name, sorted by id: the compiler's own (`RULES`) and every format's. What the docs'
 * table of rules and SARIF's list of rules show.
 * @example ALL_RULES[0] // ['alias-limit', { severities: ['error'], catches: 'YAML aliases in one file ...' }]
 */
export const ALL_RULES: readonly (readonly [string, RuleInfo])[] = [...Object.entries(RULES), ...FORMAT_RULES].sort(([a], [b]) =>
  compareKeys(a, b),
);

/** Whether a diagnostic of `rule` is a note `token-server build` tells (a value one output leaves out), not `validate`'s. */
export function isBuildNote(rule: string): boolean {
  return FORMAT_RULES.get(rule)?.reportedBy === 'build';
}
