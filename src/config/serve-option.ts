/** The flag of an option: `--<name> <value>` (the value's placeholder shows in `--help`). */
export interface OptionFlag {
  readonly name: string;
  readonly value: string;
}

interface OptionBase {
  /** Undefined: the option is read from the environment only (a secret a flag would show in the process list). */
  readonly flag?: OptionFlag;
  readonly env: string;
  /** One line, Markdown code spans allowed: the README's table shows it as it is, `--help` without the backticks. */
  readonly description: string;
}

interface OptionWithDefault<T> extends OptionBase {
  /** The text read when neither the flag nor the environment variable is given: parsed like a given value. */
  readonly default: string;
  /** The value of the text; throws an Error with the message the user sees, naming the option as `name`. */
  readonly parse: (text: string, name: string) => T;
}

interface OptionWithoutDefault<T> extends OptionBase {
  readonly default?: undefined;
  /** What happens when the option is not given, for the docs (`none (CORS off)`). */
  readonly whenUnset: string;
  readonly parse: (text: string | undefined, name: string) => T;
}

/** One setting of `serve`: where its text comes from, its default, how it is parsed and how it is documented. */
export type ServeOption<T> = OptionWithDefault<T> | OptionWithoutDefault<T>;

/** The value type of an option. */
export type OptionValue<O> = O extends ServeOption<infer T> ? T : never;

/** The option as it is (the helper only lets TypeScript infer the type of its value from `parse`). */
export function defineOption<T>(option: ServeOption<T>): ServeOption<T> {
  return option;
}

/** How messages and docs name an option: its flag (`--port`), else its environment variable. */
export function nameOf(option: ServeOption<unknown>): string {
  return option.flag === undefined ? option.env : `--${option.flag.name}`;
}

/** The option's value: the flag's text, else the environment variable's (even empty), else the default. */
export function readOption<T>(option: ServeOption<T>, flagText: string | undefined, env: NodeJS.ProcessEnv): T {
  const given = flagText ?? env[option.env];
  return option.default === undefined ? option.parse(given, nameOf(option)) : option.parse(given ?? option.default, nameOf(option));
}
