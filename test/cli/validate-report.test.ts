import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';
import { compareDiagnostics } from '../../src/compile/diagnostics/sort-order.js';
import { reduce } from '../../src/state/reduce.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const SOURCES = [join(ROOT, 'design-systems'), ...(await readdir(FIXTURES)).sort().map((name) => join(FIXTURES, name))];

async function readYaml(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
  return Promise.all(paths.sort().map(async (path) => ({ path, text: await readFile(join(dir, path), 'utf8') })));
}

describe('validate and the server', () => {
  it.each(SOURCES.map((dir) => [relative(ROOT, dir), dir]))('find the same problems and tokens in %s', async (_, dir) => {
    const files = await readYaml(dir);
    const snapshot = reduce(
      createEmptySnapshot(0),
      files.map((file) => ({ type: 'file/changed', path: file.path, text: file.text, at: 0 })),
    );
    const serverProblems = [...snapshot.systems.values()].flatMap((system) => system.problems).sort(compareDiagnostics);
    const serverTokens = [...snapshot.systems.values()].reduce((sum, system) => sum + (system.compiled?.tokens.length ?? 0), 0);
    const report = validateInputSync({ files, keys: undefined, sourcePrefix: '.', now: 0 });
    expect(report.diagnostics).toEqual(serverProblems);
    expect({ designSystems: report.designSystems, tokens: report.tokens }).toEqual({
      designSystems: snapshot.systems.size,
      tokens: serverTokens,
    });
  });
});
