import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import { authenticate } from '../../src/http/auth.js';
import { runCli } from './run-cli.js';

const EXAMPLE_KEYS = fileURLToPath(new URL('../../keys.yaml', import.meta.url));
const KEY = /^dts_[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('token-server keys', () => {
  let dir: string;
  let original: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keys-cli-'));
    await copyFile(EXAMPLE_KEYS, join(dir, 'keys.yaml'));
    original = await readFile(join(dir, 'keys.yaml'), 'utf8');
    // The design systems `keys create` checks its slugs against (./design-systems, as `serve` reads them).
    for (const slug of ['acme', 'acme-docs']) await writeSystem(join(dir, 'design-systems'), slug);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('create a key, print it once, and append only its hash, keeping the comments and layout of the file', async () => {
    await chmod(join(dir, 'keys.yaml'), 0o640);
    const result = await runCli(
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--access', 'acme-docs', '--expires-at', '2999-01-31'],
      { cwd: dir },
    );
    expect(result.status).toBe(0);
    const key = result.stdout.trimEnd();
    expect(key).toMatch(KEY);
    expect(result.stdout).toBe(`${key}\n`);
    expect(result.stderr).toBe(
      'Added key `ci` for design system acme to keys.yaml.\nCopy the key now: it is shown only this once and cannot be recovered.\n',
    );
    const text = await readFile(join(dir, 'keys.yaml'), 'utf8');
    expect(text).toBe(
      `${original}  - name: ci\n    sha256: ${sha256(key)}\n    designSystem: acme\n    access: [acme-docs]\n    expiresAt: 2999-01-31\n`,
    );
    expect(text).not.toContain(key);
    expect((await stat(join(dir, 'keys.yaml'))).mode & 0o777).toBe(0o640);
  });

  it('create keys that the server accepts until they expire, then refuses with 401', async () => {
    const result = await runCli(['keys', 'create', '--name', 'temp', '--design-system', 'acme', '--expires-at', '2999-01-31T12:00:00Z'], {
      cwd: dir,
    });
    const key = result.stdout.trimEnd();
    const parsed = parseKeysFile('keys.yaml', await readFile(join(dir, 'keys.yaml'), 'utf8'));
    expect(parsed.diagnostics).toEqual([]);
    const entries = parsed.keys ?? [];
    const keys = { entries, bySha256: new Map(entries.map((entry) => [entry.sha256, entry])), problems: [], staleSince: null };
    expect(authenticate(`Bearer ${key}`, keys, Date.parse('2999-01-31T11:59:59Z'))).toMatchObject({
      name: 'temp',
      designSystem: 'acme',
      access: ['acme'],
    });
    expect(() => authenticate(`Bearer ${key}`, keys, Date.parse('2999-01-31T12:00:00Z'))).toThrow(
      expect.objectContaining({ statusCode: 401, message: 'This API key has expired.' }),
    );
  });

  it('list browser credentials with the origins they are accepted from (a column only when there is one)', async () => {
    const created = await runCli(
      [
        'keys',
        'create',
        '--name',
        'site',
        '--design-system',
        'acme',
        '--browser',
        '--origins',
        'https://app.acme.com,http://localhost:5173',
      ],
      { cwd: dir },
    );
    expect(created.status).toBe(0);
    const result = await runCli(['keys', 'list'], { cwd: dir });
    const site = sha256(created.stdout.trimEnd()).slice(0, 12);
    expect(result).toEqual({
      status: 0,
      stdout: [
        'NAME         DESIGN SYSTEM  ACCESS     SHA256         EXPIRES  BROWSER ORIGINS',
        'demo         acme           acme-docs  6d333a3707c0…  never    -',
        'docs-site    acme-docs      -          807e8881fd81…  never    -',
        'harbor-demo  harbor         -          3d4e1fae515f…  never    -',
        `site         acme           -          ${site}…  never    https://app.acme.com, http://localhost:5173`,
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('create a write key with its role and author, which the server reads as an editor', async () => {
    const result = await runCli(
      ['keys', 'create', 'dana', '--design-system', 'acme', '--role', 'editor', '--author', 'Dana Designer <dana@example.com>'],
      { cwd: dir },
    );
    expect(result.status).toBe(0);
    const key = result.stdout.trimEnd();
    expect(result.stderr).toBe(
      'Added key `dana` (editor, committing as Dana Designer <dana@example.com>) for design system acme to keys.yaml.\n' +
        'Copy the key now: it is shown only this once and cannot be recovered.\n',
    );
    const text = await readFile(join(dir, 'keys.yaml'), 'utf8');
    expect(text).toBe(
      `${original}  - name: dana\n    sha256: ${sha256(key)}\n    designSystem: acme\n    role: editor\n    author: {name: Dana Designer, email: dana@example.com}\n`,
    );
    const entry = parseKeysFile('keys.yaml', text).keys?.find((candidate) => candidate.name === 'dana');
    expect([entry?.role, entry?.author]).toEqual(['editor', { name: 'Dana Designer', email: 'dana@example.com' }]);
  });

  it('generate a different key every time', async () => {
    const first = await runCli(['keys', 'create', '--name', 'one', '--design-system', 'acme'], { cwd: dir });
    const second = await runCli(['keys', 'create', '--name', 'two', '--design-system', 'acme'], { cwd: dir });
    expect(first.stdout).not.toBe(second.stdout);
    const text = await readFile(join(dir, 'keys.yaml'), 'utf8');
    expect(text).toBe(
      `${original}  - name: one\n    sha256: ${sha256(first.stdout.trimEnd())}\n    designSystem: acme\n  - name: two\n    sha256: ${sha256(second.stdout.trimEnd())}\n    designSystem: acme\n`,
    );
  });

  it('list labels, design systems, hash prefixes and expiry, never keys', async () => {
    const created = await runCli(['keys', 'create', '--name', 'ci', '--design-system', 'acme-docs', '--expires-at', '2999-01-31'], {
      cwd: dir,
    });
    await writeFile(
      join(dir, 'keys.yaml'),
      `${await readFile(join(dir, 'keys.yaml'), 'utf8')}  - name: old\n    sha256: ${'a'.repeat(64)}\n    designSystem: acme\n    expiresAt: 2020-01-01\n`,
    );
    const result = await runCli(['keys', 'list'], { cwd: dir });
    const ci = sha256(created.stdout.trimEnd()).slice(0, 12);
    expect(result).toEqual({
      status: 0,
      stdout: [
        'NAME         DESIGN SYSTEM  ACCESS     SHA256         EXPIRES',
        'demo         acme           acme-docs  6d333a3707c0…  never',
        'docs-site    acme-docs      -          807e8881fd81…  never',
        'harbor-demo  harbor         -          3d4e1fae515f…  never',
        `ci           acme-docs      -          ${ci}…  2999-01-31`,
        'old          acme           -          aaaaaaaaaaaa…  2020-01-01 (expired)',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(result.stdout).not.toContain(created.stdout.trimEnd());
  });

  it('revoke a key by label, leaving the rest of the file as it was', async () => {
    await runCli(['keys', 'create', '--name', 'ci', '--design-system', 'acme'], { cwd: dir });
    const result = await runCli(['keys', 'revoke', 'ci'], { cwd: dir });
    expect(result).toEqual({ status: 0, stdout: '', stderr: 'Revoked key `ci` in keys.yaml.\n' });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original);
    const demo = await runCli(['keys', 'revoke', 'demo'], { cwd: dir });
    expect(demo.status).toBe(0);
    // The comment on the demo entry's first line goes with it; the file's header comments stay.
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original.replace(/ {2}- name: demo[^]*?(?= {2}- name: docs-site)/, ''));
  });

  it('refuse to revoke a label that does not exist', async () => {
    const result = await runCli(['keys', 'revoke', 'nobody'], { cwd: dir });
    expect(result).toEqual({ status: 1, stdout: '', stderr: 'token-server: no key named `nobody` in keys.yaml\n' });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original);
  });

  it('create the keys file when there is none, at the path of --keys or TOKENS_KEYS', async () => {
    const viaFlag = await runCli(['keys', 'create', '--name', 'first', '--design-system', 'acme', '--keys', 'config/../new-keys.yaml'], {
      cwd: dir,
    });
    expect(viaFlag.status).toBe(0);
    expect(await readFile(join(dir, 'new-keys.yaml'), 'utf8')).toBe(
      '# API keys. Only the SHA-256 of each key is stored here, never the key itself.\n' +
        '# Manage them with `token-server keys create | list | revoke`.\n' +
        `keys:\n  - name: first\n    sha256: ${sha256(viaFlag.stdout.trimEnd())}\n    designSystem: acme\n`,
    );
    const viaEnv = await runCli(['keys', 'list'], { cwd: dir, env: { TOKENS_KEYS: 'new-keys.yaml' } });
    expect(viaEnv.stdout.split('\n')[1]).toMatch(/^first {2}acme {11}- {7}[0-9a-f]{12}… {2}never$/);
  });

  it.each([
    [
      ['keys', 'create', '--design-system', 'acme'],
      'token-server: --name must be a label of letters, digits, `.`, `_`, `@` and `-` (at most 100)\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'Acme'],
      'token-server: --design-system must be the slug of a design system, e.g. acme\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--access', 'docs,Blog'],
      'token-server: --access must be design system slugs separated by commas, got `Blog`\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--expires-at', 'tomorrow'],
      'token-server: --expires-at must be an ISO 8601 date such as 2027-01-31, got tomorrow\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--expires-at', '2001-01-01'],
      'token-server: --expires-at 2001-01-01 is already past: the key would never work\n',
    ],
    [['keys', 'create', '--name', 'demo', '--design-system', 'acme'], 'token-server: a key named `demo` already exists in keys.yaml\n'],
    [['keys', 'rotate'], 'token-server: unknown keys subcommand `rotate` (expected create, list or revoke)\n'],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--role', 'admin'],
      'token-server: --role must be read, editor or reviewer, got admin\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--role', 'editor'],
      'token-server: --role needs --author "Name <email>": the identity its commits are made with\n',
    ],
    [
      ['keys', 'create', '--name', 'ci', '--design-system', 'acme', '--author', 'A <a@b.c>'],
      'token-server: --author is for write keys: add --role editor or --role reviewer\n',
    ],
    [['keys', 'revoke'], 'token-server: keys revoke takes exactly one label, e.g. `token-server keys revoke ci`\n'],
  ])('refuse a wrong call with status 2 and leave the file alone: %j', async (args, stderr) => {
    const result = await runCli(args, { cwd: dir });
    expect(result).toEqual({ status: 2, stdout: '', stderr });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original);
  });

  it('refuse to edit a keys file that has errors, and say where they are', async () => {
    const broken = `${original}  - name: docs-site\n    sha256: ${'b'.repeat(64)}\n    designSystem: acme\n`;
    await writeFile(join(dir, 'keys.yaml'), broken);
    const result = await runCli(['keys', 'create', '--name', 'ci', '--design-system', 'acme'], { cwd: dir });
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'token-server: keys.yaml has errors; fix them first:\nkeys.yaml:20:11  error  a key named `docs-site` is already defined at line 14: every entry named `docs-site` is refused  (duplicate-key)\n',
    });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(broken);
  });

  it.each([
    [
      ['--expires-at', '2027-02-30'],
      'token-server: --expires-at 2027-02-30 is not a real date: there is no such day (or time) on the calendar\n',
    ],
    [
      ['--expires-at', '2999-04-31'],
      'token-server: --expires-at 2999-04-31 is not a real date: there is no such day (or time) on the calendar\n',
    ],
    [
      ['--expires-at', '2999-01-31T24:00:00Z'],
      'token-server: --expires-at 2999-01-31T24:00:00Z is not a real date: there is no such day (or time) on the calendar\n',
    ],
    [
      ['--design-system', 'acmee'],
      'token-server: design system `acmee` does not exist in design-systems (did you mean `acme`?) (pass --force to add the key anyway)\n',
    ],
    [
      ['--access', 'acme-docs,blog'],
      'token-server: design system `blog` does not exist in design-systems (pass --force to add the key anyway)\n',
    ],
    [
      ['--source', 'elsewhere'],
      'token-server: cannot check the design systems: source folder elsewhere does not exist or is not a folder (pass --source <folder>, or --force to add the key unchecked)\n',
    ],
  ])('refuse to create a key with %j with status 2 and a plain message, leaving the file alone', async (extra, stderr) => {
    const args = ['keys', 'create', '--name', 'ci', '--design-system', 'acme', ...extra];
    // The flags given last win (parseArgs keeps the last value of a repeated option).
    const result = await runCli(args, { cwd: dir });
    expect(result).toEqual({ status: 2, stdout: '', stderr });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original);
  });

  it('create a key for a design system outside the source folder only with --force', async () => {
    const forced = await runCli(['keys', 'create', '--name', 'remote', '--design-system', 'blog', '--access', 'shop', '--force'], {
      cwd: dir,
    });
    expect(forced.status).toBe(0);
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(
      `${original}  - name: remote\n    sha256: ${sha256(forced.stdout.trimEnd())}\n    designSystem: blog\n    access: [shop]\n`,
    );
    await rm(join(dir, 'design-systems'), { recursive: true });
    expect((await runCli(['keys', 'create', '--name', 'other', '--design-system', 'acme', '--force'], { cwd: dir })).status).toBe(0);
  });

  it('find the design systems in --source, else TOKENS_SOURCE, counting only real folders with a system.yaml', async () => {
    await writeSystem(join(dir, 'tokens'), 'shop');
    await mkdir(join(dir, 'tokens', 'drafts'));
    await symlink(join(dir, 'design-systems', 'acme'), join(dir, 'tokens', 'linked'));
    expect((await runCli(['keys', 'create', '--name', 'a', '--design-system', 'shop', '--source', 'tokens'], { cwd: dir })).status).toBe(0);
    expect(
      (await runCli(['keys', 'create', '--name', 'b', '--design-system', 'shop'], { cwd: dir, env: { TOKENS_SOURCE: 'tokens' } })).status,
    ).toBe(0);
    for (const slug of ['drafts', 'linked', 'acme']) {
      const refused = await runCli(['keys', 'create', '--name', 'c', '--design-system', slug, '--source', 'tokens'], { cwd: dir });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`^token-server: design system \`${slug}\` does not exist in tokens`));
    }
  });

  it('create the first key in a keys file that is empty', async () => {
    await writeFile(join(dir, 'keys.yaml'), '# no keys yet\n');
    const result = await runCli(['keys', 'create', '--name', 'first', '--design-system', 'acme'], { cwd: dir });
    expect(result.status).toBe(0);
    expect(parseKeysFile('keys.yaml', await readFile(join(dir, 'keys.yaml'), 'utf8')).keys?.map((key) => key.name)).toEqual(['first']);
  });
});

async function writeSystem(sourceDir: string, slug: string): Promise<void> {
  await mkdir(join(sourceDir, slug), { recursive: true });
  await writeFile(join(sourceDir, slug, 'system.yaml'), `name: ${slug}\n`);
}
