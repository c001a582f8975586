import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const RECORD = '.token-server-import.json';

/** A team's token repository: DTCG sources, a theme kept as its own file, committed in a real Git repository. */
const CORE = {
  color: {
    $type: 'color',
    ink: { $value: '#111111' },
    paper: { $value: '#ffffff' },
    text: { $value: '{color.ink}' },
    old: { $value: '#999999' },
    broken: { $value: 'nope' },
  },
  space: { small: { $type: 'dimension', $value: '4px' } },
};
const DARK = { color: { $type: 'color', ink: { $value: '#eeeeee' }, paper: { $value: '#000000' } } };

const IMPORT = ['import', 'tokens/', '--mode', 'dark=themes/dark.json', '--name', 'Acme Tokens', '--out', 'design-systems/acme'];

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Every file below `folder` (relative, `/`-separated) with its text. */
async function filesOf(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(folder.length + 1)] = await readFile(path, 'utf8');
  }
  return files;
}

/** The lines from the one that opens the report of changes. */
const changeLines = (stdout: string): string[] => {
  const lines = stdout.split('\n');
  return lines.slice(lines.findIndex((line) => line.startsWith('changes since the last import') || line.startsWith('no change')));
};

describe('token-server import --update: the folder records the import, --update re-runs it', () => {
  let repo: string;
  let acme: string;
  beforeEach(async () => {
    repo = await realpath(await mkdtemp(join(tmpdir(), 'import-update-')));
    acme = join(repo, 'design-systems', 'acme');
    await mkdir(join(repo, 'tokens'));
    await mkdir(join(repo, 'themes'));
    await writeFile(join(repo, 'tokens', 'core.json'), JSON.stringify(CORE, null, 2));
    await writeFile(join(repo, 'themes', 'dark.json'), JSON.stringify(DARK, null, 2));
    git(repo, 'init', '-q', '-b', 'main');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'tokens');
  });
  afterEach(() => rm(repo, { recursive: true, force: true }));

  it('records the command (paths from the folder it ran in, every option that changes the output) and a hash of each file written', async () => {
    const run = await runCli(IMPORT, { cwd: repo });
    expect(run.status).toBe(0);
    const files = await filesOf(acme);
    const record = JSON.parse(files[RECORD] as string) as Record<string, unknown>;
    const written = Object.fromEntries(
      Object.entries(files)
        .filter(([path]) => path !== RECORD)
        .map(([path, text]) => [path, sha256(text)]),
    );
    expect(Object.keys(written).sort()).toEqual(['system.yaml', 'tokens/color.yaml', 'tokens/space.yaml']);
    expect(record).toEqual({
      about:
        'Written by `token-server import`: `token-server import --update <this folder>` runs the same import again. ' +
        'It refuses to overwrite files edited since (their hashes are below) unless given --force.',
      version: 1,
      ranIn: '../..',
      args: ['tokens/', '--name', 'Acme Tokens', '--mode', 'dark=themes/dark.json'],
      files: written,
      sources: [
        'tokens/core.json:color.broken',
        'tokens/core.json:color.ink',
        'tokens/core.json:color.old',
        'tokens/core.json:color.paper',
        'tokens/core.json:color.text',
        'tokens/core.json:space.small',
      ],
      verdicts: [{ source: 'tokens/core.json:color.broken', level: 'skipped', reason: '`nope` is not a color we read' }],
    });
    // The server never reads it: the folder validates as before.
    const validated = await runCli(['validate', 'design-systems'], { cwd: repo });
    expect([validated.status, validated.stdout]).toEqual([0, '✔ 1 design system, 5 tokens, no problems\n']);
  });

  it('records absolute paths as paths from the folder the import ran in', async () => {
    const run = await runCli(
      ['import', join(repo, 'tokens'), '--mode', `dark=${join(repo, 'themes', 'dark.json')}`, '--from', 'dtcg', '--out', acme],
      { cwd: repo },
    );
    expect(run.status).toBe(0);
    const record = JSON.parse(await readFile(join(acme, RECORD), 'utf8')) as { ranIn: string; args: string[] };
    expect([record.ranIn, record.args]).toEqual(['../..', ['tokens', '--from', 'dtcg', '--mode', 'dark=themes/dark.json']]);
  });

  it('re-runs the import after the source changed, from any folder, and says what changed (text)', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const core = structuredClone(CORE) as Record<string, Record<string, unknown>>;
    const color = core['color'] as Record<string, unknown>;
    color['ink'] = { $value: '#222222' };
    delete color['old'];
    color['accent'] = { $value: '#ff0000' };
    color['broken'] = { $value: '#123456' };
    color['wrong'] = { $value: 'wrong' };
    await writeFile(join(repo, 'tokens', 'core.json'), JSON.stringify(core, null, 2));
    await writeFile(join(repo, 'themes', 'dark.json'), JSON.stringify({ color: { ...DARK.color, paper: { $value: '#0a0a0a' } } }));

    const run = await runCli(['import', '--update', 'acme'], { cwd: join(repo, 'design-systems') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('6 tokens written to acme (6 exactly, 0 with loss), 1 left out (read as dtcg)');
    expect(changeLines(run.stdout)).toEqual([
      'changes since the last import: 2 tokens added, 1 removed, 2 changed, 2 verdicts changed',
      '  added    color.accent  #FF0000',
      '  added    color.broken  #123456',
      '  removed  color.old  #999999',
      '  changed  color.ink  light #111111 -> #222222 (and 1 that refers to it: color.text)',
      '  changed  color.paper  dark #000000 -> #0A0A0A',
      '  verdict  tokens/core.json:color.broken  left out -> exactly',
      '  verdict  tokens/core.json:color.wrong  new -> left out: `wrong` is not a color we read',
      '',
    ]);
    const files = await filesOf(acme);
    expect(files['tokens/color.yaml']).toContain('color.ink: { type: color, color: "#222222", modes: { dark: { color: "#EEEEEE" } } }');
    expect(files['tokens/color.yaml']).not.toContain('color.old');
    // The record is the new import's, so a second --update finds nothing to do.
    const again = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
    expect(again.status).toBe(0);
    expect(changeLines(again.stdout)).toEqual(['no change since the last import: the folder is as it was (not rewritten)', '']);
  });

  it('says a mode added once, not as a change of every token', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const core = structuredClone(CORE) as Record<string, Record<string, unknown>>;
    (core['space'] as Record<string, unknown>)['small'] = { $type: 'dimension', $value: { light: '4px', dim: '6px' } };
    await writeFile(join(repo, 'tokens', 'core.json'), JSON.stringify(core, null, 2));
    const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
    expect(run.status).toBe(0);
    expect(changeLines(run.stdout)).toEqual([
      'changes since the last import: 0 tokens added, 0 removed, 0 changed, 0 verdicts changed',
      '  mode `dim` added',
      '',
    ]);
  });

  it('says the same in --format json, and re-verifies with --verify', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const core = structuredClone(CORE) as Record<string, Record<string, unknown>>;
    (core['color'] as Record<string, unknown>)['ink'] = { $value: '#222222' };
    await writeFile(join(repo, 'tokens', 'core.json'), JSON.stringify(core, null, 2));
    const run = await runCli(['import', '--update', 'design-systems/acme', '--format', 'json', '--verify'], { cwd: repo });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report['out']).toBe('design-systems/acme');
    expect((report['verify'] as { mismatches: unknown[] }).mismatches).toEqual([]);
    expect(report['changes']).toEqual({
      rewritten: true,
      modes: { added: [], removed: [] },
      tokens: {
        added: [],
        removed: [],
        changed: [
          {
            key: 'color.ink',
            type: 'color',
            from: { light: '#111111', dark: '#EEEEEE' },
            to: { light: '#222222', dark: '#EEEEEE' },
            affects: ['color.text'],
            modes: ['light'],
          },
        ],
        retyped: [],
      },
      verdicts: [],
    });
  });

  it('refuses a folder that has no record, naming the file it looks for (exit 2)', async () => {
    await mkdir(join(repo, 'design-systems', 'hand'), { recursive: true });
    await writeFile(join(repo, 'design-systems', 'hand', 'system.yaml'), 'name: Hand\n');
    const run = await runCli(['import', '--update', 'design-systems/hand'], { cwd: repo });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'token-server: design-systems/hand has no import record (.token-server-import.json): --update re-runs the import ' +
        'that wrote a folder, and this one was not written by `token-server import`; import into it with --force instead\n',
    ]);
    const missing = await runCli(['import', '--update', 'design-systems/nope'], { cwd: repo });
    expect([missing.status, missing.stderr]).toEqual([2, 'token-server: design-systems/nope does not exist\n']);
  });

  it('refuses a record it cannot read, saying where', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    await writeFile(join(acme, RECORD), '{ "version": 1, "args": "tokens/" }');
    const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
    expect([run.status, run.stderr]).toEqual([
      2,
      'token-server: design-systems/acme/.token-server-import.json is not an import record this version reads: ' +
        '`ranIn` must be a path, `args` a list of strings, `files` an object of SHA-256 hashes; import again with --force\n',
    ]);
  });

  it('refuses a record that names files outside the Git work tree holding the folder (a hostile commit), reading none', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'import-update-outside-')));
    try {
      await writeFile(join(outside, 'secrets.json'), JSON.stringify({ secret: { $type: 'color', $value: '#123456' } }));
      const record = JSON.parse(await readFile(join(acme, RECORD), 'utf8')) as { args: string[]; files: unknown };
      const escape = relative(repo, join(outside, 'secrets.json'));
      await writeFile(join(acme, RECORD), JSON.stringify({ ...record, args: [escape, '--name', 'Acme Tokens'] }));
      const before = await filesOf(acme);
      const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
      expect([run.status, run.stdout, run.stderr]).toEqual([
        2,
        '',
        `token-server: design-systems/acme/.token-server-import.json names ${escape}, outside ${repo} (the Git work tree that ` +
          'holds design-systems/acme, or the folder you run this from when there is none): --update reads nothing outside ' +
          'it; import again with --force\n',
      ]);
      expect(await filesOf(acme)).toEqual(before);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it.each([
    ['a file', 'themes/dark.json', 'dark.json', 'themes/dark.json (a symbolic link)'],
    ['a folder', 'tokens', '.', 'tokens/ (a symbolic link)'],
    ['a folder on the way to a file', 'themes', '.', 'themes/dark.json (through the symbolic link themes)'],
  ])(
    'refuses a committed symbolic link at %s the record names (it leads outside the work tree), reading and writing nothing',
    async (_name, linkPath, target, named) => {
      expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
      const outside = await realpath(await mkdtemp(join(tmpdir(), 'import-update-outside-')));
      try {
        const secret = { color: { $type: 'color', ink: { $value: '#123456' }, paper: { $value: '#654321' } } };
        await writeFile(join(outside, 'dark.json'), JSON.stringify(secret));
        await writeFile(join(outside, 'core.json'), JSON.stringify(secret));
        await rm(join(repo, linkPath), { recursive: true });
        await symlink(join(outside, target), join(repo, linkPath));
        git(repo, 'add', '-A');
        git(repo, 'commit', '-q', '-m', 'a link out of the work tree');
        const before = await filesOf(acme);
        const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
        expect([run.status, run.stdout, run.stderr]).toEqual([
          2,
          '',
          `token-server: design-systems/acme/.token-server-import.json names ${named}: --update follows no symbolic link ` +
            `in a recorded path, which could lead outside ${repo}; import again with --force\n`,
        ]);
        expect(await filesOf(acme)).toEqual(before);
        expect(JSON.stringify(before)).not.toContain('123456');
      } finally {
        await rm(outside, { recursive: true, force: true });
      }
    },
  );

  it('refuses when the inputs the record names are gone, naming each one (exit 2), and leaves the folder as it was', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const before = await filesOf(acme);
    await rm(join(repo, 'themes'), { recursive: true });
    const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'token-server: the import of design-systems/acme read themes/dark.json (in ../.. from the folder), which does not ' +
        'exist any more: import again with the files you have now, and --force\n',
    ]);
    expect(await filesOf(acme)).toEqual(before);
  });

  it('refuses to overwrite a folder edited by hand since the import, saying what changed; --force overwrites it', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    const color = join(acme, 'tokens', 'color.yaml');
    await writeFile(color, `${await readFile(color, 'utf8')}  color.extra: { type: color, color: "#ABCDEF" }\n`);
    await unlink(join(acme, 'tokens', 'space.yaml'));
    await writeFile(join(acme, 'NOTES.md'), 'hand-written\n');
    const edited = await filesOf(acme);
    const run = await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      'token-server: design-systems/acme was changed since it was imported (NOTES.md added, tokens/color.yaml edited, ' +
        'tokens/space.yaml removed): --update would overwrite that; carry the change into the source, or pass --force ' +
        'to overwrite it\n',
    ]);
    expect(await filesOf(acme)).toEqual(edited);

    const forced = await runCli(['import', '--update', 'design-systems/acme', '--force'], { cwd: repo });
    expect(forced.status).toBe(0);
    expect(changeLines(forced.stdout)).toEqual([
      'changes since the last import: 1 token added, 1 removed, 0 changed, 0 verdicts changed',
      '  added    space.small  4px',
      '  removed  color.extra  #ABCDEF',
      '',
    ]);
    const files = await filesOf(acme);
    expect(Object.keys(files).sort()).toEqual([RECORD, 'system.yaml', 'tokens/color.yaml', 'tokens/space.yaml']);
  });

  it('takes only --verify, --format and --force beside --update (exit 2)', async () => {
    expect((await runCli(IMPORT, { cwd: repo })).status).toBe(0);
    for (const extra of [['--name', 'Other'], ['tokens/'], ['--out', 'design-systems/other']]) {
      const run = await runCli(['import', '--update', 'design-systems/acme', ...extra], { cwd: repo });
      expect([extra, run.status, run.stderr]).toEqual([
        extra,
        2,
        'token-server: --update runs the recorded import again: only --verify, --against, --format and --force go with it; ' +
          'to change what is imported, run the import with its files and options, and --force\n',
      ]);
    }
    const mtime = (await stat(join(acme, 'system.yaml'))).mtimeMs;
    expect((await runCli(['import', '--update', 'design-systems/acme'], { cwd: repo })).status).toBe(0);
    expect((await stat(join(acme, 'system.yaml'))).mtimeMs).toBe(mtime);
  });
});
