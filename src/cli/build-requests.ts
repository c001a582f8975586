import { didYouMean } from '../compile/diagnostics/suggest.js';
import { FormatOptionError } from '../views/formats/output-format.js';
import type { FormatOptions, OutputFormat } from '../views/formats/output-format.js';
import { isFormatId, OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../views/formats/output-formats.js';
import { jobOf } from '../views/formats/export-jobs.js';
import type { FormatId, OptionsOf } from '../views/formats/output-formats.js';
import type { ExportJob } from '../views/formats/export-jobs.js';
import { UsageError } from './usage-error.js';

/** One file kind a build writes per design system: a format with its parameters, read by the format itself. */
export interface FormatRequest {
  readonly format: FormatId;
  /** How the user asked for it, for messages: `--format css?theme=media --param css.prefix=--acme`. */
  readonly label: string;
  /** The parameters given, in the order of the format's parameters (the query string of its route). */
  readonly parameters: Readonly<Record<string, string>>;
  /** What the format's `readOptions` made of them (defaults filled in), ready to render. */
  readonly job: ExportJob;
  /** The file (or folder) it writes in each design system's folder: the row's `fileName`. */
  readonly fileName: string;
}

/** What the command line says about formats: `--format` (repeatable), `--formats` (comma list), `--param` (repeatable). */
export interface FormatArguments {
  readonly format?: readonly string[] | undefined;
  readonly formats?: string | undefined;
  readonly param?: readonly string[] | undefined;
}

/** The parameters every API route takes besides a format's own: the build has its own options for them. */
const COMMON_PARAMETERS: Readonly<Record<string, string>> = { designSystem: '--design-system', ref: '--ref' };

/**
 * The formats to build with their options, in the order given (`--formats` first, then each `--format`), or every
 * format of the registry with its defaults when none is named. Every value goes through the format's own
 * `readOptions`, so a refused value gets the API's message; a name nobody knows, a parameter set twice or two
 * requests writing one file are usage errors.
 */
export function readFormatRequests(args: FormatArguments): FormatRequest[] {
  const named = (args.formats ?? '').split(',').filter((id) => id !== '');
  for (const id of named) if (!isFormatId(id)) throw unknownFormat(id, '');
  const whole = named.length === 0 && args.format === undefined ? OUTPUT_FORMAT_IDS : named.filter(isFormatId);
  const drafts: Draft[] = [
    ...whole.flatMap((id) => everyFileOf(id).map((query) => draftOf(`${id}${query}`, `--format ${id}${query}`, false))),
    ...(args.format ?? []).map((spec) => draftOf(spec, `--format ${spec}`, true)),
  ];
  for (const written of args.param ?? []) applyParam(drafts, written);
  const requests = drafts.map(readRequest);
  for (const [index, request] of requests.entries()) {
    const earlier = requests.slice(0, index).find((other) => other.fileName === request.fileName);
    if (earlier !== undefined)
      throw new UsageError(`${earlier.label} and ${request.label} both write ${request.fileName}: build them into separate folders`);
  }
  return requests;
}

/** A request being put together: its format, its parameters so far and where each came from. */
interface Draft {
  readonly format: FormatId;
  /** The request as `--format` would ask for it (`--format json?spec=2025.10`). */
  readonly label: string;
  readonly given: string[];
  readonly parameters: Map<string, string[]>;
  readonly setBy: Map<string, string>;
}

/** A draft from `<format>` or `<format>?<query>`; the query is read as the route's query string is. */
function draftOf(spec: string, label: string, explicit: boolean): Draft {
  const mark = spec.indexOf('?');
  const id = mark === -1 ? spec : spec.slice(0, mark);
  if (!isFormatId(id)) throw unknownFormat(id, '');
  const draft: Draft = { format: id, label, given: explicit ? [label] : [], parameters: new Map(), setBy: new Map() };
  if (mark !== -1)
    for (const [name, value] of new URLSearchParams(spec.slice(mark + 1))) {
      checkParameterName(id, name);
      draft.parameters.set(name, [...(draft.parameters.get(name) ?? []), value]);
      draft.setBy.set(name, label);
    }
  return draft;
}

/** `--param <format>.<name>=<value>`: the parameter for every request of that format. */
function applyParam(drafts: readonly Draft[], written: string): void {
  const match = /^([^.=]+)\.([^=]+)=(.*)$/s.exec(written);
  if (match === null)
    throw new UsageError(`--param takes <format>.<parameter>=<value>, as in --param css.prefix=--acme: got \`${written}\``);
  const [, id = '', name = '', value = ''] = match;
  const label = `--param ${written}`;
  if (!isFormatId(id)) throw unknownFormat(id, `${label}: `);
  checkParameterName(id, name);
  const targets = drafts.filter((draft) => draft.format === id);
  if (targets.length === 0) throw new UsageError(`${label}: format ${id} is not built (add --format ${id})`);
  for (const draft of targets) {
    const earlier = draft.setBy.get(name);
    if (earlier !== undefined) throw new UsageError(`${label}: \`${name}\` is already set by ${earlier}`);
    draft.parameters.set(name, [value]);
    draft.setBy.set(name, label);
    draft.given.push(label);
  }
}

/**
 * The example queries of a format that write files of their own (the first example for each file name): the whole
 * format, as `--formats` and a build without `--format` take it (`js` gives `tokens.mjs` and `tokens.cjs`).
 */
function everyFileOf(id: FormatId): string[] {
  const format: OutputFormat<FormatOptions> = OUTPUT_FORMATS[id];
  const seen = new Set<string>();
  return format.examples.filter((query) => {
    const fileName = format.fileName(format.readOptions(Object.fromEntries(new URLSearchParams(query))));
    if (seen.has(fileName)) return false;
    seen.add(fileName);
    return true;
  });
}

/** The usage error of a format name the registry does not have. */
function unknownFormat(id: string, lead: string): UsageError {
  return new UsageError(
    `${lead}unknown format \`${id}\`${didYouMean(id, OUTPUT_FORMAT_IDS)}; the formats are ${OUTPUT_FORMAT_IDS.join(', ')}`,
  );
}

/** Refuses a parameter the format's route does not take, naming the ones it does. */
function checkParameterName(id: FormatId, name: string): void {
  const names = Object.keys(OUTPUT_FORMATS[id].parameters);
  if (names.includes(name)) return;
  const common = COMMON_PARAMETERS[name];
  if (common !== undefined) throw new UsageError(`\`${name}\` is not a format parameter here: use ${common}`);
  const known = names.length === 0 ? 'it has no parameters' : `its parameters are ${names.join(', ')}`;
  throw new UsageError(`unknown parameter \`${name}\` for format ${id}${didYouMean(name, names)}; ${known}`);
}

/** The draft read by its format: options, file name, and the parameters in the route's order. */
function readRequest<Id extends FormatId>(draft: Draft & { readonly format: Id }): FormatRequest {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[draft.format];
  const label = draft.given.join(' ') || draft.label;
  const parameters: Record<string, string> = {};
  for (const name of Object.keys(format.parameters)) {
    const values = draft.parameters.get(name) ?? [];
    // The route's schema refuses a parameter given twice before the format reads it: the same words.
    if (values.length > 1) throw new UsageError(`${label}: \`${name}\` must be a single string value.`);
    if (values[0] !== undefined) parameters[name] = values[0];
  }
  const options = asUsageError(label, () => format.readOptions(parameters));
  return { format: draft.format, label, parameters, job: jobOf(draft.format, options), fileName: format.fileName(options) };
}

/** Runs a format's reading or check of options; its refusal (`FormatOptionError`) is a usage error led by `label`. */
export function asUsageError<Result>(label: string, read: () => Result): Result {
  try {
    return read();
  } catch (error) {
    if (error instanceof FormatOptionError) throw new UsageError(`${label}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The options a request renders with, without the ones left unset (what the manifest records). */
export function definedOptions(options: FormatOptions): Record<string, string> {
  return Object.fromEntries(Object.entries(options).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
