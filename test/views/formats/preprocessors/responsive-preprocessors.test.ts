import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderLess } from '../../../../src/views/formats/preprocessors/export-less.js';
import { renderScss } from '../../../../src/views/formats/preprocessors/export-scss.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { compileLess, compileScss, validateCss, writeExport } from '../../../helpers/preprocessors.js';

describe('SCSS and Less exports of breakpoints', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it('SCSS: $breakpoints, a map per breakpoint and the breakpoint() and tokens-at() mixins, as Dart Sass compiles them', async () => {
    const system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    const { dir, cleanup } = writeExport('_tokens.scss', renderScss(system, { references: 'resolve' }));
    cleanups.push(cleanup);
    const usage = [
      '@use "tokens";',
      '@use "sass:map";',
      '.page { width: map.get(tokens.$breakpoints, "lg"); }',
      '.dark { @include tokens.breakpoint(lg) { @include tokens.tokens-at(lg, dark); } }',
    ].join('\n');
    const { css, warnings } = compileScss(usage, dir);
    expect(warnings).toEqual([]);
    expect(css).toBe(
      '.page {\n  width: 1024px;\n}\n\n@media (min-width: 1024px) {\n  .dark {\n    --font-size-display: clamp(2.5rem, -1.1923rem + 5.7692vw, 4rem);\n    --space-gap: 2rem;\n    --space-gutter: 2rem;\n    --space-inset: 14px;\n  }\n}',
    );
    expect(validateCss(css)).toEqual([]);
  });

  it('Less: @breakpoints, a .breakpoint-<name>() mixin per breakpoint and .tokens-<breakpoint>-<mode>(), as lessc compiles them', async () => {
    const system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    const { dir, cleanup } = writeExport('tokens.less', renderLess(system, { references: 'resolve' }));
    cleanups.push(cleanup);
    const usage = '@import "tokens.less";\n.page { width: @breakpoints[md]; }\n.x { .breakpoint-md({ .tokens-md-dark(); }); }\n';
    const css = await compileLess(usage, dir);
    expect(css).toBe(
      '.page {\n  width: 48rem;\n}\n@media (min-width: 48rem) {\n  .x {\n    --color-bg: #F0F6FC;\n    --space-gap: 24px;\n    --space-gutter: 24px;\n    --space-stack: 20px;\n  }\n}\n',
    );
    expect(validateCss(css)).toEqual([]);
  });
});
