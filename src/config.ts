import type { OptionValue, ServeOption } from './config/serve-option.js';
import { readOption } from './config/serve-option.js';
import { SERVE_OPTIONS } from './config/serve-options.js';
import { parseCommandLine } from './config/parse-command-line.js';

/** Server settings: each from a flag, else an environment variable, else its default (`SERVE_OPTIONS` says which). */
export type ServeConfig = { readonly [Key in keyof typeof SERVE_OPTIONS]: OptionValue<(typeof SERVE_OPTIONS)[Key]> };

/** Parses `serve` flags and the environment; throws an Error with a plain message on a bad value. */
export function parseServeConfig(args: readonly string[], env: NodeJS.ProcessEnv): ServeConfig {
  const flagNames = Object.values(SERVE_OPTIONS).flatMap((option) => (option.flag === undefined ? [] : [option.flag.name]));
  const { values } = parseCommandLine(
    'serve',
    args,
    Object.fromEntries(flagNames.map((name) => [name, { type: 'string' as const }])),
    false,
  );
  const entries = Object.entries<ServeOption<unknown>>(SERVE_OPTIONS).map(([key, option]) => {
    const flagText = option.flag === undefined ? undefined : values[option.flag.name];
    return [key, readOption(option, typeof flagText === 'string' ? flagText : undefined, env)];
  });
  // Each entry's value is its option's `parse` result, which is how `ServeConfig` types it.
  return Object.fromEntries(entries) as ServeConfig;
}

/** Every setting's default, parsed: what modules with a setting of their own fall back to when not given one. */
export const SERVE_DEFAULTS: ServeConfig = parseServeConfig([], {});

/** The settings given, the rest as `serve` has them without flags or environment (tests and benchmarks start it so). */
export function completeServeConfig(settings: Partial<ServeConfig>): ServeConfig {
  return { ...SERVE_DEFAULTS, ...settings };
}
