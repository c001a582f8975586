import type { ServeOption } from './serve-option.js';
import { SERVE_OPTIONS } from './serve-options.js';

const HELP_LABEL_WIDTH = 30;
const HELP_WIDTH = 100;
const HELP_DESCRIPTION_INDENT = '      ';

/** The README's configuration table (Markdown): flag, environment variable, default and meaning of every option. */
export function renderServeOptionsTable(): string {
  const rows = Object.values(SERVE_OPTIONS).map((option: ServeOption<unknown>) => {
    const flag = option.flag === undefined ? '—' : `\`--${option.flag.name}\``;
    const shownDefault = option.default === undefined ? option.whenUnset : `\`${option.default}\``;
    return `| ${flag} | \`${option.env}\` | ${shownDefault} | ${option.description} |`;
  });
  return ['| Flag | Environment | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * The options part of `serve --help`: each flag with its environment variable (in brackets) and default, its
 * description below; then the options read from the environment only.
 */
export function renderServeOptionsHelp(): string {
  const options: readonly ServeOption<unknown>[] = Object.values(SERVE_OPTIONS);
  const flags = options.filter((option) => option.flag !== undefined).map((option) => renderHelpEntry(option));
  const environmentOnly = options.filter((option) => option.flag === undefined).map((option) => renderHelpEntry(option));
  return [...flags, '', 'Environment only (a flag would show the value in the process list):', ...environmentOnly].join('\n');
}

function renderHelpEntry(option: ServeOption<unknown>): string {
  const label = option.flag === undefined ? option.env : `--${option.flag.name} <${option.flag.value}>`;
  const source = option.flag === undefined ? '' : `[${option.env}] `;
  const shownDefault = option.default ?? withoutBackticks(option.whenUnset);
  const heading = `  ${label.padEnd(HELP_LABEL_WIDTH - 2)}${source}default: ${shownDefault}`;
  return [heading, ...wrap(withoutBackticks(option.description), HELP_WIDTH - HELP_DESCRIPTION_INDENT.length)]
    .map((line, index) => (index === 0 ? line : `${HELP_DESCRIPTION_INDENT}${line}`))
    .join('\n');
}

function withoutBackticks(markdown: string): string {
  return markdown.replaceAll('`', '');
}

/** The text in lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}
