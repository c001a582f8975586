import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/parse-keys-file.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { fixturePath } from '../helpers/fixtures.js';

const error = (line: number, column: number, rule: string, message: string): Diagnostic => ({ file: 'keys.yaml', line, column, rule, message, severity: 'error' });
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

  it('reports every problem and keeps no key when any entry is wrong', async () => {
    expect(parseKeysFile('keys.yaml', await read('broken'))).toEqual({
      keys: undefined,
      diagnostics: [
        error(13, 1, 'unknown-section', 'unknown top-level field `extra` in keys.yaml (allowed: keys)'),
        error(5, 5, 'unknown-field', 'unknown field `scope` in a key entry (allowed: name, sha256, designSystem, access, expiresAt)'),
        error(6, 11, 'duplicate-key', 'a key named `demo` is already defined'),
        error(7, 13, 'duplicate-key', 'two entries have the same `sha256`'),
        error(8, 19, 'invalid-value', '`designSystem` must be the slug of a design system'),
        error(9, 13, 'invalid-value', '`access` must be a list of design system slugs'),
        error(10, 16, 'invalid-value', '`expiresAt` must be an ISO 8601 date such as 2027-01-31'),
        error(11, 5, 'missing-field', '`name` must be a label of letters, digits, `.`, `_`, `@` and `-`'),
        error(11, 13, 'invalid-value', '`sha256` must be the 64-digit hex SHA-256 of the key'),
        error(11, 5, 'missing-field', '`designSystem` must be the slug of a design system'),
        error(12, 5, 'key-not-a-map', 'each entry of `keys` must be a mapping { name, sha256, designSystem }'),
      ],
    });
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    ['a YAML duplicate key', { given: 'keys:\n  - name: demo\n    name: again\n', want: [error(3, 5, 'duplicate-key', '`name` is defined twice in this mapping (YAML keys must be unique)')] }],
    ['a YAML syntax error', { given: 'keys: [\n', want: [error(2, 1, 'yaml-syntax', 'Flow sequence in block collection must be sufficiently indented and end with a ]')] }],
    ['`keys` that is not a list', { given: 'keys: { demo: 1 }\n', want: [error(1, 1, 'keys-not-a-list', 'keys.yaml must have a `keys:` list')] }],
    ['a file that is a list', { given: '- demo\n', want: [error(1, 1, 'keys-not-a-list', 'keys.yaml must have a `keys:` list')] }],
  ])('refuses %s', (_name, { given, want }) => {
    expect(parseKeysFile('keys.yaml', given)).toEqual({ keys: undefined, diagnostics: want });
  });

  it('accepts an empty key list', () => {
    expect(parseKeysFile('keys.yaml', 'keys:\n')).toEqual({ keys: [], diagnostics: [] });
  });
});
