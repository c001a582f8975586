import type { RuleInfo, Severity } from '../../compile/diagnostics/rules.js';
import type { CompiledDesignSystem, Token } from '../../compile/types.js';

/**
 * What one output format is: the contract every row of `OUTPUT_FORMATS` (output-formats.ts) fulfils. Everything else
 * about a format is derived from its row: its route, cache key, response schema, OpenAPI text, stored bodies, benchmark
 * route and its row in docs/api.md (a test holds the docs to the table).
 */
export interface OutputFormat<Options extends FormatOptions> {
  /** The route under `/api/v1`: `/export/<name>`. */
  readonly path: `/export/${string}`;
  /**
   * Where the output is used: `web` (a browser or a web build), `native` (an app: iOS, Android, Compose, Flutter, React
   * Native) or `design` (a design tool: the Figma plan).
   */
  readonly platform: Platform;
  /** The body's media type with its charset, exactly as sent. */
  readonly contentType: string;
  /** A few words for the docs' table and the OpenAPI text: what the body is. */
  readonly title: string;
  /** The OpenAPI description of a 200 body. */
  readonly description: string;
  /** JSON Schema of a JSON body for the OpenAPI document (default: any object for JSON, a string for text). */
  readonly bodySchema?: object;
  /** The query parameters the route takes besides `ref` and `designSystem`, as JSON Schema fragments. */
  readonly parameters: Readonly<Record<string, ParameterSchema>>;
  /**
   * The options the query asks for; throws `FormatOptionError` when parameters contradict each other. Called with the
   * query the route's schema validated (defaults filled in), or with settings no schema checked (an offline build):
   * it checks every value itself, with the messages of the API.
   */
  readOptions(query: FormatQuery): Options;
  /** Checks options against the design system being exported (a `mode` it has); throws `FormatOptionError`. */
  checkOptions?(options: Options, system: CompiledDesignSystem): void;
  /** The body: pure and deterministic, so equal systems and options give equal bytes. */
  render(system: CompiledDesignSystem, options: Options): string;
  /**
   * The rules this format's lint names, by id, each declared by one row only (the docs' rule table and SARIF list them
   * beside the compiler's `RULES`); a lint may also name a rule of another row of its kind (SCSS and Less name clashes
   * are the CSS row's `css-name-clash`).
   */
  readonly rules?: Readonly<Record<string, FormatRule>>;
  /**
   * Problems of this format alone (two tokens that get one identifier in it), for `validate` (placed at the token's
   * definition) and, for a rule `reportedBy: 'build'`, for `token-server build`'s notes. The server does not run them.
   */
  lint?(system: CompiledDesignSystem): readonly FormatDiagnostic[];
  /**
   * A format that is a folder (an asset catalog, Android `values/` and `values-night/`): its files, each rendered on
   * demand; `render` is then its manifest (`severalFiles` in several-files.ts). Served as docs/api.md "Formats of
   * several files" says: the manifest, each file at `<route>/<path>`, all of them at `<route>.zip`.
   */
  files?(system: CompiledDesignSystem, options: Options): readonly OutputFile[];
  /**
   * How an app's code names `token` in this output (the MCP `token_usage` answer), or undefined when the output leaves
   * it out: a native format's `lint` then says why, or else its `leftOutReason`.
   */
  usage?(system: CompiledDesignSystem, token: Token): TokenSymbol | undefined;
  /** Why `usage` gives no symbol for a token its lint does not warn about (a type the output has no form for). */
  leftOutReason?(token: Token): string;
  /** Query strings of example requests (`''` or `?a=b&c=d`): the first is the plain request, all have stored bodies. */
  readonly examples: readonly [string, ...string[]];
  /** The file (or, for a format of several files, the folder) an offline build writes for these options. */
  fileName(options: Options): string;
}

/** Where an output format is used; MCP's `token_usage` explains why a `native` one leaves a token out. */
export type Platform = 'web' | 'native' | 'design';

/** What an app writes to read a token in one output: an expression, or one per place (Android: XML and code). */
export type TokenSymbol = string | { readonly [part: string]: string | readonly string[] };

/** A format without parameters. */
export type NoOptions = Readonly<Record<never, never>>;

/** Pins a row's options type; the row itself is checked against `OutputFormat`. */
export const defineFormat = <Options extends FormatOptions>(format: OutputFormat<Options>): OutputFormat<Options> => format;

/** The part of a row that a format without parameters has: no options, the plain request as its example, one file name. */
export const withoutParameters = (fileName: string) =>
  ({ parameters: {}, readOptions: () => ({}), examples: [''], fileName: () => fileName }) satisfies Partial<OutputFormat<NoOptions>>;

/** `references`, shared by the CSS and strict JSON exports. */
export const REFERENCES_PARAMETER = {
  references: {
    type: 'string',
    enum: ['resolve', 'keep'],
    default: 'resolve',
    description:
      '`resolve`: every value resolved (the default). `keep`: a value written as a reference to another token stays one: `var(--other)` in CSS, a `{other.token}` alias in the strict JSON export.',
  },
} as const;

/** Where every route of the API lives; a format's `path` is below it. */
const API_PREFIX = '/api/v1';

/** The route of a format: `/api/v1/export/<name>`. */
export function routeOf(format: OutputFormat<NoOptions>): string {
  return `${API_PREFIX}${format.path}`;
}

/**
 * The URLs of a format's example requests, the plain one first.
 * @example exampleUrlsOf(OUTPUT_FORMATS.json) // ['/api/v1/export/json', '/api/v1/export/json?spec=2025.10']
 */
export function exampleUrlsOf(format: OutputFormat<NoOptions>): string[] {
  return format.examples.map((query) => `${routeOf(format)}${query}`);
}

