import { describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic } from '../../src/compile/types.js';

const error = (line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: 'keys.yaml',
  line,
  column,
  rule,
  message,
  severity: 'error',
});
const ORIGINS_MESSAGE =
  '`origins` must be a list of web origins such as https://app.example.com (http or https, host and port only: no `*`, path or trailing `/`)';
/** A browser entry, five lines from its `- name:` (line 2 of the file when it comes first). */
const browser = (name: string, hex: string, origins: string): string =>
  `  - name: ${name}\n    kind: browser\n    sha256: ${hex.repeat(64)}\n    designSystem: acme\n    origins: ${origins}`;

describe('browser credentials in keys.yaml (kind: browser)', () => {
  it('reads a browser entry: its kind and origins kept as written, everything else as for a key', () => {
    const text = `keys:\n${browser('site', 'a', '[https://www.example.com, http://localhost:5173]')}\n    expiresAt: 2027-01-31\n`;
    expect(parseKeysFile('keys.yaml', text)).toEqual({
      keys: [
        {
          name: 'site',
          sha256: 'a'.repeat(64),
          designSystem: 'acme',
          access: ['acme'],
          kind: 'browser',
          origins: ['https://www.example.com', 'http://localhost:5173'],
          expiresAt: '2027-01-31',
          line: 2,
          column: 5,
        },
      ],
      diagnostics: [],
    });
  });

  it('reads `kind: api` as a plain key (no kind, no origins on the entry)', () => {
    const text = `keys:\n  - name: ci\n    kind: api\n    sha256: ${'b'.repeat(64)}\n    designSystem: acme\n`;
    expect(parseKeysFile('keys.yaml', text).keys).toEqual([
      { name: 'ci', sha256: 'b'.repeat(64), designSystem: 'acme', access: ['acme'], line: 2, column: 5 },
    ]);
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      'no origins',
      {
        given: `  - name: site\n    kind: browser\n    sha256: ${'a'.repeat(64)}\n    designSystem: acme`,
        want: [
          error(
            2,
            5,
            'missing-field',
            'a browser credential (`kind: browser`) needs `origins`: the web origins whose pages may use it, such as [https://app.example.com]',
          ),
        ],
      },
    ],
    ['an empty list', { given: browser('site', 'a', '[]'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['any origin', { given: browser('site', 'a', "['*']"), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['a path', { given: browser('site', 'a', '[https://example.com/app]'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['a trailing slash', { given: browser('site', 'a', '[https://example.com/]'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['upper case', { given: browser('site', 'a', '[https://Example.com]'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['another scheme', { given: browser('site', 'a', '[file://x]'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    ['a single string', { given: browser('site', 'a', 'https://example.com'), want: [error(6, 14, 'invalid-value', ORIGINS_MESSAGE)] }],
    [
      'an unknown kind',
      {
        given: `  - name: site\n    kind: public\n    sha256: ${'a'.repeat(64)}\n    designSystem: acme`,
        want: [error(3, 11, 'invalid-value', '`kind` must be `api` (the default), `browser` or `figma`')],
      },
    ],
    [
      'origins on an API key',
      {
        given: `  - name: ci\n    sha256: ${'a'.repeat(64)}\n    designSystem: acme\n    origins: [https://example.com]`,
        want: [
          error(
            5,
            14,
            'invalid-value',
            '`origins` belongs to browser credentials only: add `kind: browser` (an API key must never be sent from a web page)',
          ),
        ],
      },
    ],
  ])('refuses a browser entry with %s and keeps the other keys', (_name, { given, want }) => {
    const parsed = parseKeysFile('keys.yaml', `keys:\n${given}\n  - name: other\n    sha256: ${'f'.repeat(64)}\n    designSystem: acme\n`);
    expect(parsed.diagnostics).toEqual(want);
    expect(parsed.keys?.map((key) => key.name)).toEqual(['other']);
  });
});
