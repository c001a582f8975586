// Builds the Figma plugin into dist/ (or the folder given): manifest.json, code.js (the main thread, one script) and
// ui.html (the UI with its script inlined: Figma loads the UI as one HTML string). esbuild bundles the TypeScript.
// Usage: node packages/figma-plugin/scripts/build.mjs [outDir]   (default: packages/figma-plugin/dist)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'dist'));

/** Figma's plugin sandbox runs modern JavaScript; the bundle is one classic script, no modules. */
const bundle = async (entry) => {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
};

export const MANIFEST = {
  name: 'Design token server',
  id: 'design-token-server-development',
  api: '1.0.0',
  main: 'code.js',
  ui: 'ui.html',
  editorType: ['figma'],
  documentAccess: 'dynamic-page',
  networkAccess: {
    allowedDomains: ['*'],
    reasoning: 'The token server is self-hosted: the designer enters its address, so no domain can be listed in advance.',
  },
};

const [code, ui] = await Promise.all([bundle(join('src', 'code.ts')), bundle(join('ui', 'ui.ts'))]);
const html = readFileSync(join(root, 'ui', 'ui.html'), 'utf8');
const marker = '/*__UI_SCRIPT__*/';
if (!html.includes(marker)) throw new Error(`ui/ui.html has no ${marker}`);
// `</script` inside the bundle would end the inline script early.
const inlined = html.replace(marker, () => ui.replaceAll('</script', '<\\/script'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
writeFileSync(join(out, 'code.js'), code);
writeFileSync(join(out, 'ui.html'), inlined);
