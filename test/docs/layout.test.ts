import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 24, item 2: the README's layout and CONTRIBUTING cover every folder of the tree; a new folder without its
// line fails here.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string): string => readFileSync(`${ROOT}/${file}`, 'utf8');
const foldersIn = (dir: string): string[] =>
  readdirSync(`${ROOT}/${dir}`, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules' && !entry.name.startsWith('dist'),
    )
    .map((entry) => entry.name);

describe('the layout the docs describe', () => {
  const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';

  it('names every folder of src/ in the README layout and in CONTRIBUTING', () => {
    const contributing = read('CONTRIBUTING.md');
    for (const folder of foldersIn('src')) {
      expect(layout, `README layout: src/${folder}/`).toContain(`src/${folder}/`);
      expect(contributing, `CONTRIBUTING: src/${folder}/`).toContain(`src/${folder}/`);
    }
  });

  it('names every top-level folder in the README layout', () => {
    const shipped = foldersIn('.').filter((folder) => !['src', 'coverage'].includes(folder));
    for (const folder of shipped) expect(layout, `README layout: ${folder}/`).toMatch(new RegExp(`(^|\\s)${folder}/`, 'm'));
  });

  it('links every page of docs/ in the README’s documentation list', () => {
    const list = /## Documentation\n\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';
    const pages = readdirSync(`${ROOT}/docs`).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(list, `README documentation list: docs/${page}`).toContain(`](docs/${page})`);
  });
});
