import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SLUG } from '../compile/values/name-rules.js';
import { ISO_DATE, parseIsoDate } from '../compile/values/iso-date.js';
import { isWebOrigin, KEY_LABEL, parseKeysFile } from '../compile/keys/parse-keys-file.js';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import { didYouMean } from '../compile/diagnostics/suggest.js';
import { appendKeyEntry, NEW_KEYS_FILE, removeKeyEntry } from './edit-keys-file.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP, EXIT_USAGE } from './exit-status.js';
import { formatDiagnosticLine } from './format-diagnostics.js';
import { displayPath } from './validate.js';
import { parseCommandArgs, UsageError } from './usage-error.js';
import { writeFileAtomic } from './write-file-atomic.js';
import { itemAt } from '../compile/checked-access.js';
import { errorCode } from '../compile/narrow-unknown.js';

export const KEYS_USAGE = `Usage: token-server keys <create|list|revoke> [options]

  keys create <label> --design-system <slug> [--access a,b] [--expires-at 2027-01-31] [--source <dir>] [--force]
              [--browser --origins https://app.example.com,...] [--figma] [--role editor|reviewer --author "Name <email>"]
      Generates a new key, prints it once on stdout and appends its SHA-256 to the keys file.
      The label may also be given as --name <label>. With --browser: a read-only credential (dtsb_...) a web
      page may carry, accepted only from those origins (see docs/security.md). With --figma: the Figma plugin's
      credential (dtsf_...), accepted only from its frame (\`Origin: null\`; docs/figma.md). With --role: a key that opens
      (editor) or also approves and merges (reviewer) change requests, committed as --author (docs/change-requests.md).
      The design systems must be folders (with a system.yaml) of --source [TOKENS_SOURCE] (default
      ./design-systems); --force adds the key without that check (e.g. when the server follows a remote).
  keys list
      Shows each key's label, design systems, hash prefix and expiry (never the keys).
  keys revoke <label>
      Removes the key with this label.

Options (all subcommands):
  --keys <file>   the keys file (default: $TOKENS_KEYS, else keys.yaml)
  -h, --help      show this help

${EXIT_STATUS_HELP}`;

/** Runs `token-server keys ...`; returns the exit status. */
export async function runKeys(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, now: number): Promise<number> {
  const [subcommand, ...rest] = args;
  switch (subcommand) {
    case 'create':
      return createKey(rest, cwd, env, now);
    case 'list':
      return listKeys(rest, cwd, env, now);
    case 'revoke':
      return revokeKey(rest, cwd, env);
    case undefined:
      process.stderr.write(`${KEYS_USAGE}\n`);
      return EXIT_USAGE;
    case 'help':
    case '--help':
    case '-h':
      return printUsage();
    default:
      throw new UsageError(
        `unknown keys subcommand \`${subcommand}\`${didYouMean(subcommand, KEYS_SUBCOMMANDS)} (expected create, list or revoke)`,
      );
  }
}

/** The subcommands of `keys`, in the order its usage lists them. */
export const KEYS_SUBCOMMANDS = ['create', 'list', 'revoke'];