/** A format's parsed options: plain data (they cross to the render worker), one string or nothing per parameter. */
export type FormatOptions = Readonly<Record<string, string | undefined>>;

/** The query string as a format reads it: parameter name to value (Ajv's defaults filled in, on the API). */
export type FormatQuery = Readonly<Record<string, unknown>>;

/** A query parameter as the route's querystring schema takes it. */
export interface ParameterSchema {
  readonly type: 'string';
  readonly description: string;
  readonly enum?: readonly string[];
  readonly default?: string;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** What a row says of one of its lint rules: the registry's fields, and who tells it. */
export interface FormatRule extends RuleInfo {
  /**
   * `build`: a note about one output, not a problem of the design system (a web length a native platform has no size
   * for): `token-server build` tells it when it writes that format; `validate` does not.
   */
  readonly reportedBy?: 'build';
}

/** One problem a format's lint finds, on a token (`validate` places it at the token's file, line and column). */
export interface FormatDiagnostic {
  readonly token: string;
  /** A rule of some row's `rules`. */
  readonly rule: string;
  readonly message: string;
  readonly severity: Severity;
}

/**
 * The message of a name clash a format settles by keeping the first of the two tokens in key order.
 * @example keptFirstMessage('color.a-b', 'color.aB', 'Dart name `colorAB`', 'Flutter') // '`color.a-b` and `color.aB` get the same Dart name `colorAB`: the Flutter export keeps `color.aB` (first in key order) and leaves this one out'
 */
export function keptFirstMessage(key: string, holder: string, same: string, format: string): string {
  return `\`${key}\` and \`${holder}\` get the same ${same}: the ${format} export keeps \`${holder}\` (first in key order) and leaves this one out`;
}

/**
 * The message of a key with no letter or digit (`-`, `_._`): no word to make a name of, so the format leaves it out.
 * @example noNameMessage('-', 'Kotlin', 'Compose') // '`-` has no letter or digit to make a Kotlin name of: the Compose export leaves it out'
 */
export function noNameMessage(key: string, language: string, format: string): string {
  return `\`${key}\` has no letter or digit to make a ${language} name of: the ${format} export leaves it out`;
}

/** One file of a format of several files: its path inside the format's folder, its media type, its text. */
export interface OutputFile {
  readonly path: string;
  readonly contentType: string;
  render(): string;
}

/** Options that contradict each other, or a value a format refuses: the API answers it `400 invalid_parameter`. */
export class FormatOptionError extends Error {
  override readonly name = 'FormatOptionError';
}

/** The value of a parameter with a default: one of its `enum`, the default when absent. */
export function readChoice<const Value extends string>(
  query: FormatQuery,
  name: string,
  schema: { readonly enum: readonly Value[]; readonly default: Value },
): Value;
/** The value of a parameter without a default: one of its `enum`, or undefined. */
export function readChoice<const Value extends string>(
  query: FormatQuery,
  name: string,
  schema: { readonly enum: readonly Value[]; readonly default?: Value },
): Value | undefined;
export function readChoice<const Value extends string>(
  query: FormatQuery,
  name: string,
  schema: { readonly enum: readonly Value[]; readonly default?: Value },
): Value | undefined {
  const value = query[name];
  if (value === undefined) return schema.default;
  const chosen = schema.enum.find((choice) => choice === value);
  if (chosen === undefined) throw new FormatOptionError(`\`${name}\` must be one of: ${schema.enum.join(', ')}.`);
  return chosen;
}

/** The value of a free-text parameter, or undefined; refused when it breaks the schema's `pattern` or `maxLength`. */
export function readText(query: FormatQuery, name: string, schema: ParameterSchema): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FormatOptionError(`\`${name}\` must be a single string value.`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    throw new FormatOptionError(`\`${name}\` is malformed: at most ${schema.maxLength} characters.`);
  if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value))
    throw new FormatOptionError(`\`${name}\` is malformed: it must match ${schema.pattern}.`);
  return value;
}

/**
 * The `checkOptions` of a format with a `mode` parameter (the CSS export, Android resources): refuses a mode the
 * design system does not have, naming the ones it has.
 */
export function checkModeOption({ mode }: { readonly mode?: string | undefined }, system: CompiledDesignSystem): void {
  if (mode === undefined || system.modes.some((known) => known.name === mode)) return;
  const names = system.modes.map((known) => `\`${known.name}\``).join(', ');
  throw new FormatOptionError(`Unknown mode \`${mode}\`; this design system has ${names}.`);
}

/**
 * The `checkOptions` of a format with a `breakpoint` parameter: refuses a breakpoint the design system does not declare
 * (`base`, below the first, is every system's that declares any), naming the ones it has.
 */
export function checkBreakpointOption({ breakpoint }: { readonly breakpoint?: string | undefined }, system: CompiledDesignSystem): void {
  if (breakpoint === undefined) return;
  const declared = system.breakpoints ?? [];
  if (declared.length === 0)
    throw new FormatOptionError('`breakpoint` goes with a design system that declares `breakpoints`; this one declares none.');
  if (breakpoint === 'base' || declared.some((known) => known.name === breakpoint)) return;
  const names = ['base', ...declared.map((known) => known.name)].map((name) => `\`${name}\``).join(', ');
  throw new FormatOptionError(`Unknown breakpoint \`${breakpoint}\`; this design system has ${names}.`);
}

/** Compiled parameter patterns by source: a request with `prefix` must not compile its pattern again. */
const PATTERNS = new Map<string, RegExp>();

/** The pattern compiled as Ajv compiles it (`u` flag), once. */
function patternOf(source: string): RegExp {
  let pattern = PATTERNS.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, 'u');
    PATTERNS.set(source, pattern);
  }
  return pattern;
}
