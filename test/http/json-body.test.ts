import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/http/json-body.js';

describe('nestsDeeperThan', () => {
  it.each<[string, { given: string; limit: number; want: boolean }]>([
    ['flat object', { given: '{"a":1}', limit: 1, want: false }],
    ['two levels, limit one', { given: '{"a":[1]}', limit: 1, want: true }],
    ['siblings do not add up', { given: '[[1],[2],[3]]', limit: 2, want: false }],
    ['brackets in strings do not count', { given: '{"a":"[[[[{{{{"}', limit: 1, want: false }],
    ['an escaped quote does not end the string', { given: '{"a":"\\"[[["}', limit: 1, want: false }],
    ['an escaped backslash ends before the quote', { given: '["\\\\",[[1]]]', limit: 2, want: true }],
    ['20,000 deep', { given: '['.repeat(20_000) + ']'.repeat(20_000), limit: 64, want: true }],
    ['64 deep, limit 64', { given: '['.repeat(64) + ']'.repeat(64), limit: 64, want: false }],
  ])('%s', (_name, { given, limit, want }) => {
    expect(nestsDeeperThan(given, limit)).toBe(want);
  });
});
