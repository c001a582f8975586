import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/http/routes/revisions.js';
import { ALPHA_KEY, BETA_KEY, spacingYaml, useFixtures } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { fetchRaw } from './git-helpers.js';

const fixtures = useFixtures();

interface Entry {
  sha: string;
  date: string;
  subject: string;
}
interface Page {
  data: { revisions: Entry[]; nextCursor: string | null };
}

/**
 * The default fixture (alpha, beta) plus six commits touching alpha (one also beta), two touching only beta and
 * one touching only the keys file. Returns alpha's commits newest first, as the route should list them.
 */
function createHistory(): { repo: FixtureRepo; alpha: Entry[]; beta: Entry[] } {
  const repo = fixtures.repo(undefined, { commitDate: '2024-01-01T00:00:00Z' });
  const first = repo.git('rev-parse', 'HEAD').trim();
  const alpha: Entry[] = [{ sha: first, date: '2024-01-01T00:00:00.000Z', subject: 'initial content' }];
  const beta: Entry[] = [{ sha: first, date: '2024-01-01T00:00:00.000Z', subject: 'initial content' }];
  for (let index = 1; index <= 6; index++) {
    const date = `2024-02-0${index}T12:00:00Z`;
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 16 + index }));
    if (index === 3) repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 40 }));
    const subject = index === 3 ? 'Alpha and beta: wider' : `Alpha step ${index}: “quotes”, ünïcode`;
    const sha = repo.commit(subject, date);
    alpha.unshift({ sha, date: new Date(date).toISOString(), subject });
    if (index === 3) beta.unshift({ sha, date: new Date(date).toISOString(), subject });
    if (index === 4) {
      repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 41 }));
      const betaSha = repo.commit('Beta only', '2024-02-04T13:00:00Z');
      beta.unshift({ sha: betaSha, date: '2024-02-04T13:00:00.000Z', subject: 'Beta only' });
      repo.write('README.md', 'not a design system\n');
      repo.commit('Docs outside the source folder', '2024-02-04T14:00:00Z');
    }
  }
  return { repo, alpha, beta };
}

