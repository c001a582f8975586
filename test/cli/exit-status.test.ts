import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { EXIT_STATUS_HELP } from '../../src/cli/exit-status.js';
import { KEYS_SUBCOMMANDS } from '../../src/cli/keys.js';
import { runCli } from './run-cli.js';

// One table of exit statuses for every command (docs/designers.md): 0 done, 1 problems found or failed, 2 wrong call.
describe('token-server exit statuses', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'exit-status-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each<[string[], Record<string, string>, RegExp]>([
    [[], {}, /^Usage: token-server <command>/],
    [
      ['deploy'],
      {},
      /^token-server: unknown command `deploy` \(expected serve, validate, keys, import or build\)\n\nUsage: token-server <command>/,
    ],
    [
      ['serve', '--prot', '3000'],
      {},
      /^token-server: unknown option `--prot` for serve \(did you mean `--port`\?\); its options are --source, --keys, --port, /,
    ],
    [['serve', '--port', 'http'], {}, /^token-server: --port must be an integer from 0 to 65535, got http\n$/],
    [['serve'], { PORT: '70000' }, /^token-server: --port must be an integer from 0 to 65535, got 70000\n$/],
    [
      ['serve', '--log-level', 'loud'],
      {},
      /^token-server: --log-level must be one of fatal, error, warn, info, debug, trace, silent, got loud\n$/,
    ],
    [['serve', '--source', 'nowhere', '--port', '0'], {}, /^token-server: source folder .*nowhere does not exist or is not a folder\n$/],
    [['serve', 'extra'], {}, /^token-server: unexpected argument `extra`: serve takes no arguments, only options\n$/],
    [
      ['validate', '--fix'],
      {},
      /^token-server: unknown option `--fix` for validate; its options are --keys, --format, --code-frame, --help\n$/,
    ],
    [['validate', 'nowhere'], {}, /^token-server: source folder nowhere does not exist or is not a folder\n$/],
    [['keys'], {}, /^Usage: token-server keys <create\|list\|revoke>/],
    [['keys', 'rotate'], {}, /^token-server: unknown keys subcommand `rotate`/],
    [['keys', 'create', '--label', 'ci'], {}, /^token-server: unknown option `--label` for keys create; its options are --keys, /],
    [['keys', 'create', '--name', 'ci'], {}, /^token-server: --design-system must be the slug of a design system/],
    [['keys', 'list', 'all'], {}, /^token-server: unexpected argument `all`: keys list takes no arguments, only options\n$/],
    [['keys', 'list', '--all'], {}, /^token-server: unknown option `--all` for keys list; its options are --keys, --help\n$/],
    [['keys', 'revoke', 'a', 'b'], {}, /^token-server: keys revoke takes exactly one label/],
  ])('exit 2 on a wrong call, with the reason on stderr: %j %j', async (args, env, stderr) => {
    const result = await runCli(args, { cwd: dir, env });
    expect(result.stderr).toMatch(stderr);
    expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
  });

  it.each([
    [['--help']],
    [['help']],
    [['-h']],
    // Every command of the command table and every keys subcommand: a new command joins without an edit here.
    ...COMMANDS.map(({ name }) => [[name, '--help']]),
    ...KEYS_SUBCOMMANDS.map((subcommand) => [['keys', subcommand, '--help']]),
    [['keys', 'revoke', '-h']],
  ])('print the exit status table in every help, and exit 0: %j', async (args) => {
    const result = await runCli(args, { cwd: dir });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${EXIT_STATUS_HELP}\n`);
    expect(result.stderr).toBe('');
  });
});
