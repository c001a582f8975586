// Builds the token browser (web/) into dist/web: `tsc -p web/tsconfig.json` for the TypeScript (native ES modules,
// no bundler), then the HTML and CSS copied beside it. `npm run build` runs it after the server build.
// Usage: node scripts/build-web.mjs [outDir]   (default: dist/web)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(root, process.argv[2] ?? join('dist', 'web'));
// Built beside the target and renamed over it, so a server starting meanwhile never reads half a build.
const building = `${out}.building-${process.pid}`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(building, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(root, 'web', 'tsconfig.json'), '--outDir', building], { cwd: root, stdio: 'inherit' });
// The page shares the server's answer types (src/views/api/api-answers.ts): tsc emits from the repository root, so the
// page's modules land in web/ and the types-only module (empty at run time, never imported) is dropped.
for (const name of readdirSync(join(building, 'web'))) renameSync(join(building, 'web', name), join(building, name));
for (const name of ['web', 'src']) rmSync(join(building, name), { recursive: true, force: true });
for (const file of ['index.html', 'styles.css']) copyFileSync(join(root, 'web', file), join(building, file));
rmSync(out, { recursive: true, force: true });
try {
  renameSync(building, out);
} catch (error) {
  // Another build finished first (parallel test runs): its output is the same.
  if (!existsSync(join(out, 'main.js'))) throw error;
  rmSync(building, { recursive: true, force: true });
}