const COMMON = { keys: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

async function createKey(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, now: number): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      ...COMMON,
      name: { type: 'string' },
      'design-system': { type: 'string' },
      access: { type: 'string' },
      'expires-at': { type: 'string' },
      source: { type: 'string' },
      force: { type: 'boolean' },
      browser: { type: 'boolean' },
      figma: { type: 'boolean' },
      origins: { type: 'string' },
      role: { type: 'string' },
      author: { type: 'string' },
    },
    true,
    'keys create',
  );
  if (values.help) return printUsage();
  if (positionals.length > 1) throw new UsageError(`keys create takes one label, got ${positionals.length}: ${positionals.join(' ')}`);
  const [label] = positionals;
  if (label !== undefined && values.name !== undefined && label !== values.name)
    throw new UsageError(`the label is given twice, as \`${label}\` and as --name ${values.name}: give one`);
  const name = label ?? values.name;
  const designSystem = values['design-system'];
  if (name === undefined || !KEY_LABEL.test(name))
    throw new UsageError('--name must be a label of letters, digits, `.`, `_`, `@` and `-` (at most 100)');
  if (designSystem === undefined || !SLUG.test(designSystem))
    throw new UsageError('--design-system must be the slug of a design system, e.g. acme');
  const access = [
    ...new Set(
      (values.access ?? '')
        .split(',')
        .map((slug) => slug.trim())
        .filter((slug) => slug !== '' && slug !== designSystem),
    ),
  ];
  const badSlug = access.find((slug) => !SLUG.test(slug));
  if (badSlug !== undefined) throw new UsageError(`--access must be design system slugs separated by commas, got \`${badSlug}\``);
  const expiresAt = values['expires-at'];
  if (expiresAt !== undefined && !ISO_DATE.test(expiresAt))
    throw new UsageError(`--expires-at must be an ISO 8601 date such as 2027-01-31, got ${expiresAt}`);
  const expiresTime = expiresAt === undefined ? undefined : parseIsoDate(expiresAt);
  if (expiresAt !== undefined && expiresTime === undefined)
    throw new UsageError(`--expires-at ${expiresAt} is not a real date: there is no such day (or time) on the calendar`);
  if (expiresTime !== undefined && expiresTime <= now)
    throw new UsageError(`--expires-at ${expiresAt} is already past: the key would never work`);
  const origins = browserOrigins(values.browser === true, values.origins);
  const figma = values.figma === true;
  if (figma && origins !== undefined) throw new UsageError('--figma and --browser are two kinds of credential: give one');
  const writer = writeRole(values.role, values.author, origins !== undefined);
  if (figma && writer?.role === 'reviewer')
    throw new UsageError('a Figma credential opens change requests (--role editor); approving and merging need a reviewer’s API key');
  if (values.force !== true) await requireDesignSystems([designSystem, ...access], values.source, cwd, env);

  const path = keysPath(values.keys, cwd, env);
  const current = await readKeys(path, cwd);
  if (current.entries.some((entry) => entry.name === name))
    throw new UsageError(`a key named \`${name}\` already exists in ${displayPath(cwd, path)}`);
  // A distinct prefix, so a browser credential is told apart from a secret key at a glance (and by secret scanners).
  const key = `${origins !== undefined ? 'dtsb' : figma ? 'dtsf' : 'dts'}_${randomBytes(32).toString('base64url')}`;
  const sha256 = createHash('sha256').update(key).digest('hex');
  const text = appendKeyEntry(current.text ?? NEW_KEYS_FILE, { name, sha256, designSystem, access, expiresAt, origins, figma, writer });
  // Never write a file the server would refuse as a whole.
  const check = parseKeysFile(path, text);
  if (hasErrors(check))
    throw new Error(`the new keys file would not be valid: ${check.diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
  await writeFileAtomic(path, text);
  if (origins !== undefined) {
    process.stderr.write(
      `Added browser credential \`${name}\` for design system ${designSystem} to ${displayPath(cwd, path)}, usable from ${origins.join(', ')}.\n` +
        `It is public once a page carries it: it reads ${[designSystem, ...access].join(', ')} from those origins only, until ${expiresAt ?? 'you revoke it'}${expiresAt === undefined ? '' : ' or until you revoke it'}.\n`,
    );
  } else if (figma) {
    process.stderr.write(
      `Added Figma credential \`${name}\` for design system ${designSystem} to ${displayPath(cwd, path)}: it works only from the Figma plugin (\`Origin: null\`).\n` +
        `Give it to the designer privately (it is a secret${writer === undefined ? '' : ' that opens change requests'}); it is shown only this once.\n`,
    );
  } else {
    const role = writer === undefined ? '' : ` (${writer.role}, committing as ${writer.author.name} <${writer.author.email}>)`;
    process.stderr.write(
      `Added key \`${name}\`${role} for design system ${designSystem} to ${displayPath(cwd, path)}.\nCopy the key now: it is shown only this once and cannot be recovered.\n`,
    );
  }
  process.stdout.write(`${key}\n`);
  return EXIT_OK;
}

