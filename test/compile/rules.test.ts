import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkKeyReferences } from '../../src/compile/keys/check-key-references.js';
import { compileDesignSystemFolder } from '../../src/compile/compile-design-system.js';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import { parseSourceFile } from '../../src/compile/yaml/parse-source-file.js';
import { RULES } from '../../src/compile/diagnostics/rules.js';
import { ALL_RULES } from '../../src/views/formats/format-rules.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { EXAMPLE_SOURCE, fixturePath, readYamlFiles } from '../helpers/fixtures.js';

const DOC = new URL('../../docs/designers.md', import.meta.url);
const SRC = new URL('../../src/', import.meta.url);
const HEADING = '### Every rule';

/** The compiler's rules and the formats' (their rows' `rules`) as the rows of the docs table: id, severities, what it catches. */
const registryRows = ALL_RULES.map(([id, rule]) => [id, rule.severities.join(' or '), rule.catches]);

/** The rows of the table under {@link HEADING} in the designers' guide. */
async function documentedRows(): Promise<string[][]> {
  const text = await readFile(DOC, 'utf8');
  const start = text.indexOf(`\n${HEADING}\n`);
  if (start === -1) throw new Error(`docs/designers.md has no "${HEADING}" section`);
  const end = text.indexOf('\n#', start + HEADING.length + 2);
  const section = text.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` \| ([^|]+?) \| (.+?) \|$/gm)].map((match) => match.slice(1, 4));
}

describe('the rule registry', () => {
  it('is sorted by rule id', () => {
    const ids = Object.keys(RULES);
    expect(ids).toEqual([...ids].sort());
  });

  it('is the table of rules in docs/designers.md, row for row', async () => {
    expect(await documentedRows()).toEqual(registryRows);
  });

  it('names only rules that some module of src/ reports', async () => {
    const files = (await readdir(SRC, { recursive: true })).filter((path) => path.endsWith('.ts') && !path.endsWith('-format.ts'));
    const declaring = [join('compile', 'diagnostics', 'rules.ts')];
    const source = (
      await Promise.all(files.filter((path) => !declaring.includes(path)).map((path) => readFile(new URL(path, SRC), 'utf8')))
    ).join('\n');
    expect(ALL_RULES.map(([id]) => id).filter((id) => !source.includes(`'${id}'`))).toEqual([]);
  });

  it('allows the severity of every diagnostic the fixtures and examples give', async () => {
    const wrong: string[] = [];
    const rules = new Set<string>();
    const severitiesOf = new Map(ALL_RULES.map(([id, rule]) => [id, rule.severities]));
    for (const diagnostic of await diagnosticsOfEveryFixture()) {
      rules.add(diagnostic.rule);
      if (severitiesOf.get(diagnostic.rule)?.includes(diagnostic.severity) !== true)
        wrong.push(`${diagnostic.file}: ${diagnostic.rule} ${diagnostic.severity}`);
    }
    expect([...rules]).toEqual(expect.arrayContaining(['unknown-mode', 'redundant-dark-step', 'key-expired', 'yaml-syntax']));
    expect(wrong).toEqual([]);
  });
});

/** Every diagnostic of every design system folder (and keys file) below `test/fixtures/` and in the examples. */
async function diagnosticsOfEveryFixture(): Promise<Diagnostic[]> {
  const fixtures = fixturePath('.');
  const systemFiles = (await readdir(fixtures, { recursive: true })).filter((path) => path.endsWith(`${sep}system.yaml`));
  const roots = new Set([...systemFiles.map((path) => dirname(dirname(join(fixtures, path)))), EXAMPLE_SOURCE]);
  const diagnostics: Diagnostic[] = [];
  for (const root of roots) {
    const files = await readYamlFiles(root);
    const slugs = new Set(files.filter(([path]) => path.includes('/')).map(([path]) => path.split('/')[0] as string));
    for (const slug of slugs) {
      const parsed = files
        .filter(([path]) => path.startsWith(`${slug}/`))
        .map(([path, text]) => parseSourceFile(path, text, path === `${slug}/system.yaml`));
      diagnostics.push(...compileDesignSystemFolder(slug, parsed).diagnostics);
    }
    const keys = files.find(([path]) => path === 'keys.yaml');
    if (keys !== undefined) diagnostics.push(...checkKeysFile(keys[1], slugs));
  }
  for (const name of await readdir(fixturePath('keys'))) {
    diagnostics.push(...checkKeysFile(await readFile(fixturePath(`keys/${name}`), 'utf8'), new Set()));
  }
  return diagnostics;
}

function checkKeysFile(text: string, slugs: ReadonlySet<string>): Diagnostic[] {
  const parsed = parseKeysFile('keys.yaml', text);
  return [...parsed.diagnostics, ...checkKeyReferences('keys.yaml', text, parsed.keys ?? [], slugs, Date.now())];
}
