import { describe, expect, it } from 'vitest';
import { GitObjectReader } from '../../src/source/git-object-reader.js';
import { useFixtures } from '../source/fixture-repo.js';

const fixtures = useFixtures();

describe('GitObjectReader (one `git cat-file --batch`)', () => {
  it('answers many concurrent reads in order, with exact bytes, and undefined for missing objects', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 60; index++)
      files[`blobs/${index}.txt`] = `${index}\n`.repeat(index * 37) + (index % 3 === 0 ? 'no trailing newline' : '\n\n');
    files['blobs/empty.txt'] = '';
    files['blobs/large.txt'] = 'x'.repeat(300_000) + '\nend\n';
    const repo = fixtures.repo(files);
    const oids = Object.keys(files).map((path) => [path, repo.git('rev-parse', `HEAD:${path}`).trim()] as const);
    const reader = new GitObjectReader(repo.root);
    fixtures.defer(() => reader.close());
    const missing = 'f'.repeat(40);
    const reads = await Promise.all([
      ...oids.map(([, oid]) => reader.read(oid)),
      reader.read(missing),
      reader.read(oids[0]?.[1] as string),
    ]);
    expect(reads.slice(0, oids.length).map((content) => content?.toString('utf8'))).toEqual(oids.map(([path]) => files[path]));
    expect(reads[oids.length]).toBeUndefined();
    expect(reads[oids.length + 1]?.toString('utf8')).toBe(files[oids[0]?.[0] as string]);
    // A commit object reads too (the committer time comes from it).
    const commit = repo.git('rev-parse', 'HEAD').trim();
    expect((await reader.read(commit))?.toString('utf8')).toMatch(
      /^tree [0-9a-f]{40}\n(?:.*\n)*committer Test Designer <designer@example\.test> \d+ [+-]\d{4}\n/,
    );
    // Anything but an object id is refused before it reaches git.
    await expect(reader.read('HEAD')).rejects.toThrow('not an object id: HEAD');
    await expect(reader.read(`${commit}\n${commit}`)).rejects.toThrow('not an object id');
    await reader.close();
    await expect(reader.read(commit)).rejects.toThrow('git object reader is closed');
  });
});