describe('GET /api/v1/revisions', () => {
  it('lists the commits that changed the caller’s design system, newest first, and pages with limit and cursor', async () => {
    const { repo, alpha, beta } = createHistory();
    const server = await fixtures.start(repo);
    const all = await fetchRaw(server.url, '/api/v1/revisions', ALPHA_KEY);
    expect(all.status).toBe(200);
    expect(JSON.parse(all.text)).toEqual({ data: { revisions: alpha, nextCursor: null } });
    expect(all.headers.get('cache-control')).toBe('private, no-cache');
    expect(JSON.parse((await fetchRaw(server.url, '/api/v1/revisions', BETA_KEY)).text)).toEqual({
      data: { revisions: beta, nextCursor: null },
    });
    expect(JSON.parse((await fetchRaw(server.url, '/api/v1/revisions?designSystem=beta', ALPHA_KEY)).text)).toEqual({
      data: { revisions: beta, nextCursor: null },
    });

    // Pages of 3: 7 commits → 3 + 3 + 1, each cursor continuing where the last page ended.
    const pages: Entry[][] = [];
    let cursor: string | null = null;
    const head = alpha[0]?.sha as string;
    do {
      const response = await fetchRaw(server.url, `/api/v1/revisions?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`, ALPHA_KEY);
      expect(response.status).toBe(200);
      const page = JSON.parse(response.text) as Page;
      pages.push(page.data.revisions);
      const expectedNext = pages.flat().length < alpha.length ? encodeCursor(head, pages.flat().length) : null;
      expect(page.data.nextCursor).toBe(expectedNext);
      cursor = page.data.nextCursor;
      // A commit after the first page does not shift the next pages: the cursor pins where the listing started.
      if (pages.length === 1) {
        repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 99 }));
        repo.commit('Pushed while paging', '2024-03-01T00:00:00Z');
      }
    } while (cursor !== null);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(alpha);
  });

  it('starts from the pinned commit with ?ref=, and refuses a bad limit or cursor with 400', async () => {
    const { repo, alpha } = createHistory();
    const server = await fixtures.start(repo);
    const pinned = alpha[3] as Entry;
    const response = await fetchRaw(server.url, `/api/v1/revisions?ref=${pinned.sha}&limit=2`, ALPHA_KEY);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-git-commit')).toBe(pinned.sha);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(JSON.parse(response.text)).toEqual({ data: { revisions: alpha.slice(3, 5), nextCursor: encodeCursor(pinned.sha, 2) } });
    const next = await fetchRaw(server.url, `/api/v1/revisions?ref=${pinned.sha}&limit=2&cursor=${encodeCursor(pinned.sha, 2)}`, ALPHA_KEY);
    expect(JSON.parse(next.text)).toEqual({ data: { revisions: alpha.slice(5, 7), nextCursor: null } });
    expect(JSON.parse((await fetchRaw(server.url, '/api/v1/revisions?ref=main~8', ALPHA_KEY)).text)).toEqual({
      data: { revisions: alpha.slice(-1), nextCursor: null },
    });

    const bad: [string, string][] = [
      ['limit=0', '`limit` must be >= 1.'],
      ['limit=101', '`limit` must be <= 100.'],
      ['limit=abc', '`limit` must be a single integer value.'],
      ['cursor=!!!', '`cursor` is malformed: it must match ^[A-Za-z0-9_-]+$.'],
      ['cursor=abc', '`cursor` is malformed: pass the `nextCursor` of a previous page.'],
      [`cursor=${Buffer.from('HEAD:1').toString('base64url')}`, '`cursor` is malformed: pass the `nextCursor` of a previous page.'],
      [
        `cursor=${Buffer.from(`${'a'.repeat(40)}:-1`).toString('base64url')}`,
        '`cursor` is malformed: pass the `nextCursor` of a previous page.',
      ],
    ];
    for (const [query, message] of bad) {
      const refused = await fetchRaw(server.url, `/api/v1/revisions?${query}`, ALPHA_KEY);
      expect({ query, status: refused.status, body: JSON.parse(refused.text) as unknown }).toEqual({
        query,
        status: 400,
        body: { error: { code: 'invalid_parameter', message } },
      });
    }
    // A well-formed cursor naming a commit that is not there answers 404, not a server error.
    const unknown = await fetchRaw(server.url, `/api/v1/revisions?cursor=${encodeCursor('0'.repeat(40), 0)}`, ALPHA_KEY);
    expect({ status: unknown.status, body: JSON.parse(unknown.text) as unknown }).toEqual({
      status: 404,
      body: {
        error: { code: 'ref_not_found', message: `The cursor starts at commit \`${'0'.repeat(40)}\`, which is not in the repository.` },
      },
    });
  });

  it('works in a SHA-256 repository: 64-digit commit ids pin, list and page like 40-digit ones', async () => {
    const repo = fixtures.repo(undefined, { commitDate: '2024-01-01T00:00:00Z', objectFormat: 'sha256' });
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 17 }));
    const second = repo.commit('Alpha wider', '2024-02-01T00:00:00Z');
    expect([first.length, second.length]).toEqual([64, 64]);
    const server = await fixtures.start(repo);
    const pinned = await fetchRaw(server.url, `/api/v1/tokens/space/a?ref=${first}`, ALPHA_KEY);
    expect({ status: pinned.status, value: (JSON.parse(pinned.text) as { data: { value: unknown } }).data.value }).toEqual({
      status: 200,
      value: { value: 16, unit: 'px' },
    });
    expect(pinned.headers.get('cache-control')).toContain('immutable');
    const page = JSON.parse((await fetchRaw(server.url, '/api/v1/revisions?limit=1', ALPHA_KEY)).text) as Page;
    expect(page.data.revisions.map((entry) => entry.sha)).toEqual([second]);
    expect(page.data.nextCursor).toBe(encodeCursor(second, 1));
    const next = JSON.parse(
      (await fetchRaw(server.url, `/api/v1/revisions?limit=1&cursor=${page.data.nextCursor}`, ALPHA_KEY)).text,
    ) as Page;
    expect(next.data).toEqual({
      revisions: [{ sha: first, date: '2024-01-01T00:00:00.000Z', subject: 'initial content' }],
      nextCursor: null,
    });
  });
});
