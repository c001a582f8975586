import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the page into `dist/web` with the project's own build step, as `npm run build` does; the server run from
 * the TypeScript sources serves it from there.
 */
export async function buildPage(): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build-web.mjs'], { cwd: ROOT });
}
