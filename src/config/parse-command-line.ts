import { parseArgs } from 'node:util';
import { didYouMean } from '../compile/diagnostics/suggest.js';

/** The options of one command, as `node:util` `parseArgs` takes them. */
export type CommandOptions = Record<
  string,
  { readonly type: 'string' | 'boolean'; readonly short?: string; readonly default?: string; readonly multiple?: boolean }
>;

/** One option's value: its text (each text when it may be repeated), or `true` for a flag. */
type OptionValue<Option extends CommandOptions[string]> = Option['type'] extends 'string'
  ? Option['multiple'] extends true
    ? string[]
    : string
  : boolean;

/** What a command line gave: each option's value and the arguments that are not options. */
export interface CommandLine<Options extends CommandOptions> {
  readonly values: { [Name in keyof Options]?: OptionValue<Options[Name]> };
  readonly positionals: string[];
}

/**
 * Parses `args` for `command` (as the user types it: `validate`, `keys create`) with our own messages: an unknown
 * option names the closest one and lists them all, a missing value says how to give one, an argument a command does
 * not take says so. Node's `parseArgs` messages (`Unknown option '--fix'. To specify a positional argument...`) speak
 * of its own API; these speak of the command. Throws a plain Error; the caller decides it is a usage error.
 */
export function parseCommandLine<Options extends CommandOptions>(
  command: string,
  args: readonly string[],
  options: Options,
  allowPositionals: boolean,
): CommandLine<Options> {
  // Lenient parsing gives every token; the checks below are the strict ones, in our words.
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | string[] | boolean> = {};
  const positionals: string[] = [];
  const names = Object.keys(options);
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!allowPositionals) throw new Error(`unexpected argument \`${token.value}\`: ${command} takes no arguments, only options`);
      positionals.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    const option = options[token.name];
    if (option === undefined) {
      const hint = didYouMean(
        `--${token.name}`,
        names.map((name) => `--${name}`),
      );
      throw new Error(
        `unknown option \`${token.rawName}\` for ${command}${hint}; its options are ${names.map((name) => `--${name}`).join(', ')}`,
      );
    }
    if (option.type === 'string') {
      if (token.value === undefined) throw new Error(`option \`--${token.name}\` needs a value, as in \`--${token.name} <value>\``);
      const previous = values[token.name];
      values[token.name] = option.multiple === true ? [...(Array.isArray(previous) ? previous : []), token.value] : token.value;
    } else {
      if (token.inlineValue === true)
        throw new Error(`option \`--${token.name}\` takes no value (got \`${token.rawName}=${String(token.value)}\`)`);
      values[token.name] = true;
    }
  }
  for (const [name, option] of Object.entries(options))
    if (option.default !== undefined && !(name in values)) values[name] = option.default;
  return { values: values as CommandLine<Options>['values'], positionals };
}
