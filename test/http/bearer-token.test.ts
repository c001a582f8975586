import { describe, expect, it } from 'vitest';
import { isBearerToken, readAuthorization } from '../../src/http/bearer-token.js';
import type { AuthorizationHeader } from '../../src/http/bearer-token.js';
import { matchesSecret } from '../../src/http/matches-secret.js';

describe('readAuthorization', () => {
  it.each<[string, { given: string | undefined; want: AuthorizationHeader }]>([
    ['a key', { given: 'Bearer dts_key', want: { kind: 'bearer', token: 'dts_key' } }],
    ['the scheme in lower case', { given: 'bearer dts_key', want: { kind: 'bearer', token: 'dts_key' } }],
    ['the scheme in upper case', { given: 'BEARER dts_key', want: { kind: 'bearer', token: 'dts_key' } }],
    ['every token68 character, then padding', { given: 'Bearer aZ09-._~+/==', want: { kind: 'bearer', token: 'aZ09-._~+/==' } }],
    ['512 characters', { given: `Bearer ${'a'.repeat(512)}`, want: { kind: 'bearer', token: 'a'.repeat(512) } }],
    ['no header', { given: undefined, want: { kind: 'missing' } }],
    ['an empty header', { given: '', want: { kind: 'missing' } }],
    ['two spaces', { given: 'Bearer  dts_key', want: { kind: 'loose' } }],
    ['a tab', { given: 'Bearer\tdts_key', want: { kind: 'loose' } }],
    ['a character no token68 holds', { given: 'Bearer dts!key', want: { kind: 'loose' } }],
    ['padding inside the token', { given: 'Bearer a=b', want: { kind: 'loose' } }],
    ['another scheme', { given: 'Basic dts_key', want: { kind: 'malformed' } }],
    ['the scheme alone', { given: 'Bearer', want: { kind: 'malformed' } }],
    ['the scheme and a space', { given: 'Bearer ', want: { kind: 'malformed' } }],
    ['two words', { given: 'Bearer dts key', want: { kind: 'malformed' } }],
    ['a trailing space', { given: 'Bearer dts_key ', want: { kind: 'malformed' } }],
    ['513 characters', { given: `Bearer ${'a'.repeat(513)}`, want: { kind: 'malformed' } }],
    ['513 characters after two spaces', { given: `Bearer  ${'a'.repeat(512)}`, want: { kind: 'malformed' } }],
  ])('%s', (_name, { given, want }) => {
    expect(readAuthorization(given)).toEqual(want);
  });

  it.each<[string, boolean]>([
    ['metrics-secret', true],
    ['bWV0cmljcw==', true],
    ['a'.repeat(512), true],
    ['a'.repeat(513), false],
    ['has space', false],
    ['p@ss', false],
    ['', false],
  ])('isBearerToken(%j) is %s', (secret, want) => {
    expect(isBearerToken(secret)).toBe(want);
  });
});

describe('matchesSecret', () => {
  it.each<[string, { given: [string, string]; want: boolean }]>([
    ['the same secret', { given: ['s3cret', 's3cret'], want: true }],
    ['another secret of the same length', { given: ['s3creT', 's3cret'], want: false }],
    ['a prefix', { given: ['s3cre', 's3cret'], want: false }],
    ['a longer one', { given: ['s3cret!', 's3cret'], want: false }],
    ['nothing', { given: ['', 's3cret'], want: false }],
  ])('%s', (_name, { given: [presented, expected], want }) => {
    expect(matchesSecret(presented, expected)).toBe(want);
  });
});
