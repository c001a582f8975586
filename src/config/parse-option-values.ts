import { resolve } from 'node:path';

// Each parser takes the option's text and the name messages use for it (`--port`), and throws an Error whose message
// is what the user sees.

/** An absolute path, relative ones taken from the working directory. */
export function parsePath(text: string): string {
  return resolve(text);
}

export function parsePort(text: string, name: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be an integer from 0 to 65535, got ${text}`);
  return port;
}

/** A parser that accepts one of `choices` only. */
export function parseOneOf(choices: readonly string[]): (text: string, name: string) => string {
  return (text, name) => {
    if (!choices.includes(text)) throw new Error(`${name} must be one of ${choices.join(', ')}, got ${text}`);
    return text;
  };
}

/** A comma-separated list, entries trimmed, empty ones dropped; none given: empty. */
export function parseList(text: string | undefined): readonly string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A parser of a whole number of at least `min`. */
export function parseCount(min: number): (text: string, name: string) => number {
  return (text, name) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min)
      throw new Error(`${name} must be an integer of at least ${min}, got ${text}`);
    return value;
  };
}

const parseMegabytes = parseCount(1);

/** A whole number of megabytes (at least 1), in bytes. */
export function parseMegabytesAsBytes(text: string, name: string): number {
  return parseMegabytes(text, name) * 1024 * 1024;
}

/** Seconds above 0 and at most an hour, in whole milliseconds. */
export function parseSecondsAsMs(text: string, name: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 3600)
    throw new Error(`${name} must be a number of seconds above 0 and at most 3600, got ${text}`);
  return Math.round(value * 1000);
}

/** The text trimmed; undefined when none is given or it is blank. */
export function parseTrimmed(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** The text exactly as given (a secret is compared byte for byte); undefined when none is given or it is empty. */
export function parseSecret(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

/** `true`, `false`, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges. */
export function parseTrustProxy(text: string, name: string): boolean | number | string[] {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (addresses.length === 0 || !addresses.every((address) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(address))) {
    throw new Error(`${name} must be true, false, a number of hops or a comma-separated list of addresses/CIDR ranges, got ${text}`);
  }
  return addresses;
}

/** A folder inside the repository: `/`-separated, no `..`, no leading `/` or `-`; returned with a trailing `/` (or ''). */
export function parseRemotePath(text: string, name: string): string {
  const trimmed = text
    .trim()
    .replace(/^\.\/?/, '')
    .replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(trimmed) || trimmed.split('/').some((segment) => segment === '..' || segment === '')) {
    throw new Error(`${name} must be a folder inside the repository such as design-systems, got ${text}`);
  }
  return `${trimmed}/`;
}

/** A `redis://` or `rediss://` (TLS) URL with a host; undefined when none is given or it is blank. */
export function parseRedisUrl(text: string | undefined, name: string): string | undefined {
  const trimmed = parseTrimmed(text);
  if (trimmed === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '')
    throw new Error(`${name} must be a redis:// or rediss:// URL such as redis://redis:6379, got ${redactPassword(trimmed)}`);
  return trimmed;
}

/** A URL fit for a message: its password replaced. */
function redactPassword(text: string): string {
  return text.replace(/\/\/([^@/:]*):[^@/]*@/, '//$1:***@');
}
