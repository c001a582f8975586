import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiKeyEntry } from '../../src/compile/keys/parse-keys-file.js';
import { authenticate, KnownHeaders } from '../../src/http/auth.js';
import { ApiError } from '../../src/http/errors.js';
import type { KeysState } from '../../src/state/snapshot.js';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY, LOADED_AT } from '../helpers/app.js';
import { keysYaml } from '../source/fixture-repo.js';

// A header that named a key is remembered with the key's hash (no second hash of it): what it is checked against
// must still be the keys of each request, so a key that leaves the keys file, expires or is refused stops working.

const sha = (key: string): string => createHash('sha256').update(key).digest('hex');

function keysOf(...entries: ApiKeyEntry[]): KeysState {
  return { entries, bySha256: new Map(entries.map((entry) => [entry.sha256, entry])), problems: [], staleSince: null };
}

function entry(key: string, extra: Partial<ApiKeyEntry> = {}): ApiKeyEntry {
  return { name: `key ${key}`, sha256: sha(key), designSystem: 'acme', access: ['acme'], line: 1, column: 1, ...extra };
}

/** The 401 or 403 message `authenticate` answers, or the key entry's name; every call shares one memo, as an app's do. */
function outcome(
  header: string | undefined,
  keys: KeysState,
  options: { now?: number; refused?: ReadonlySet<string>; origin?: string; known?: KnownHeaders } = {},
) {
  try {
    const now = options.now ?? Date.parse('2026-01-01T00:00:00Z');
    return authenticate(header, keys, now, options.refused, options.origin, options.known ?? sharedMemo).name;
  } catch (error) {
    if (error instanceof ApiError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
}

const sharedMemo = new KnownHeaders();

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

describe('the memo of known headers', () => {
  it('starts again when the key entries change (a reloaded keys.yaml), and holds 1,024 headers at most', () => {
    const known = new KnownHeaders();
    const kept = keysOf(entry('memo_key_0001'));
    expect(outcome('Bearer memo_key_0001', kept, { known })).toBe('key memo_key_0001');
    expect(outcome('bearer memo_key_0001', kept, { known })).toBe('key memo_key_0001');
    expect(known.size).toBe(2);
    // A header naming no key is never remembered.
    expect(outcome('Bearer memo_key_unknown', kept, { known })).toBe('401 Invalid API key.');
    expect(known.size).toBe(2);
    // The same key in a new keys file: the memo of the old entries is gone, this header is the first of the new.
    expect(outcome('Bearer memo_key_0001', keysOf(entry('memo_key_0001', { name: 'renamed' })), { known })).toBe('renamed');
    expect(known.size).toBe(1);
    const many = Array.from({ length: 1025 }, (_, index) => `memo_many_${String(index).padStart(4, '0')}`);
    const manyKeys = keysOf(...many.map((key) => entry(key)));
    for (const key of many.slice(0, 1024)) outcome(`Bearer ${key}`, manyKeys, { known });
    expect(known.size).toBe(1024);
    outcome(`Bearer ${many[1024] ?? ''}`, manyKeys, { known });
    expect(known.size).toBe(1);
  });

  it('refuses a revoked key from the first request after the snapshot without it is current, in that app only', async () => {
    const first = await buildExampleApp();
    const second = await buildExampleApp();
    const read = (app: typeof first.app, key: string) => app.inject({ url: '/api/v1/tokens', headers: bearer(key) });
    // Remembered by both apps: each request after the first skips the hash.
    for (const app of [first.app, second.app]) {
      expect((await read(app, DEMO_KEY)).statusCode).toBe(200);
      expect((await read(app, DEMO_KEY)).statusCode).toBe(200);
    }
    // The demo key leaves the first app's keys file; the docs key stays.
    first.store.apply([
      {
        type: 'keys/changed',
        path: 'keys.yaml',
        text: keysYaml([{ name: 'docs', key: DOCS_KEY, designSystem: 'acme-docs' }]),
        at: LOADED_AT + 1,
      },
    ]);
    const revoked = await read(first.app, DEMO_KEY);
    expect([revoked.statusCode, revoked.json()]).toEqual([401, { error: { code: 'unauthorized', message: 'Invalid API key.' } }]);
    expect((await read(first.app, DOCS_KEY)).statusCode).toBe(200);
    expect((await read(second.app, DEMO_KEY)).statusCode).toBe(200);
    await Promise.all([first.app.close(), second.app.close()]);
  });
});
