import { describe, expect, it } from 'vitest';
import type { ApiKeyEntry } from '../../src/compile/keys/parse-keys-file.js';
import type { Diagnostic, Token, TypedValue } from '../../src/compile/types.js';
import { sameCommitTimes, sameDiagnostics, sameKeyEntries, sameStrings, sameToken, sameTokenValue } from '../../src/state/equality.js';
import { sameGitState } from '../../src/state/git-state.js';
import type { GitState } from '../../src/state/git-state.js';

/** Each row: two values, and whether they are the same. */
type Row<T> = [string, { a: T; b: T; want: boolean }];

describe('sameStrings', () => {
  it.each<Row<readonly string[]>>([
    ['the same slugs in the same order', { a: ['alpha', 'beta'], b: ['alpha', 'beta'], want: true }],
    ['both empty', { a: [], b: [], want: true }],
    ['the same slugs in another order', { a: ['alpha', 'beta'], b: ['beta', 'alpha'], want: false }],
    ['one slug more', { a: ['alpha'], b: ['alpha', 'beta'], want: false }],
    ['two strings joined by a newline are not those two strings (join compared them equal)', { a: ['a\nb'], b: ['a', 'b'], want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameStrings(a, b)).toBe(want);
  });
});

describe('sameCommitTimes', () => {
  const alpha = '2026-01-01T00:00:00.000Z';
  const beta = '2026-02-01T00:00:00.000Z';
  it.each<Row<Readonly<Record<string, string>>>>([
    ['the same times', { a: { alpha, beta }, b: { alpha, beta }, want: true }],
    ['both empty', { a: {}, b: {}, want: true }],
    [
      'the same times, keys written in another order (JSON.stringify said they differ)',
      { a: { alpha, beta }, b: { beta, alpha }, want: true },
    ],
    ['another time', { a: { alpha, beta }, b: { alpha, beta: alpha }, want: false }],
    ['a slug more', { a: { alpha }, b: { alpha, beta }, want: false }],
    ['a slug less', { a: { alpha, beta }, b: { alpha }, want: false }],
    ['the same count of slugs, another slug', { a: { alpha }, b: { beta: alpha }, want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameCommitTimes(a, b)).toBe(want);
  });
});

describe('sameDiagnostics', () => {
  const problem: Diagnostic = {
    file: 'alpha/a.yaml',
    line: 3,
    column: 5,
    rule: 'unknown-token-type',
    message: 'unknown',
    severity: 'error',
  };
  const other: Diagnostic = { ...problem, line: 4 };
  it.each<Row<readonly Diagnostic[]>>([
    ['the same problems', { a: [problem, other], b: [{ ...problem }, { ...other }], want: true }],
    ['both empty', { a: [], b: [], want: true }],
    [
      'the same problem, its fields in another order (JSON.stringify said they differ)',
      {
        a: [problem],
        b: [{ severity: 'error', message: 'unknown', rule: 'unknown-token-type', column: 5, line: 3, file: 'alpha/a.yaml' }],
        want: true,
      },
    ],
    ['the same problems in another order', { a: [problem, other], b: [other, problem], want: false }],
    ['another line', { a: [problem], b: [other], want: false }],
    ['another column', { a: [problem], b: [{ ...problem, column: 6 }], want: false }],
    ['another file', { a: [problem], b: [{ ...problem, file: 'alpha/b.yaml' }], want: false }],
    ['another rule', { a: [problem], b: [{ ...problem, rule: 'invalid-value' }], want: false }],
    ['another message', { a: [problem], b: [{ ...problem, message: 'unknown!' }], want: false }],
    ['another severity', { a: [problem], b: [{ ...problem, severity: 'warning' }], want: false }],
    ['a problem more', { a: [problem], b: [problem, other], want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameDiagnostics(a, b)).toBe(want);
  });
});

describe('sameKeyEntries', () => {
  const entry: ApiKeyEntry = { name: 'demo', sha256: 'ab'.repeat(32), designSystem: 'acme', access: ['acme', 'docs'], line: 2, column: 5 };
  it.each<Row<readonly ApiKeyEntry[]>>([
    ['the same entries', { a: [entry], b: [{ ...entry, access: [...entry.access] }], want: true }],
    ['no expiry, whether the field is absent or undefined', { a: [entry], b: [{ ...entry, expiresAt: undefined }], want: true }],
    [
      'the same entry, its fields in another order (JSON.stringify said they differ)',
      {
        a: [{ ...entry, expiresAt: '2027-01-31' }],
        b: [
          {
            expiresAt: '2027-01-31',
            column: 5,
            line: 2,
            access: ['acme', 'docs'],
            designSystem: 'acme',
            sha256: entry.sha256,
            name: 'demo',
          },
        ],
        want: true,
      },
    ],
    ['another name', { a: [entry], b: [{ ...entry, name: 'other' }], want: false }],
    ['another hash', { a: [entry], b: [{ ...entry, sha256: 'cd'.repeat(32) }], want: false }],
    ['another design system', { a: [entry], b: [{ ...entry, designSystem: 'docs' }], want: false }],
    ['access in another order', { a: [entry], b: [{ ...entry, access: ['docs', 'acme'] }], want: false }],
    ['an expiry added', { a: [entry], b: [{ ...entry, expiresAt: '2027-01-31' }], want: false }],
    ['moved to another line of the file', { a: [entry], b: [{ ...entry, line: 9 }], want: false }],
    ['moved to another column', { a: [entry], b: [{ ...entry, column: 1 }], want: false }],
    ['an entry more', { a: [entry], b: [entry, { ...entry, name: 'other' }], want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameKeyEntries(a, b)).toBe(want);
  });
});

describe('sameTokenValue', () => {
  it.each<Row<Token['value']>>([
    ['the same fields and values', { a: { scale: 'blue', step: 600 }, b: { scale: 'blue', step: 600 }, want: true }],
    ['both empty', { a: {}, b: {}, want: true }],
    // The API serves the value object as it is: a value read in another field order is another response body.
    ['the same fields in another order', { a: { scale: 'blue', step: 600 }, b: { step: 600, scale: 'blue' }, want: false }],
    ['a number and the same digits as text', { a: { value: 16 }, b: { value: '16' }, want: false }],
    ['true and 1', { a: { value: true }, b: { value: 1 }, want: false }],
    ['another value', { a: { scale: 'blue', step: 600 }, b: { scale: 'blue', step: 700 }, want: false }],
    ['a field more', { a: { scale: 'blue', step: 600 }, b: { scale: 'blue', step: 600, darkStep: 400 }, want: false }],
    ['the same count of fields, another field', { a: { value: 4 }, b: { primitive: 4 }, want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameTokenValue(a, b)).toBe(want);
  });
});

describe('sameToken', () => {
  const px = (value: number): TypedValue => ({ kind: 'dimension', value, unit: 'px' });
  const token: Token = { key: 'space.md', type: 'spacing', value: { value: 16 }, resolved: { light: px(16), dark: px(16) } };
  const dimmed: Token = {
    ...token,
    modes: { 'dark-dimmed': { value: 18 } },
    resolved: { light: px(16), dark: px(16), 'dark-dimmed': px(18) },
  };
  const color = (alpha: number): TypedValue => ({ kind: 'color', color: { red: 37, green: 99, blue: 235, alpha } });
  const brand: Token = { key: 'color.brand', type: 'color', value: { color: '#2563EB' }, resolved: { light: color(1), dark: color(1) } };
  it.each<Row<Token>>([
    ['the same token', { a: token, b: { ...token, value: { value: 16 }, resolved: { light: px(16), dark: px(16) } }, want: true }],
    ['no modes as written, whether absent or undefined', { a: token, b: { ...token, modes: undefined }, want: true }],
    [
      'the same token, its fields in another order (JSON.stringify said they differ)',
      { a: token, b: { resolved: { light: px(16), dark: px(16) }, value: { value: 16 }, type: 'spacing', key: 'space.md' }, want: true },
    ],
    ['the same further mode, in new objects', { a: dimmed, b: { ...dimmed, modes: { 'dark-dimmed': { value: 18 } } }, want: true }],
    ['another key', { a: token, b: { ...token, key: 'space.lg' }, want: false }],
    [
      'a deprecation added (a reload kept the token without it)',
      { a: token, b: { ...token, deprecated: { message: 'use space.lg', replacement: null, since: null } }, want: false },
    ],
    [
      'another deprecation message',
      {
        a: { ...token, deprecated: { message: 'old', replacement: null, since: null } },
        b: { ...token, deprecated: { message: 'use space.lg', replacement: null, since: null } },
        want: false,
      },
    ],
    [
      'the same deprecation, in new objects',
      {
        a: { ...token, deprecated: { message: 'old', replacement: 'space.lg', since: '2026-01-01' } },
        b: { ...token, deprecated: { message: 'old', replacement: 'space.lg', since: '2026-01-01' } },
        want: true,
      },
    ],
    [
      'another value at a breakpoint only (a reload served the old one)',
      {
        a: { ...token, breakpoints: { md: { value: 33 } }, responsive: { md: { light: px(33), dark: px(33) } } },
        b: { ...token, breakpoints: { md: { value: 34 } }, responsive: { md: { light: px(34), dark: px(34) } } },
        want: false,
      },
    ],
    [
      'breakpoints added where there were none',
      { a: token, b: { ...token, breakpoints: { md: { value: 40 } }, responsive: { md: { light: px(40), dark: px(40) } } }, want: false },
    ],
    [
      'another resolved value at a breakpoint (a primitive it names changed)',
      {
        a: { ...token, breakpoints: { md: { primitive: 'spacing.xl' } }, responsive: { md: { light: px(32), dark: px(32) } } },
        b: { ...token, breakpoints: { md: { primitive: 'spacing.xl' } }, responsive: { md: { light: px(36), dark: px(32) } } },
        want: false,
      },
    ],
    [
      'the same breakpoints, in new objects',
      {
        a: { ...token, breakpoints: { md: { value: 33 } }, responsive: { md: { light: px(33), dark: px(33) } } },
        b: { ...token, breakpoints: { md: { value: 33 } }, responsive: { md: { light: px(33), dark: px(33) } } },
        want: true,
      },
    ],
    [
      'another reference',
      {
        a: { ...token, references: { light: { ref: 'space.sm' } } },
        b: { ...token, references: { light: { ref: 'space.xs' } } },
        want: false,
      },
    ],
    ['another type', { a: token, b: { ...token, type: 'radius' }, want: false }],
    ['another value', { a: token, b: { ...token, value: { value: 17 } }, want: false }],
    ['a description added', { a: token, b: { ...token, description: 'medium' }, want: false }],
    ['an empty description added', { a: token, b: { ...token, description: '' }, want: false }],
    ['another light value', { a: token, b: { ...token, resolved: { light: px(17), dark: px(16) } }, want: false }],
    ['another dark value', { a: token, b: { ...token, resolved: { light: px(16), dark: px(18) } }, want: false }],
    [
      'the same number in another unit',
      { a: token, b: { ...token, resolved: { light: { kind: 'dimension', value: 16, unit: 'rem' }, dark: px(16) } }, want: false },
    ],
    [
      'the same number as another kind',
      { a: token, b: { ...token, resolved: { light: { kind: 'number', value: 16 }, dark: px(16) } }, want: false },
    ],
    ['a further mode added', { a: token, b: { ...token, resolved: { ...token.resolved, 'dark-dimmed': px(16) } }, want: false }],
    [
      'another value in a further mode',
      { a: dimmed, b: { ...dimmed, resolved: { ...dimmed.resolved, 'dark-dimmed': px(20) } }, want: false },
    ],
    [
      'a further mode renamed',
      { a: dimmed, b: { ...dimmed, resolved: { light: px(16), dark: px(16), 'dark-soft': px(18) } }, want: false },
    ],
    ['modes as written added, values the same', { a: { ...dimmed, modes: undefined }, b: dimmed, want: false }],
    [
      'another field written for a mode',
      { a: dimmed, b: { ...dimmed, modes: { 'dark-dimmed': { primitive: 'spacing.md' } } }, want: false },
    ],
    [
      'modes written in another order (the API serves them as written)',
      {
        a: { ...dimmed, modes: { dark: { value: 17 }, 'dark-dimmed': { value: 18 } } },
        b: { ...dimmed, modes: { 'dark-dimmed': { value: 18 }, dark: { value: 17 } } },
        want: false,
      },
    ],
    ['the same color', { a: brand, b: { ...brand, resolved: { light: color(1), dark: color(1) } }, want: true }],
    ['a color with another alpha in dark', { a: brand, b: { ...brand, resolved: { light: color(1), dark: color(0.5) } }, want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameToken(a, b)).toBe(want);
  });
});

describe('sameGitState', () => {
  const state: GitState = { commit: 'c1', dirtySlugs: ['alpha'], commitTimes: { alpha: 't1', beta: 't2' } };
  it.each<Row<GitState>>([
    ['the same state', { a: state, b: { ...state, dirtySlugs: ['alpha'], commitTimes: { alpha: 't1', beta: 't2' } }, want: true }],
    ['commit times written in another order', { a: state, b: { ...state, commitTimes: { beta: 't2', alpha: 't1' } }, want: true }],
    ['no commit on either side', { a: { ...state, commit: null }, b: { ...state, commit: null }, want: true }],
    ['another HEAD', { a: state, b: { ...state, commit: 'c2' }, want: false }],
    ['a first commit', { a: { ...state, commit: null }, b: state, want: false }],
    ['another dirty design system', { a: state, b: { ...state, dirtySlugs: ['beta'] }, want: false }],
    ['another commit time', { a: state, b: { ...state, commitTimes: { alpha: 't1', beta: 't3' } }, want: false }],
  ])('%s', (_name, { a, b, want }) => {
    expect(sameGitState(a, b)).toBe(want);
  });
});
