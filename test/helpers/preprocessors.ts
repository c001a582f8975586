import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sass from 'sass';

// `less` and `csstree-validator` ship no type declarations: their entry points, typed as used here.
const require = createRequire(import.meta.url);
const less = require('less') as { render(input: string, options: { paths: string[]; filename: string }): Promise<{ css: string }> };
const { validate } = require('csstree-validator') as {
  validate: (css: string) => { message: string; line?: number; column?: number }[];
};

/** A temp folder holding one exported file, deleted by `cleanup`. */
export function writeExport(fileName: string, body: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'dts-preprocessor-'));
  writeFileSync(join(dir, fileName), body);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `usage` compiled by Dart Sass (the `sass` package) with `dir` on its load path; every warning it gave beside. */
export function compileScss(usage: string, dir: string): { css: string; warnings: string[] } {
  const warnings: string[] = [];
  const { css } = sass.compileString(usage, {
    loadPaths: [dir],
    logger: { warn: (message) => warnings.push(message), debug: (message) => warnings.push(message) },
  });
  return { css, warnings };
}

/** `usage` compiled by Less (what `lessc` runs) with `dir` on its import path. */
export async function compileLess(usage: string, dir: string): Promise<string> {
  return (await less.render(usage, { paths: [dir], filename: join(dir, 'usage.less') })).css;
}

/** What csstree-validator finds wrong in `css`, one line per problem (`line:column message`). */
export function validateCss(css: string): string[] {
  return validate(css).map((error) => `${error.line ?? '?'}:${error.column ?? '?'} ${error.message}`);
}
