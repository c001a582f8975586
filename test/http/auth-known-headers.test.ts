import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiKeyEntry } from '../../src/compile/keys/parse-keys-file.js';
import { authenticate } from '../../src/http/auth.js';
import { ApiError } from '../../src/http/errors.js';
import type { KeysState } from '../../src/state/snapshot.js';

// A header that named a key is remembered with the key's hash (no second hash of it): what it is checked against
// must still be the keys of each request, so a key that leaves the keys file, expires or is refused stops working.

const sha = (key: string): string => createHash('sha256').update(key).digest('hex');

function keysOf(...entries: ApiKeyEntry[]): KeysState {
  return { entries, bySha256: new Map(entries.map((entry) => [entry.sha256, entry])), problems: [], staleSince: null };
}

function entry(key: string, extra: Partial<ApiKeyEntry> = {}): ApiKeyEntry {
  return { name: `key ${key}`, sha256: sha(key), designSystem: 'acme', access: ['acme'], line: 1, column: 1, ...extra };
}

/** The 401 or 403 message `authenticate` answers, or the key entry's name. */
function outcome(
  header: string | undefined,
  keys: KeysState,
  options: { now?: number; refused?: ReadonlySet<string>; origin?: string } = {},
) {
  try {
    return authenticate(header, keys, options.now ?? Date.parse('2026-01-01T00:00:00Z'), options.refused, options.origin).name;
  } catch (error) {
    if (error instanceof ApiError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
}

describe('authenticating a header seen before', () => {
  it('reads the keys in force on each request: a key taken out of the keys file is refused from then on', () => {
    const header = 'Bearer known_header_key_0001';
    const kept = entry('known_header_key_0001');
    expect(outcome(header, keysOf(kept))).toBe('key known_header_key_0001');
    expect(outcome(header, keysOf(kept))).toBe('key known_header_key_0001');
    expect(outcome(header, keysOf(entry('another_key_0002')))).toBe('401 Invalid API key.');
    // The same key under another entry (a new keys file) is that entry: the header stands for the key, not the entry.
    expect(outcome(header, keysOf(entry('known_header_key_0001', { name: 'renamed' })))).toBe('renamed');
  });

  it('still checks expiry, the refused keys and the origin of a browser credential every time', () => {
    const header = 'Bearer known_header_key_0003';
    const expiring = entry('known_header_key_0003', { expiresAt: '2026-06-01T00:00:00Z' });
    expect(outcome(header, keysOf(expiring))).toBe('key known_header_key_0003');
    expect(outcome(header, keysOf(expiring), { now: Date.parse('2026-07-01T00:00:00Z') })).toBe('401 This API key has expired.');
    expect(outcome(header, keysOf(expiring), { refused: new Set([sha('known_header_key_0003')]) })).toMatch(
      /^401 This is a published example key/,
    );
    const browser = entry('known_header_key_0003', { kind: 'browser', origins: ['https://app.example'] });
    expect(outcome(header, keysOf(browser), { origin: 'https://app.example' })).toBe('key known_header_key_0003');
    expect(outcome(header, keysOf(browser), { origin: 'https://evil.example' })).toMatch(/^403 /);
  });

  it('tells two headers of one key apart from a malformed one, as before', () => {
    const keys = keysOf(entry('known_header_key_0004'));
    expect(outcome('Bearer known_header_key_0004', keys)).toBe('key known_header_key_0004');
    expect(outcome('bearer known_header_key_0004', keys)).toBe('key known_header_key_0004');
    expect(outcome('Bearer  known_header_key_0004', keys)).toMatch(/^401 Malformed Authorization header/);
    expect(outcome(undefined, keys)).toMatch(/^401 Missing API key/);
  });
});
