import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compile } from 'tailwindcss';

const TAILWIND_DIR = dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json'));

/** Compiles `@import "tailwindcss"; @import "./tokens.css";` (`exported` as tokens.css) with Tailwind's own compiler, for `candidates`. */
export async function compileWithTailwind(exported: string, candidates: readonly string[]): Promise<string> {
  const compiler = await compile('@import "tailwindcss";\n@import "./tokens.css";\n', {
    base: '/virtual',
    loadStylesheet: async (id: string, base: string) => {
      if (id === './tokens.css') return { path: '/virtual/tokens.css', base, content: exported };
      if (id === 'tailwindcss')
        return {
          path: join(TAILWIND_DIR, 'index.css'),
          base: TAILWIND_DIR,
          content: await readFile(join(TAILWIND_DIR, 'index.css'), 'utf8'),
        };
      throw new Error(`unexpected stylesheet ${id}`);
    },
  });
  return compiler.build([...candidates]);
}
