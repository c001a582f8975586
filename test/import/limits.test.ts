import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SOURCE_FILE_BYTES } from '../../src/compile/yaml/parse-source-file.js';
import { writeDesignSystemFolder } from '../../src/cli/write-design-system-folder.js';
import { MAX_IMPORT_FILE_BYTES } from '../../src/import/import-limits.js';
import { runCli } from '../cli/run-cli.js';

const COLOR = { color: { $type: 'color', ink: { $value: '#111111' } } };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dts-import-limits-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const put = (path: string, content: unknown): Promise<void> =>
  writeFile(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
const reportLines = (stdout: string): string[] => stdout.trimEnd().split('\n');
const importCli = (...args: string[]) => runCli(['import', ...args], { cwd: dir });
/** Every entry of a folder below `dir`, recursively, sorted: what a failed import must leave as it was. */
const listing = async (path: string): Promise<string[]> =>
  (await readdir(join(dir, path), { recursive: true })).map((entry) => entry.replaceAll('\\', '/')).sort();
const sizesOf = async (folder: string): Promise<number[]> => {
  const sizes = [];
  for (const entry of await listing(folder)) {
    const info = await stat(join(dir, folder, entry));
    if (info.isFile()) sizes.push(info.size);
  }
  return sizes;
};

describe('import: symbolic links', () => {
  it('--force never writes through a link already in --out: the file outside is untouched, the old folder replaced whole', async () => {
    await put('tokens.json', COLOR);
    await put('outside.txt', 'not yours\n');
    await mkdir(join(dir, 'design-systems/ds/tokens'), { recursive: true });
    await symlink('../../../outside.txt', join(dir, 'design-systems/ds/tokens/color.yaml'));
    await put('design-systems/ds/notes.md', 'old\n');

    const done = await importCli('tokens.json', '--out', 'design-systems/ds', '--force');
    expect([done.status, done.stderr]).toEqual([0, '']);
    expect(await readFile(join(dir, 'outside.txt'), 'utf8')).toBe('not yours\n');
    expect((await lstat(join(dir, 'design-systems/ds/tokens/color.yaml'))).isFile()).toBe(true);
    expect(await readFile(join(dir, 'design-systems/ds/tokens/color.yaml'), 'utf8')).toContain(
      'color.ink: { type: color, color: "#111111" }',
    );
    // --force replaces the folder: what the import did not write is gone, and no temporary folder is left beside it.
    expect(await listing('design-systems')).toEqual([
      'ds',
      'ds/.token-server-import.json',
      'ds/system.yaml',
      'ds/tokens',
      'ds/tokens/color.yaml',
    ]);
  });

  it('refuses an --out that is itself a symbolic link, with or without --force, and writes nothing', async () => {
    await put('tokens.json', COLOR);
    await mkdir(join(dir, 'elsewhere'));
    await mkdir(join(dir, 'design-systems'));
    await symlink('../elsewhere', join(dir, 'design-systems/ds'));
    for (const force of [[], ['--force']]) {
      const done = await importCli('tokens.json', '--out', 'design-systems/ds', ...force);
      expect([done.status, done.stderr.trim()]).toEqual([
        2,
        'token-server: design-systems/ds is a symbolic link: the import never writes through one; give the folder itself',
      ]);
    }
    expect(await listing('elsewhere')).toEqual([]);
  });

  it('reports a symbolic link among the inputs (file or folder) on stderr and in the report, and never follows it', async () => {
    await mkdir(join(dir, 'tokens'));
    await mkdir(join(dir, 'shared'));
    await put('tokens/color.json', COLOR);
    await put('shared/space.json', { spacing: { $type: 'dimension', md: { $value: '16px' } } });
    await symlink('../shared/space.json', join(dir, 'tokens/space.json'));
    await symlink('../shared', join(dir, 'tokens/shared'));

    const done = await importCli('tokens', '--out', 'design-systems/ds', '--format', 'json');
    expect(done.status).toBe(0);
    expect(done.stderr).toBe(
      'skipped tokens/shared: a symbolic link (never followed)\nskipped tokens/space.json: a symbolic link (never followed)\n',
    );
    const report = JSON.parse(done.stdout) as { imported: number; skipped: number; issues: unknown[] };
    expect([report.imported, report.skipped]).toEqual([1, 2]);
    expect(report.issues).toEqual([
      { source: 'tokens/shared', level: 'skipped', reason: 'a symbolic link (never followed)' },
      { source: 'tokens/space.json', level: 'skipped', reason: 'a symbolic link (never followed)' },
    ]);
    expect(await listing('design-systems')).toEqual([
      'ds',
      'ds/.token-server-import.json',
      'ds/system.yaml',
      'ds/tokens',
      'ds/tokens/color.yaml',
    ]);
  });
});

describe('import: sizes, nesting and keys', () => {
  it(`leaves out a file over ${MAX_IMPORT_FILE_BYTES} bytes (50 MiB) without reading it, and writes nothing when nothing is left`, async () => {
    const head = '{"font":{"$type":"fontFamily","huge":{"$value":"';
    const tail = '"}}}';
    await put('big.json', `${head}${'a'.repeat(MAX_IMPORT_FILE_BYTES + 1 - head.length - tail.length)}${tail}`);
    expect((await stat(join(dir, 'big.json'))).size).toBe(MAX_IMPORT_FILE_BYTES + 1);

    const done = await importCli('big.json', '--out', 'design-systems/ds');
    expect([done.status, done.stderr]).toEqual([1, '']);
    expect(reportLines(done.stdout)).toEqual([
      '0 tokens written to design-systems/ds (0 exactly, 0 with loss), 1 left out',
      '  ',
      "big.json  left out  file is larger than 52428800 bytes (50 MiB, the import's limit)",
    ]);
    expect(await readdir(dir)).toEqual(['big.json']);
  });

  it('leaves out a token whose YAML line would not fit in a source file (1 MiB), naming it; its referrers too', async () => {
    const huge = 'a'.repeat(MAX_SOURCE_FILE_BYTES);
    await put('tokens.json', {
      font: {
        $type: 'fontFamily',
        body: { $value: 'Inter' },
        huge: { $value: huge },
        alias: { $value: '{font.huge}' },
      },
    });
    const done = await importCli('tokens.json', '--out', 'design-systems/ds');
    expect([done.status, done.stderr]).toEqual([0, '']);
    const line = (key: string) => Buffer.byteLength(`  ${key}: { type: font.family, value: ${huge} }`);
    expect(reportLines(done.stdout).slice(2)).toEqual([
      `tokens.json:font.huge  left out  its YAML line is ${line('font.huge')} bytes; a token takes at most 1047552 (a source file holds at most 1 MiB)`,
      `tokens.json:font.alias  left out  its YAML line is ${line('font.alias')} bytes; a token takes at most 1047552 (a source file holds at most 1 MiB)`,
    ]);
    expect(await readFile(join(dir, 'design-systems/ds/tokens/font.yaml'), 'utf8')).toBe(
      '# yaml-language-server: $schema=../../../schemas/source.schema.json\ntokens:\n  font.body: { type: font.family, value: Inter }\n',
    );
  });

  it('splits a top-level group larger than a source file into several files the server accepts', async () => {
    const color: Record<string, unknown> = { $type: 'color' };
    for (let index = 0; index < 3000; index += 1) color[`c${index}`] = { $value: '#123456', $description: 'd'.repeat(400) };
    await put('tokens.json', { color });
    const done = await importCli('tokens.json', '--out', 'design-systems/ds');
    expect([done.status, done.stderr, reportLines(done.stdout)[0]]).toEqual([
      0,
      '',
      '3000 tokens written to design-systems/ds (3000 exactly, 0 with loss), 0 left out (read as dtcg)',
    ]);
    expect(await listing('design-systems/ds')).toEqual([
      '.token-server-import.json',
      'system.yaml',
      'tokens',
      'tokens/color.2.yaml',
      'tokens/color.yaml',
    ]);
    for (const size of await sizesOf('design-systems/ds')) expect(size).toBeLessThanOrEqual(MAX_SOURCE_FILE_BYTES);
    const validated = await runCli(['validate', 'design-systems'], { cwd: dir });
    expect(validated.stdout.trim().split('\n').at(-1)).toBe('✔ 1 design system, 3000 tokens, no problems');
  });

  it('leaves out a file nested deeper than 100 levels (100,000 here) with where, and reads one of 100', async () => {
    const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    await put('deep.json', nested(100_000));
    await put('deep.json5', `// comment {{{\n{ 'x{': ${nested(101)} }`);
    await put('fine.json', { color: { $type: 'color', ink: { $value: '#111111', x: JSON.parse(nested(97)) as unknown } } });
    const done = await importCli('deep.json', 'deep.json5', 'fine.json', '--out', 'design-systems/ds');
    expect([done.status, done.stderr]).toEqual([0, '']);
    expect(reportLines(done.stdout)).toEqual([
      '1 tokens written to design-systems/ds (1 exactly, 0 with loss), 2 left out (read as dtcg)',
      '  color 1',
      'deep.json  left out  1:501: nests objects and arrays more than 100 levels deep (the limit)',
      'deep.json5  left out  2:504: nests objects and arrays more than 100 levels deep (the limit)',
    ]);
  });

  it('reads 130,000 tokens in one file without overflowing the stack, and writes nothing past the 100,000 values a system may have', async () => {
    const color: Record<string, unknown> = { $type: 'color' };
    for (let index = 0; index < 130_000; index += 1) color[`c${index}`] = { $value: '#123456' };
    await put('tokens.json', { color });
    const done = await importCli('tokens.json', '--out', 'design-systems/ds', '--format', 'json');
    expect([done.status, done.stderr]).toEqual([1, '']);
    expect(JSON.parse(done.stdout)).toMatchObject({
      imported: 0,
      skipped: 0,
      refused:
        '130,000 tokens in 2 modes have 260,000 values, more than a design system may have (100,000): import the files in parts, as several design systems',
    });
    expect(await readdir(dir)).toEqual(['tokens.json']);
  });

  it('leaves out a token whose key is longer than 200 characters before writing anything, naming it', async () => {
    const long = 'k'.repeat(5000);
    await put('tokens.json', { ...COLOR, [long]: { $type: 'color', ink: { $value: '#222222' } }, zeta: COLOR.color });
    const done = await importCli('tokens.json', '--out', 'design-systems/ds');
    expect([done.status, done.stderr]).toEqual([0, '']);
    expect(reportLines(done.stdout).slice(2)).toEqual([
      `tokens.json:${'k'.repeat(40)}…  left out  a key of 5004 characters: keys are at most 200 (a top-level group names a file)`,
    ]);
    expect(await listing('design-systems/ds')).toEqual([
      '.token-server-import.json',
      'system.yaml',
      'tokens',
      'tokens/color.yaml',
      'tokens/zeta.yaml',
    ]);
  });
});

describe('writeDesignSystemFolder', () => {
  const files = (name: string) =>
    new Map([
      ['system.yaml', 'name: ds\n'],
      ['tokens/a.yaml', 'tokens: {}\n'],
      [`tokens/${name}.yaml`, 'tokens: {}\n'],
    ]);

  it('a write that fails half-way leaves no folder, and --force keeps the old folder as it was', async () => {
    const out = join(dir, 'design-systems/ds');
    await expect(writeDesignSystemFolder(out, files('z'.repeat(300)), false)).rejects.toThrow(/^cannot write .*: ENAMETOOLONG/);
    expect(await listing('.')).toEqual(['design-systems']);

    await writeDesignSystemFolder(out, files('b'), false);
    await expect(writeDesignSystemFolder(out, files('z'.repeat(300)), true)).rejects.toThrow(/ENAMETOOLONG/);
    expect(await listing('design-systems')).toEqual(['ds', 'ds/system.yaml', 'ds/tokens', 'ds/tokens/a.yaml', 'ds/tokens/b.yaml']);
  });
});
