import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../helpers/app.js';
import { spawnServer } from './spawn-server.js';
import type { ServerProcess } from './spawn-server.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * What the Dockerfile does, on this machine: `npm pack` (its `prepack` builds dist/), unpack the package into an empty
 * folder, `npm ci --omit=dev --ignore-scripts` against the lockfile, then `node dist/cli.js serve` from there, with
 * nothing of the repository's node_modules in reach. Proves the package ships everything it needs at run time and
 * needs no dev dependency.
 */
describe('production install', () => {
  let folder: string | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  it(
    'packs, installs production dependencies only, serves the example design systems and passes its health check',
    { timeout: 180_000 },
    async () => {
      folder = await mkdtemp(join(tmpdir(), 'token-server-install-'));
      const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

      const packed = await run(NPM, ['pack', '--json', '--pack-destination', folder], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 });
      const manifest = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
      const files = manifest[0].files.map((file) => file.path);
      expect(files).toContain('dist/cli.js');
      expect(files).toContain('dist/healthcheck.js');
      expect(files).toContain('keys.yaml');
      expect(files).toContain('design-systems/acme/system.yaml');
      expect(files.filter((path) => path.startsWith('src/') || path.startsWith('test/'))).toEqual([]);

      const app = join(folder, 'app');
      await mkdir(app);
      await run('tar', ['-xzf', join(folder, manifest[0].filename), '-C', app, '--strip-components=1']);
      await copyFile(join(ROOT, 'package-lock.json'), join(app, 'package-lock.json'));
      await run(NPM, ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app, env, maxBuffer: 16 * 1024 * 1024 });
      await expect(stat(join(app, 'node_modules', 'fastify', 'package.json'))).resolves.toBeTruthy();
      await expect(stat(join(app, 'node_modules', 'typescript'))).rejects.toThrow();
      await expect(stat(join(app, 'node_modules', 'vitest'))).rejects.toThrow();

      // The image's environment: defaults for the source and keys (the shipped examples), the port from PORT.
      server = await spawnServer(join(app, 'dist', 'cli.js'), [], { cwd: app, env: { NODE_ENV: 'production', LOG_LEVEL: 'info' } });
      const response = await fetch(`${server.base}/api/v1/design-system`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { slug: string; tokenCount: number } }).data).toMatchObject({
        slug: 'acme',
        tokenCount: 191,
      });
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      // The token browser ships in the package: the page and the assets it links.
      const page = await fetch(`${server.base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const assets = [...html.matchAll(/(?:src|href)="(\/ui\/[^"]+)"/g)].map((match) => match[1] as string);
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) expect((await fetch(`${server.base}${asset}`)).status, asset).toBe(200);

      const port = new URL(server.base).port;
      const healthy = await run(process.execPath, [join(app, 'dist', 'healthcheck.js')], { cwd: app, env: { ...process.env, PORT: port } });
      expect(healthy.stderr).toBe('');
      const version = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as { version: string };
      const doc = (await (await fetch(`${server.base}/api/v1/openapi.json`)).json()) as { info: { version: string } };
      expect(doc.info.version).toBe(version.version);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Nothing listens any more: the health check now fails.
      await expect(
        run(process.execPath, [join(app, 'dist', 'healthcheck.js')], { cwd: app, env: { ...process.env, PORT: port } }),
      ).rejects.toMatchObject({ code: 1 });
    },
  );
});
