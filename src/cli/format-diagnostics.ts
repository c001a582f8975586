import type { Diagnostic } from '../compile/types.js';
import { ALL_RULES } from '../views/formats/format-rules.js';
import { codeFrame } from './code-frame.js';
import { PLAIN } from './terminal-style.js';
import type { Paint } from './terminal-style.js';

/** A validation result as the `validate` command reports it. */
export interface ValidationReport {
  /** Every problem, paths relative to the working directory, sorted by file, line, column and rule. */
  readonly diagnostics: readonly Diagnostic[];
  readonly designSystems: number;
  readonly tokens: number;
  /** Number of key entries checked; undefined when no keys file was given. */
  readonly keys: number | undefined;
}

/** `path:line:column  severity  message  (rule)`, the shape ESLint's unix formatter and tsc use. */
export function formatDiagnosticLine(diagnostic: Diagnostic, paint: Paint = PLAIN): string {
  const severity = paint(diagnostic.severity === 'error' ? ['red', 'bold'] : ['yellow', 'bold'], diagnostic.severity);
  const place = paint('bold', `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`);
  return `${place}  ${severity}  ${diagnostic.message}  ${paint('dim', `(${diagnostic.rule})`)}`;
}

/** How the text report looks: colours, and the source texts (by the path the report shows) to quote under each problem. */
export interface TextReportStyle {
  readonly paint?: Paint;
  readonly sources?: ReadonlyMap<string, string>;
}

/** The last line of the text report: `✖ 3 problems (2 errors, 1 warning)` or `✔ 2 design systems, 211 tokens, no problems`. */
export function formatSummary(report: ValidationReport): string {
  const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = report.diagnostics.length - errors;
  if (report.diagnostics.length === 0) {
    const keys = report.keys === undefined ? '' : `, ${count(report.keys, 'key')}`;
    return `✔ ${count(report.designSystems, 'design system')}, ${count(report.tokens, 'token')}${keys}, no problems`;
  }
  return `${errors > 0 ? '✖' : '⚠'} ${count(report.diagnostics.length, 'problem')} (${count(errors, 'error')}, ${count(warnings, 'warning')})`;
}

/** The whole text report: one line per problem (with its source lines under it when `sources` has them), then the summary. */
export function formatTextReport(report: ValidationReport, style: TextReportStyle = {}): string {
  const paint = style.paint ?? PLAIN;
  const lines = report.diagnostics.map((diagnostic) => {
    const line = formatDiagnosticLine(diagnostic, paint);
    const text = style.sources?.get(diagnostic.file);
    const frame = text === undefined ? '' : codeFrame(text, diagnostic.line, diagnostic.column, (caret) => paint('red', caret));
    return frame === '' ? line : `${line}\n${frame}\n`;
  });
  const summary = formatSummary(report);
  const errors = report.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return [...lines, paint(report.diagnostics.length === 0 ? 'green' : errors ? 'red' : 'yellow', summary)].join('\n') + '\n';
}

/**
 * GitHub Actions workflow commands, one per problem (`::error file=...,line=...,col=...,title=<rule>::<message>`), so
 * a workflow step shows each problem on the pull request's lines; then the summary as a plain line.
 */
export function formatGithubReport(report: ValidationReport): string {
  const lines = report.diagnostics.map(({ file, line, column, severity, rule, message }) => {
    const properties = `file=${githubProperty(file)},line=${line},col=${column},title=${githubProperty(rule)}`;
    return `::${severity === 'error' ? 'error' : 'warning'} ${properties}::${githubData(message)}`;
  });
  return [...lines, formatSummary(report)].join('\n') + '\n';
}

/** A workflow command's message: `%`, CR and LF escaped (GitHub's toolkit `escapeData`). */
function githubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: as a message, plus `:` and `,` (GitHub's toolkit `escapeProperty`). */
function githubProperty(text: string): string {
  return githubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The JSON report: an array of `{ file, line, column, severity, rule, message }`, nothing else. */
export function formatJsonReport(report: ValidationReport): string {
  const rows = report.diagnostics.map(({ file, line, column, severity, rule, message }) => ({
    file,
    line,
    column,
    severity,
    rule,
    message,
  }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const RULE_IDS = ALL_RULES.map(([id]) => id);

/**
 * The report as a SARIF 2.1.0 log (what GitHub code scanning and other review tools read): one run of `token-server`
 * whose driver lists every rule of the registry, and one result per problem with its rule, level, message and place
 * (the path relative to the working directory, under `%SRCROOT%`). No summary: the output is one JSON document.
 */
export function formatSarifReport(report: ValidationReport): string {
  const rules = ALL_RULES.map(([id, rule]) => ({
    id,
    shortDescription: { text: rule.catches },
    defaultConfiguration: { level: rule.severities[0] },
  }));
  const results = report.diagnostics.map(({ file, line, column, severity, rule, message }) => ({
    ruleId: rule,
    ruleIndex: RULE_IDS.indexOf(rule),
    level: severity,
    message: { text: message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: sarifUri(file), uriBaseId: '%SRCROOT%' },
          region: { startLine: line, startColumn: column },
        },
      },
    ],
  }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'token-server', rules } }, results }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A relative path as a URI reference: each segment percent-encoded (a space, `#` or `%` in a folder name). */
function sarifUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
