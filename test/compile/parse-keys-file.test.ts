import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { fixturePath } from '../helpers/fixtures.js';

const error = (line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: 'keys.yaml',
  line,
  column,
  rule,
  message,
  severity: 'error',
});
const EXPIRES_MESSAGE = '`expiresAt` must be a real calendar date in ISO 8601, such as 2027-01-31 or 2027-01-31T12:00:00Z';
/** One entry of a `keys:` list, three lines; `hex` is repeated into the 64-digit hash. */
const entry = (name: string, hex: string, designSystem: string): string =>
  `  - name: ${name}\n    sha256: ${hex.repeat(64)}\n    designSystem: ${designSystem}`;
const read = (name: string): Promise<string> => readFile(fixturePath(`keys/${name}.yaml`), 'utf8');

describe('parseKeysFile', () => {
  it('reads valid entries: lowercase hash, own design system first, others sorted and deduplicated, expiry kept', async () => {
    expect(parseKeysFile('keys.yaml', await read('valid'))).toEqual({
      keys: [
        {
          name: 'demo',
          sha256: '6d333a3707c0d2cf6cd59ad93e8a86e1a7681f09d0e22266a9cf4dbaa48e7498',
          designSystem: 'acme',
          access: ['acme', 'acme-docs', 'zeta'],
          line: 2,
          column: 5,
        },
        {
          name: 'docs-site@ci',
          sha256: '807e8881fd81c865bf623893cfd978f3f535305908140d71db0298ca15f352aa',
          designSystem: 'acme-docs',
          access: ['acme-docs'],
          expiresAt: '2027-01-31',
          line: 6,
          column: 5,
        },
      ],
      diagnostics: [],
    });
  });

  // Before issue 12 any problem made the whole file unusable (`keys: undefined`, the previous keys stayed in force).
  it('reports every problem and keeps only the valid entries: here none, both `demo` entries being refused', async () => {
    expect(parseKeysFile('keys.yaml', await read('broken'))).toEqual({
      keys: [],
      diagnostics: [
        error(13, 1, 'unknown-section', 'unknown top-level field `extra` in keys.yaml (allowed: keys)'),
        error(
          5,
          5,
          'unknown-field',
          'unknown field `scope` in a key entry (allowed: name, sha256, designSystem, access, expiresAt, kind, origins, role, author)',
        ),
        error(6, 11, 'duplicate-key', 'a key named `demo` is already defined at line 2: every entry named `demo` is refused'),
        error(7, 13, 'duplicate-key', 'the key at line 3 has the same `sha256`: every entry with this hash is refused'),
        error(8, 19, 'invalid-value', '`designSystem` must be the slug of a design system'),
        error(9, 13, 'invalid-value', '`access` must be a list of design system slugs'),
        error(10, 16, 'invalid-value', EXPIRES_MESSAGE),
        error(11, 5, 'missing-field', '`name` must be a label of letters, digits, `.`, `_`, `@` and `-`'),
        error(11, 13, 'invalid-value', '`sha256` must be the 64-digit hex SHA-256 of the key'),
        error(11, 5, 'missing-field', '`designSystem` must be the slug of a design system'),
        error(12, 5, 'key-not-a-map', 'each entry of `keys` must be a mapping { name, sha256, designSystem }'),
      ],
    });
  });

  it('applies a revocation made in the same edit as a mistake: the removed key is gone, the valid ones kept, the bad ones reported', () => {
    // Before: web, docs and ci. The edit removes `docs` and adds a second `ci` by copy and paste.
    const edited = ['keys:', entry('web', 'a', 'acme'), entry('ci', 'c', 'acme'), entry('ci', 'd', 'acme-docs')].join('\n');
    const parsed = parseKeysFile('keys.yaml', `${edited}\n`);
    expect(parsed.keys?.map((key) => key.name)).toEqual(['web']);
    expect(parsed.diagnostics).toEqual([
      error(8, 11, 'duplicate-key', 'a key named `ci` is already defined at line 5: every entry named `ci` is refused'),
    ]);
  });

  it.each<[string, { given: string[]; kept: string[]; want: Diagnostic[] }]>([
    [
      'the same sha256 for two design systems: both refused',
      {
        given: [entry('web', 'a', 'acme'), entry('web-docs', 'A', 'acme-docs'), entry('other', 'b', 'acme')],
        kept: ['other'],
        want: [error(6, 13, 'duplicate-key', 'the key at line 3 has the same `sha256`: every entry with this hash is refused')],
      },
    ],
    [
      'three entries of one name, one of them otherwise broken: all refused',
      {
        given: [entry('ci', 'a', 'acme'), entry('ci', 'b', 'Acme'), entry('ci', 'c', 'acme'), entry('web', 'd', 'acme')],
        kept: ['web'],
        want: [
          error(5, 11, 'duplicate-key', 'a key named `ci` is already defined at line 2: every entry named `ci` is refused'),
          error(7, 19, 'invalid-value', '`designSystem` must be the slug of a design system'),
          error(8, 11, 'duplicate-key', 'a key named `ci` is already defined at line 2: every entry named `ci` is refused'),
        ],
      },
    ],
    [
      'a field written twice in one entry: that entry refused, and any entry sharing either name',
      {
        given: [
          `  - name: ci\n    name: ci-old\n    sha256: ${'a'.repeat(64)}\n    designSystem: acme`,
          entry('ci-old', 'b', 'acme'),
          entry('web', 'c', 'acme'),
        ],
        kept: ['web'],
        want: [
          error(3, 5, 'duplicate-key', '`name` is defined twice in this mapping (YAML keys must be unique)'),
          error(6, 11, 'duplicate-key', 'a key named `ci-old` is already defined at line 3: every entry named `ci-old` is refused'),
        ],
      },
    ],
    [
      'an alias in `access`: refused, never expanded',
      {
        given: [`${entry('web', 'a', 'acme')}\n    access: &all [acme-docs]`, `${entry('ci', 'b', 'acme')}\n    access: *all`],
        kept: ['web'],
        want: [error(9, 13, 'invalid-value', '`access` must be a list of design system slugs')],
      },
    ],
  ])('refuses conflicting or unclear entries and keeps the others: %s', (_name, { given, kept, want }) => {
    const parsed = parseKeysFile('keys.yaml', `keys:\n${given.join('\n')}\n`);
    expect(parsed.diagnostics).toEqual(want);
    expect(parsed.keys?.map((key) => key.name)).toEqual(kept);
  });

  it('reads the entries of every `keys:` list when the file has two, so neither is silently applied', () => {
    const parsed = parseKeysFile(
      'keys.yaml',
      `keys:\n${entry('web', 'a', 'acme')}\nkeys:\n${entry('web', 'b', 'acme')}\n${entry('ci', 'c', 'acme')}\n`,
    );
    expect(parsed.keys?.map((key) => key.name)).toEqual(['ci']);
    expect(parsed.diagnostics).toEqual([
      error(5, 1, 'duplicate-key', '`keys` is defined twice in this mapping (YAML keys must be unique)'),
      error(6, 11, 'duplicate-key', 'a key named `web` is already defined at line 2: every entry named `web` is refused'),
    ]);
  });

  it('reads a file whose only YAML error is a key defined twice, refusing the entry that holds it', () => {
    expect(parseKeysFile('keys.yaml', 'keys:\n  - name: demo\n    name: again\n')).toEqual({
      keys: [],
      diagnostics: [
        error(3, 5, 'duplicate-key', '`name` is defined twice in this mapping (YAML keys must be unique)'),
        error(2, 5, 'missing-field', '`sha256` must be the 64-digit hex SHA-256 of the key'),
        error(2, 5, 'missing-field', '`designSystem` must be the slug of a design system'),
      ],
    });
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      'a YAML syntax error',
      {
        given: 'keys: [\n',
        want: [error(2, 1, 'yaml-syntax', 'Flow sequence in block collection must be sufficiently indented and end with a ]')],
      },
    ],
    [
      'a syntax error after a removed key',
      {
        given: `keys:\n${entry('web', 'a', 'acme')}\n  - name: [oops\n`,
        want: [error(6, 1, 'yaml-syntax', 'Flow sequence in block collection must be sufficiently indented and end with a ]')],
      },
    ],
    [
      'two documents',
      {
        given: 'keys:\n---\nkeys:\n',
        want: [error(2, 1, 'yaml-syntax', 'Source contains multiple documents; please use YAML.parseAllDocuments()')],
      },
    ],
  ])('cannot read a file that is not YAML (the previous keys stay in force): %s', (_name, { given, want }) => {
    expect(parseKeysFile('keys.yaml', given)).toEqual({ keys: undefined, diagnostics: want });
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      '`keys` that is not a list',
      { given: 'keys: { demo: 1 }\n', want: [error(1, 7, 'keys-not-a-list', 'keys.yaml must have a `keys:` list')] },
    ],
    ['a file that is a list', { given: '- demo\n', want: [error(1, 1, 'keys-not-a-list', 'keys.yaml must have a `keys:` list')] }],
    [
      'a misspelt `keys:`',
      {
        given: `kyes:\n${entry('web', 'a', 'acme')}\n`,
        want: [
          error(1, 1, 'unknown-section', 'unknown top-level field `kyes` in keys.yaml (allowed: keys)'),
          error(1, 1, 'keys-not-a-list', 'keys.yaml must have a `keys:` list'),
        ],
      },
    ],
  ])('applies a YAML file of the wrong shape as no keys at all: %s', (_name, { given, want }) => {
    expect(parseKeysFile('keys.yaml', given)).toEqual({ keys: [], diagnostics: want });
  });

  it.each([['keys:\n'], ['keys: []\n'], [''], ['# no keys yet\n']])('accepts an empty key list or an empty file: %j', (given) => {
    expect(parseKeysFile('keys.yaml', given)).toEqual({ keys: [], diagnostics: [] });
  });

  it.each([
    ['2027-02-30'],
    ['2027-02-29'],
    ['2027-13-01'],
    ['2027-00-10'],
    ['2027-04-31'],
    ['2027-01-31T24:00:00Z'],
    ['2027-01-31T12:60Z'],
    ['2027-01-31T12:00'],
    ['2027-01-31 12:00:00'],
    ['"2027-1-31"'],
  ])('refuses an `expiresAt` that is not a real calendar date with a zone: %s', (expiresAt) => {
    const parsed = parseKeysFile('keys.yaml', `keys:\n${entry('web', 'a', 'acme')}\n    expiresAt: ${expiresAt}\n`);
    expect(parsed).toEqual({ keys: [], diagnostics: [error(5, 16, 'invalid-value', EXPIRES_MESSAGE)] });
  });

  it.each([
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['2027-01-31T12:00Z', '2027-01-31T12:00:00.000Z'],
    ['2027-12-31T23:59:59.5+02:00', '2027-12-31T21:59:59.500Z'],
  ])('accepts `expiresAt: %s`', (expiresAt, instant) => {
    const parsed = parseKeysFile('keys.yaml', `keys:\n${entry('web', 'a', 'acme')}\n    expiresAt: ${expiresAt}\n`);
    expect(parsed.diagnostics).toEqual([]);
    expect(new Date(Date.parse(parsed.keys?.[0]?.expiresAt ?? '')).toISOString()).toBe(instant);
  });

  it('reads a write key: its role and the identity its commits are made with; a read key has neither', () => {
    const parsed = parseKeysFile(
      'keys.yaml',
      `keys:\n${entry('dana', 'a', 'acme')}\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n` +
        `${entry('rui', 'b', 'acme')}\n    role: reviewer\n    author:\n      name: Rui Reviewer\n      email: rui@example.com\n` +
        `${entry('app', 'c', 'acme')}\n    role: read\n`,
    );
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.keys?.map((key) => [key.name, key.role, key.author])).toEqual([
      ['dana', 'editor', { name: 'Dana Designer', email: 'dana@example.com' }],
      ['rui', 'reviewer', { name: 'Rui Reviewer', email: 'rui@example.com' }],
      ['app', undefined, undefined],
    ]);
    expect(parsed.keys?.[2]).not.toHaveProperty('role');
  });

  it.each<[string, string, Diagnostic]>([
    ['an unknown role', '    role: admin\n', error(5, 11, 'invalid-value', '`role` must be `read` (the default), `editor` or `reviewer`')],
    [
      'a write role without an author',
      '    role: editor\n',
      error(2, 5, 'missing-field', 'a key with `role: editor` needs `author: { name, email }`: the identity its commits are made with'),
    ],
    [
      'an author without a role',
      '    author: { name: A, email: a@b.c }\n',
      error(5, 13, 'invalid-value', '`author` belongs to write keys only: add `role: editor` or `role: reviewer`'),
    ],
    [
      'an author whose name could forge a commit header',
      '    role: reviewer\n    author: { name: "A <x@y>", email: a@b.c }\n',
      error(6, 13, 'invalid-value', '`author` must be `{ name, email }`: a name and an e-mail address, without `<`, `>` or line breaks'),
    ],
    [
      'an author without an e-mail',
      '    role: reviewer\n    author: { name: A }\n',
      error(6, 13, 'invalid-value', '`author` must be `{ name, email }`: a name and an e-mail address, without `<`, `>` or line breaks'),
    ],
    [
      'a browser credential with a write role',
      '    kind: browser\n    origins: [https://app.example.com]\n    role: editor\n    author: { name: A, email: a@b.c }\n',
      error(7, 11, 'invalid-value', 'a browser credential is read-only (a page ships it in public): remove `role`, or use an API key'),
    ],
  ])('refuses %s', (_name, fields, want) => {
    expect(parseKeysFile('keys.yaml', `keys:\n${entry('dana', 'a', 'acme')}\n${fields}`)).toEqual({ keys: [], diagnostics: [want] });
  });
});
