import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SLUG } from '../compile/compile-design-system.js';
import { parseKeysFile } from '../compile/parse-keys-file.js';
import type { ApiKeyEntry } from '../compile/parse-keys-file.js';
import { appendKeyEntry, NEW_KEYS_FILE, removeKeyEntry } from './edit-keys-file.js';
import { formatDiagnosticLine } from './format-diagnostics.js';
import { displayPath } from './validate.js';
import { parseCommandArgs, UsageError } from './usage-error.js';
import { writeFileAtomic } from './write-file-atomic.js';

export const KEYS_USAGE = `Usage: token-server keys <create|list|revoke> [options]

  keys create --name <label> --design-system <slug> [--access a,b] [--expires-at 2027-01-31]
      Generates a new key, prints it once on stdout and appends its SHA-256 to the keys file.
  keys list
      Shows each key's label, design systems, hash prefix and expiry (never the keys).
  keys revoke <label>
      Removes the key with this label.

Options (all subcommands):
  --keys <file>   the keys file (default: $TOKENS_KEYS, else keys.yaml)
  -h, --help      show this help`;

/** Same label rule as parseKeysFile. */
const LABEL = /^[A-Za-z0-9_.@-]{1,100}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

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
      return 2;
    case 'help':
    case '--help':
    case '-h':
      return printUsage();
    default:
      throw new UsageError(`unknown keys subcommand \`${subcommand}\` (expected create, list or revoke)`);
  }
}

const COMMON = { keys: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

async function createKey(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, now: number): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { ...COMMON, name: { type: 'string' }, 'design-system': { type: 'string' }, access: { type: 'string' }, 'expires-at': { type: 'string' } },
    false,
  );
  if (values.help) return printUsage();
  const name = values.name;
  const designSystem = values['design-system'];
  if (name === undefined || !LABEL.test(name)) throw new UsageError('--name must be a label of letters, digits, `.`, `_`, `@` and `-` (at most 100)');
  if (designSystem === undefined || !SLUG.test(designSystem)) throw new UsageError('--design-system must be the slug of a design system, e.g. acme');
  const access = [...new Set((values.access ?? '').split(',').map((slug) => slug.trim()).filter((slug) => slug !== '' && slug !== designSystem))];
  const badSlug = access.find((slug) => !SLUG.test(slug));
  if (badSlug !== undefined) throw new UsageError(`--access must be design system slugs separated by commas, got \`${badSlug}\``);
  const expiresAt = values['expires-at'];
  if (expiresAt !== undefined && (!ISO_DATE.test(expiresAt) || Number.isNaN(Date.parse(expiresAt)))) {
    throw new UsageError(`--expires-at must be an ISO 8601 date such as 2027-01-31, got ${expiresAt}`);
  }
  if (expiresAt !== undefined && Date.parse(expiresAt) <= now) throw new UsageError(`--expires-at ${expiresAt} is already past: the key would never work`);

  const path = keysPath(values.keys, cwd, env);
  const current = await readKeys(path, cwd);
  if (current.entries.some((entry) => entry.name === name)) throw new UsageError(`a key named \`${name}\` already exists in ${displayPath(cwd, path)}`);
  const key = `dts_${randomBytes(32).toString('base64url')}`;
  const sha256 = createHash('sha256').update(key).digest('hex');
  const text = appendKeyEntry(current.text ?? NEW_KEYS_FILE, { name, sha256, designSystem, access, expiresAt });
  // Never write a file the server would refuse as a whole.
  const check = parseKeysFile(path, text);
  if (check.keys === undefined) throw new Error(`the new keys file would not be valid: ${check.diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
  await writeFileAtomic(path, text);
  process.stderr.write(`Added key \`${name}\` for design system ${designSystem} to ${displayPath(cwd, path)}.\nCopy the key now: it is shown only this once and cannot be recovered.\n`);
  process.stdout.write(`${key}\n`);
  return 0;
}

async function listKeys(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, now: number): Promise<number> {
  const { values } = parseCommandArgs(args, COMMON, false);
  if (values.help) return printUsage();
  const path = keysPath(values.keys, cwd, env);
  const { entries } = await readKeys(path, cwd);
  if (entries.length === 0) {
    process.stderr.write(`No keys in ${displayPath(cwd, path)}.\n`);
    return 0;
  }
  const rows = [
    ['NAME', 'DESIGN SYSTEM', 'ACCESS', 'SHA256', 'EXPIRES'],
    ...entries.map((entry) => [
      entry.name,
      entry.designSystem,
      entry.access.slice(1).join(',') || '-',
      `${entry.sha256.slice(0, 12)}…`,
      entry.expiresAt === undefined ? 'never' : `${entry.expiresAt}${Date.parse(entry.expiresAt) <= now ? ' (expired)' : ''}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  process.stdout.write(rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n');
  return 0;
}

async function revokeKey(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, COMMON, true);
  if (values.help) return printUsage();
  if (positionals.length !== 1) throw new UsageError('keys revoke takes exactly one label, e.g. `token-server keys revoke ci`');
  const name = positionals[0] as string;
  const path = keysPath(values.keys, cwd, env);
  const current = await readKeys(path, cwd);
  const text = current.text === undefined ? undefined : removeKeyEntry(current.text, name);
  if (text === undefined) {
    process.stderr.write(`token-server: no key named \`${name}\` in ${displayPath(cwd, path)}\n`);
    return 1;
  }
  await writeFileAtomic(path, text);
  process.stderr.write(`Revoked key \`${name}\` in ${displayPath(cwd, path)}.\n`);
  return 0;
}

function printUsage(): number {
  process.stdout.write(`${KEYS_USAGE}\n`);
  return 0;
}

function keysPath(flag: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  return resolve(cwd, flag ?? env['TOKENS_KEYS'] ?? 'keys.yaml');
}

/** The keys file's text and entries (none when it does not exist); refuses to go on when the file has errors (editing it could hide them). */
async function readKeys(path: string, cwd: string): Promise<{ text: string | undefined; entries: readonly ApiKeyEntry[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: undefined, entries: [] };
    throw new Error(`cannot read ${displayPath(cwd, path)}`, { cause: error });
  }
  const parsed = parseKeysFile(displayPath(cwd, path), text);
  if (parsed.keys === undefined) {
    const lines = parsed.diagnostics.map(formatDiagnosticLine).join('\n');
    throw new Error(`${displayPath(cwd, path)} has errors; fix them first:\n${lines}`);
  }
  return { text, entries: parsed.keys };
}
