import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/cli/code-frame.js';
import { runCli } from './run-cli.js';

// Issue 24, item 6: our own messages instead of parseArgs text, did-you-mean for commands, subcommands and options,
// colour through styleText (NO_COLOR, FORCE_COLOR, pipes), a code frame under each problem, `validate --format
// github`, `keys create <label>`.
const FIXTURES = fileURLToPath(new URL('../fixtures/cli', import.meta.url));
const ESCAPE = '\u001B[';

describe('command lines', () => {
  it.each<[string[], string]>([
    [['valdate'], 'token-server: unknown command `valdate` (did you mean `validate`?) (expected serve, validate, keys, import or build)'],
    [['keys', 'crate'], 'token-server: unknown keys subcommand `crate` (did you mean `create`?) (expected create, list or revoke)\n'],
    [
      ['validate', '--fromat', 'json'],
      'token-server: unknown option `--fromat` for validate (did you mean `--format`?); its options are --keys, --format, --code-frame, --help\n',
    ],
    [['validate', '--keys'], 'token-server: option `--keys` needs a value, as in `--keys <value>`\n'],
    [['validate', '--help=yes'], 'token-server: option `--help` takes no value (got `--help=yes`)\n'],
    [
      ['validate', 'valid', '--format', 'jsn'],
      'token-server: --format must be text, json, github or sarif, got jsn (did you mean `json`?)\n',
    ],
    [['validate', 'valid', '--code-frame', 'sometimes'], 'token-server: --code-frame must be auto, always or never, got sometimes\n'],
  ])('say what to type instead: %j', async (args, stderr) => {
    const result = await runCli(args, { cwd: FIXTURES });
    expect(result.status).toBe(2);
    expect(result.stderr.startsWith(stderr)).toBe(true);
  });
});

describe('validate output', () => {
  it('write GitHub workflow annotations, escaping what GitHub reads as syntax', async () => {
    const result = await runCli(['validate', 'extra-field', '--format', 'github'], { cwd: FIXTURES });
    expect(result).toEqual({
      status: 1,
      stderr: '',
      stdout:
        '::error file=extra-field/shop/tokens.yaml,line=3,col=42,title=extra-field::spacing token `spacing.sm` has no field `size` ' +
        '(allowed: value, unit, primitive, ref, modes)\n✖ 1 problem (1 error, 0 warnings)\n',
    });
  });

  it('escape newlines, percent signs, colons and commas in annotations', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-github-'));
    try {
      await writeFile(join(dir, 'keys.yaml'), 'keys:\n  - name: "a%b"\n');
      await runCli(['validate', 'valid', '--format', 'github', '--keys', join(dir, 'keys.yaml')], { cwd: FIXTURES }).then((result) => {
        const annotation = result.stdout.split('\n').find((line) => line.startsWith('::error')) as string;
        // The file property is an absolute path here: its `/` stay, a `:` or `,` in it would be escaped.
        expect(annotation).toMatch(/^::error file=[^:,]+keys\.yaml,line=2,col=\d+,title=[a-z-]+::/);
        expect(annotation.includes('\n')).toBe(false);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('quote the source line under each problem with --code-frame always, with a caret under the column', async () => {
    const result = await runCli(['validate', 'extra-field', '--code-frame', 'always'], { cwd: FIXTURES });
    const source = await readFile(join(FIXTURES, 'extra-field/shop/tokens.yaml'), 'utf8');
    const line3 = source.split('\n')[2] as string;
    expect(result.stdout).toBe(
      'extra-field/shop/tokens.yaml:3:42  error  spacing token `spacing.sm` has no field `size` (allowed: value, unit, primitive, ref, modes)  (extra-field)\n' +
        `    2 | ${source.split('\n')[1] as string}\n` +
        `  > 3 | ${line3}\n` +
        `      | ${' '.repeat(41)}^\n\n` +
        '✖ 1 problem (1 error, 0 warnings)\n',
    );
    expect(line3[41]).toBe('2');
  });

  it('colour only when asked by FORCE_COLOR; never in a pipe or with NO_COLOR', async () => {
    const forced = await runCli(['validate', 'extra-field'], { cwd: FIXTURES, env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    expect(forced.stdout).toContain(`${ESCAPE}31m`);
    expect(stripVTControlCharacters(forced.stdout)).toBe(
      'extra-field/shop/tokens.yaml:3:42  error  spacing token `spacing.sm` has no field `size` (allowed: value, unit, primitive, ref, modes)  (extra-field)\n' +
        '✖ 1 problem (1 error, 0 warnings)\n',
    );
    const piped = await runCli(['validate', 'extra-field'], { cwd: FIXTURES, env: { FORCE_COLOR: undefined, NO_COLOR: undefined } });
    expect(piped.stdout).not.toContain(ESCAPE);
    const noColor = await runCli(['validate', 'extra-field'], { cwd: FIXTURES, env: { NO_COLOR: '1', FORCE_COLOR: undefined } });
    expect(noColor.stdout).not.toContain(ESCAPE);
  });
});

describe('code frames', () => {
  it('cut a long line around the column and point at the same character', () => {
    const long = `${'a'.repeat(300)}X${'b'.repeat(300)}`;
    const frame = codeFrame(`first\n${long}`, 2, 301).split('\n');
    const quoted = frame[1] as string;
    const caret = frame[2] as string;
    expect(quoted.startsWith('  > 2 | …')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quoted[caret.indexOf('^')]).toBe('X');
  });

  it('show nothing for a line the text does not have', () => {
    expect(codeFrame('one line', 5, 1)).toBe('');
  });
});

describe('keys create <label>', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cli-keys-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('take the label as an argument, as --name does', async () => {
    const created = await runCli(['keys', 'create', 'ci-deploy', '--design-system', 'shop', '--force', '--keys', 'keys.yaml'], {
      cwd: dir,
    });
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^dts_[A-Za-z0-9_-]{43}\n$/);
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toContain('name: ci-deploy');
    const twice = await runCli(['keys', 'create', 'a', '--name', 'b', '--design-system', 'shop', '--force'], { cwd: dir });
    expect([twice.status, twice.stderr]).toEqual([2, 'token-server: the label is given twice, as `a` and as --name b: give one\n']);
  });
});
