import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';
import { authenticate } from '../../src/http/auth.js';
import { ApiError } from '../../src/http/errors.js';
import { runCli } from './run-cli.js';

const EXAMPLE_KEYS = fileURLToPath(new URL('../../keys.yaml', import.meta.url));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('token-server keys create --browser', () => {
  let dir: string;
  let original: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keys-cli-browser-'));
    await copyFile(EXAMPLE_KEYS, join(dir, 'keys.yaml'));
    original = await readFile(join(dir, 'keys.yaml'), 'utf8');
    await mkdir(join(dir, 'design-systems', 'acme'), { recursive: true });
    await writeFile(join(dir, 'design-systems', 'acme', 'system.yaml'), 'name: acme\n');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('mints a dtsb_ credential bound to its origins, stores only its hash, and the server honours it from those origins only', async () => {
    const result = await runCli(
      [
        'keys',
        'create',
        'site',
        '--design-system',
        'acme',
        '--browser',
        '--origins',
        'https://www.example.com,http://localhost:5173',
        '--expires-at',
        '2999-01-31',
      ],
      { cwd: dir },
    );
    expect(result.stderr).toBe(
      'Added browser credential `site` for design system acme to keys.yaml, usable from https://www.example.com, http://localhost:5173.\n' +
        'It is public once a page carries it: it reads acme from those origins only, until 2999-01-31 or until you revoke it.\n',
    );
    expect(result.status).toBe(0);
    const key = result.stdout.trimEnd();
    expect(key).toMatch(/^dtsb_[A-Za-z0-9_-]{43}$/);
    const text = await readFile(join(dir, 'keys.yaml'), 'utf8');
    expect(text).toBe(
      `${original}  - name: site\n    kind: browser\n    sha256: ${sha256(key)}\n    designSystem: acme\n    origins: [https://www.example.com, http://localhost:5173]\n    expiresAt: 2999-01-31\n`,
    );
    const entries = parseKeysFile('keys.yaml', text).keys ?? [];
    const keys = { entries, bySha256: new Map(entries.map((entry) => [entry.sha256, entry])), problems: [], staleSince: null };
    expect(authenticate(`Bearer ${key}`, keys, 0, undefined, 'http://localhost:5173')).toMatchObject({ name: 'site', kind: 'browser' });
    expect(() => authenticate(`Bearer ${key}`, keys, 0, undefined, 'https://evil.example')).toThrow(ApiError);
  });

  it('mints a dtsf_ Figma credential (an editor here) that the server takes from the plugin’s frame only', async () => {
    const result = await runCli(
      [
        'keys',
        'create',
        'dana-figma',
        '--design-system',
        'acme',
        '--figma',
        '--role',
        'editor',
        '--author',
        'Dana Designer <dana@example.com>',
      ],
      { cwd: dir },
    );
    expect(result.stderr).toBe(
      'Added Figma credential `dana-figma` for design system acme to keys.yaml: it works only from the Figma plugin (`Origin: null`).\n' +
        'Give it to the designer privately (it is a secret that opens change requests); it is shown only this once.\n',
    );
    expect(result.status).toBe(0);
    const key = result.stdout.trimEnd();
    expect(key).toMatch(/^dtsf_[A-Za-z0-9_-]{43}$/);
    const text = await readFile(join(dir, 'keys.yaml'), 'utf8');
    expect(text).toBe(
      `${original}  - name: dana-figma\n    kind: figma\n    sha256: ${sha256(key)}\n    designSystem: acme\n    role: editor\n    author: {name: Dana Designer, email: dana@example.com}\n`,
    );
    const entries = parseKeysFile('keys.yaml', text).keys ?? [];
    const keys = { entries, bySha256: new Map(entries.map((entry) => [entry.sha256, entry])), problems: [], staleSince: null };
    expect(authenticate(`Bearer ${key}`, keys, 0, undefined, 'null')).toMatchObject({ name: 'dana-figma', kind: 'figma', role: 'editor' });
    expect(() => authenticate(`Bearer ${key}`, keys, 0, undefined, undefined)).toThrow(ApiError);
  });

  it.each([
    [['--browser'], '--browser needs --origins: the web origins whose pages may use the credential, e.g. https://app.example.com'],
    [['--origins', 'https://www.example.com'], '--origins is for browser credentials: add --browser'],
    [['--figma', '--browser', '--origins', 'https://www.example.com'], '--figma and --browser are two kinds of credential: give one'],
    [
      ['--figma', '--role', 'reviewer', '--author', 'Rui <rui@example.com>'],
      'a Figma credential opens change requests (--role editor); approving and merging need a reviewer’s API key',
    ],
    [
      ['--browser', '--origins', 'https://www.example.com/app'],
      '--origins must be web origins such as https://app.example.com (http or https, host and port only), got `https://www.example.com/app`',
    ],
  ])('refuses %j with a usage error and leaves the file alone', async (extra, message) => {
    const result = await runCli(['keys', 'create', 'site', '--design-system', 'acme', ...extra], { cwd: dir });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 2, stderr: expect.stringContaining(message) as unknown });
    expect(await readFile(join(dir, 'keys.yaml'), 'utf8')).toBe(original);
  });
});
