import { execFile } from 'node:child_process';
import { access, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the freshly built `cli.js`, for tests that run the real command as a child process. */
    cliPath: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Inside node_modules so the built files resolve their dependencies; one folder per run so parallel runs never
// overwrite each other's build, and `dist/` (what `npm start` serves) is left alone.
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'token-server-test-build', String(process.pid));

/** Builds the CLI once per test run with the project's own build config. */
export async function setup(project: TestProject): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', OUT_DIR], { cwd: ROOT });
  } catch (error) {
    // Type errors still emit JavaScript (and fail `npm run typecheck` on their own); only a missing output is fatal.
    const cliPath = join(OUT_DIR, 'cli.js');
    const built = await access(cliPath).then(
      () => true,
      () => false,
    );
    if (!built) throw new Error('building the CLI for the tests failed', { cause: error });
  }
  project.provide('cliPath', join(OUT_DIR, 'cli.js'));
  // Tests run the server from its TypeScript sources, but a worker thread needs JavaScript: the built compile worker.
  process.env.TOKEN_SERVER_COMPILE_WORKER = join(OUT_DIR, 'state', 'compile-worker.js');
  process.env.TOKEN_SERVER_RENDER_WORKER = join(OUT_DIR, 'http', 'render-worker.js');
  process.env.TOKEN_SERVER_CHANGE_WORKER = join(OUT_DIR, 'source', 'change-worker.js');
  process.env.TOKEN_SERVER_MCP_WORKER = join(OUT_DIR, 'http', 'mcp-tool-worker.js');
}

export async function teardown(): Promise<void> {
  await rm(OUT_DIR, { recursive: true, force: true });
}
