// Prints the size of each entry of the client as an app's bundler would ship it: bundled, minified (esbuild) and
// gzipped (level 9), React left out (a peer dependency). `--json` prints one JSON object instead of a table.
// Usage: node packages/client/scripts/size.mjs [--json]
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const sizes = {};
for (const entry of ['index', 'react', 'server']) {
  const result = await build({
    entryPoints: [`${src}${entry}.ts`],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    external: ['react'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  sizes[entry] = { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}
if (process.argv.includes('--json')) console.log(JSON.stringify(sizes));
else
  for (const [entry, size] of Object.entries(sizes))
    console.log(`${entry.padEnd(7)} ${size.minified} B minified, ${size.gzipped} B gzipped`);
