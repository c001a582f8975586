import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeOfStatus, ERRORS } from '../../src/http/errors.js';
import type { ErrorCode } from '../../src/http/errors.js';

interface ErrorRow {
  readonly status: number;
  readonly meaning: string;
}

/** The rows of the table under `## Error codes` in docs/api.md, by code; a code listed twice throws. */
function documentedErrors(): Record<string, ErrorRow> {
  const markdown = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Error codes\n')) ?? '';
  const rows: Record<string, ErrorRow> = {};
  for (const [, code = '', status, meaning = ''] of section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| (.+) \|$/gm)) {
    if (code in rows) throw new Error(`docs/api.md lists \`${code}\` twice`);
    rows[code] = { status: Number(status), meaning };
  }
  return rows;
}

describe('error codes', () => {
  it('docs/api.md lists every code of ERRORS with its status and meaning, and no other', () => {
    const declared = Object.fromEntries(Object.entries(ERRORS).map(([code, { status, meaning }]) => [code, { status, meaning }]));
    expect(documentedErrors()).toEqual(declared);
  });

  it.each<[string, { given: number; want: ErrorCode }]>([
    ['400', { given: 400, want: 'invalid_parameter' }],
    ['401', { given: 401, want: 'unauthorized' }],
    ['403', { given: 403, want: 'forbidden' }],
    ['404: never token_not_found or ref_not_found', { given: 404, want: 'not_found' }],
    ['405', { given: 405, want: 'method_not_allowed' }],
    ['408', { given: 408, want: 'request_timeout' }],
    ['413', { given: 413, want: 'payload_too_large' }],
    ['414', { given: 414, want: 'uri_too_long' }],
    ['415', { given: 415, want: 'unsupported_media_type' }],
    ['429', { given: 429, want: 'rate_limited' }],
    ['431', { given: 431, want: 'header_too_large' }],
    ['a 4xx without a code of its own', { given: 418, want: 'invalid_parameter' }],
  ])('names an error the app did not raise itself by its status: %s', (_name, { given, want }) => {
    expect(codeOfStatus(given)).toBe(want);
  });
});