async function listKeys(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, now: number): Promise<number> {
  const { values } = parseCommandArgs(args, COMMON, false, 'keys list');
  if (values.help) return printUsage();
  const path = keysPath(values.keys, cwd, env);
  const { entries } = await readKeys(path, cwd);
  if (entries.length === 0) {
    process.stderr.write(`No keys in ${displayPath(cwd, path)}.\n`);
    return EXIT_OK;
  }
  // Browser credentials add the origins they are accepted from; a file of API keys only lists as it always has.
  const withOrigins = entries.some((entry) => entry.origins !== undefined);
  const rows = [
    ['NAME', 'DESIGN SYSTEM', 'ACCESS', 'SHA256', 'EXPIRES', ...(withOrigins ? ['BROWSER ORIGINS'] : [])],
    ...entries.map((entry) => [
      entry.name,
      entry.designSystem,
      entry.access.slice(1).join(',') || '-',
      `${entry.sha256.slice(0, 12)}…`,
      entry.expiresAt === undefined ? 'never' : `${entry.expiresAt}${Date.parse(entry.expiresAt) <= now ? ' (expired)' : ''}`,
      ...(withOrigins ? [entry.origins?.join(', ') ?? '-'] : []),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  process.stdout.write(
    rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') +
      '\n',
  );
  return EXIT_OK;
}

async function revokeKey(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, COMMON, true, 'keys revoke');
  if (values.help) return printUsage();
  if (positionals.length !== 1) throw new UsageError('keys revoke takes exactly one label, e.g. `token-server keys revoke ci`');
  const name = itemAt(positionals, 0);
  const path = keysPath(values.keys, cwd, env);
  const current = await readKeys(path, cwd);
  const text = current.text === undefined ? undefined : removeKeyEntry(current.text, name);
  if (text === undefined) {
    process.stderr.write(`token-server: no key named \`${name}\` in ${displayPath(cwd, path)}\n`);
    return EXIT_FAILED;
  }
  await writeFileAtomic(path, text);
  process.stderr.write(`Revoked key \`${name}\` in ${displayPath(cwd, path)}.\n`);
  return EXIT_OK;
}

/** The role and author of `--role editor --author "Name <email>"` (undefined for a read key); a UsageError when wrong. */
function writeRole(
  role: string | undefined,
  author: string | undefined,
  browser: boolean,
): { role: 'editor' | 'reviewer'; author: { name: string; email: string } } | undefined {
  if (role === undefined || role === 'read') {
    if (author !== undefined) throw new UsageError('--author is for write keys: add --role editor or --role reviewer');
    return undefined;
  }
  if (role !== 'editor' && role !== 'reviewer') throw new UsageError(`--role must be read, editor or reviewer, got ${role}`);
  if (browser) throw new UsageError('a browser credential is read-only: --role needs an API key (leave out --browser)');
  const match = author === undefined ? null : /^([^<>\n]+?)\s*<([^\s<>@]+@[^\s<>@]+)>$/.exec(author.trim());
  if (match === null) throw new UsageError('--role needs --author "Name <email>": the identity its commits are made with');
  return { role, author: { name: itemAt(match, 1), email: itemAt(match, 2) } };
}

/** The origins of `--browser --origins a,b` (undefined for an API key); a UsageError when the two do not go together. */
function browserOrigins(browser: boolean, list: string | undefined): string[] | undefined {
  if (!browser) {
    if (list !== undefined) throw new UsageError('--origins is for browser credentials: add --browser');
    return undefined;
  }
  if (list === undefined)
    throw new UsageError('--browser needs --origins: the web origins whose pages may use the credential, e.g. https://app.example.com');
  const origins = [...new Set(list.split(',').map((origin) => origin.trim()))];
  const bad = origins.find((origin) => !isWebOrigin(origin));
  if (bad !== undefined)
    throw new UsageError(
      `--origins must be web origins such as https://app.example.com (http or https, host and port only), got \`${bad}\``,
    );
  return origins;
}

function printUsage(): number {
  process.stdout.write(`${KEYS_USAGE}\n`);
  return EXIT_OK;
}

/**
 * Refuses (a UsageError) any slug that is not a design system of the source folder: a sub-folder, not a symlink,
 * holding a regular `system.yaml`, as the server loads them.
 */
async function requireDesignSystems(
  slugs: readonly string[],
  flag: string | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const sourceDir = resolve(cwd, flag ?? env['TOKENS_SOURCE'] ?? 'design-systems');
  const shown = displayPath(cwd, sourceDir);
  let entries;
  try {
    entries = await readdir(sourceDir, { withFileTypes: true });
  } catch {
    throw new UsageError(
      `cannot check the design systems: source folder ${shown} does not exist or is not a folder (pass --source <folder>, or --force to add the key unchecked)`,
    );
  }
  const found = new Set<string>();
  for (const entry of entries) {
    if (!entry.isDirectory() || !SLUG.test(entry.name)) continue;
    const system = await lstat(join(sourceDir, entry.name, 'system.yaml')).catch(() => undefined);
    if (system?.isFile()) found.add(entry.name);
  }
  const missing = slugs.find((slug) => !found.has(slug));
  if (missing !== undefined) {
    throw new UsageError(
      `design system \`${missing}\` does not exist in ${shown}${didYouMean(missing, found)} (pass --force to add the key anyway)`,
    );
  }
}

/** Whether a parsed keys file has an error (some entry refused, or the file unreadable). */
function hasErrors(parsed: { keys: unknown; diagnostics: readonly { severity: string }[] }): boolean {
  return parsed.keys === undefined || parsed.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

function keysPath(flag: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  return resolve(cwd, flag ?? env['TOKENS_KEYS'] ?? 'keys.yaml');
}

/** The keys file's text and entries (none when it does not exist); refuses to go on when the file has an error (editing it could hide it). */
async function readKeys(path: string, cwd: string): Promise<{ text: string | undefined; entries: readonly ApiKeyEntry[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { text: undefined, entries: [] };
    throw new Error(`cannot read ${displayPath(cwd, path)}`, { cause: error });
  }
  const parsed = parseKeysFile(displayPath(cwd, path), text);
  if (hasErrors(parsed) || parsed.keys === undefined) {
    const lines = parsed.diagnostics.map((diagnostic) => formatDiagnosticLine(diagnostic)).join('\n');
    throw new Error(`${displayPath(cwd, path)} has errors; fix them first:\n${lines}`);
  }
  return { text, entries: parsed.keys };
}
