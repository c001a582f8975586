import { describe, expect, it } from 'vitest';
import { DeliveredSource } from '../../src/source/delivered-source.js';
import { ReportedProblems } from '../../src/source/reported-problems.js';
import type { SourceEvent } from '../../src/state/events.js';

const AT = 1_000;
const GIT = { commit: 'c1', dirtySlugs: ['alpha'], commitTimes: { alpha: '2026-01-01T00:00:00.000Z', beta: '2026-01-02T00:00:00.000Z' } };

function delivered(): DeliveredSource {
  const source = new DeliveredSource();
  source.remember([
    { type: 'file/changed', path: 'alpha/a.yaml', text: 'a', at: AT },
    { type: 'keys/changed', path: '/keys.yaml', text: 'keys', at: AT },
    { type: 'git/head-moved', ...GIT, at: AT },
  ]);
  return source;
}

describe('DeliveredSource', () => {
  it.each<[string, { event: SourceEvent; want: boolean }]>([
    ['a file with the text delivered: no news', { event: { type: 'file/changed', path: 'alpha/a.yaml', text: 'a', at: AT }, want: false }],
    ['a file with other text: news', { event: { type: 'file/changed', path: 'alpha/a.yaml', text: 'b', at: AT }, want: true }],
    ['a file never delivered: news', { event: { type: 'file/changed', path: 'alpha/b.yaml', text: 'a', at: AT }, want: true }],
    ['a delivered file removed: news', { event: { type: 'file/removed', path: 'alpha/a.yaml', at: AT }, want: true }],
    ['a file never delivered removed: no news', { event: { type: 'file/removed', path: 'alpha/b.yaml', at: AT }, want: false }],
    ['the keys file unchanged: no news', { event: { type: 'keys/changed', path: '/keys.yaml', text: 'keys', at: AT }, want: false }],
    ['the keys file gone: news', { event: { type: 'keys/changed', path: '/keys.yaml', text: null, at: AT }, want: true }],
    [
      'the same Git state, its commit times in another order: no news',
      {
        event: { type: 'git/head-moved', ...GIT, commitTimes: { beta: GIT.commitTimes.beta, alpha: GIT.commitTimes.alpha }, at: AT + 1 },
        want: false,
      },
    ],
    ['another dirty design system: news', { event: { type: 'git/head-moved', ...GIT, dirtySlugs: [], at: AT }, want: true }],
    ['another HEAD: news', { event: { type: 'git/head-moved', ...GIT, commit: 'c2', at: AT }, want: true }],
  ])('%s', (_name, { event, want }) => {
    expect(delivered().changes(event)).toBe(want);
  });

  it('remember removals, and know no Git state before the first', () => {
    const source = delivered();
    source.remember([{ type: 'file/removed', path: 'alpha/a.yaml', at: AT }]);
    expect([...source.paths()]).toEqual([]);
    expect(source.git).toEqual(GIT);
    expect(new DeliveredSource().git).toBeUndefined();
    expect(new DeliveredSource().changes({ type: 'git/head-moved', commit: null, dirtySlugs: [], commitTimes: {}, at: AT })).toBe(true);
  });
});

describe('ReportedProblems', () => {
  it('tell each problem of a path once, until it changes or the path reads fine again', () => {
    const reported = new ReportedProblems();
    expect([
      reported.isNew('a.yaml', 'unreadable'),
      reported.isNew('a.yaml', 'unreadable'),
      reported.isNew('b.yaml', 'unreadable'),
      reported.isNew('a.yaml', 'too large'),
      (reported.forget('a.yaml'), reported.isNew('a.yaml', 'too large')),
    ]).toEqual([true, false, true, true, true]);
  });
});
