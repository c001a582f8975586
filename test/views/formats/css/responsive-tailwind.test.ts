import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderTailwind } from '../../../../src/views/formats/css/export-tailwind.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { compileWithTailwind } from '../../../helpers/tailwind.js';

describe('Tailwind export of breakpoints', () => {
  it('declares the breakpoints as --breakpoint-* literals, which md: and lg: use', async () => {
    const system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    const exported = renderTailwind(system, {});
    expect(exported).toContain('@theme {\n  --breakpoint-md: 48rem;\n  --breakpoint-lg: 1024px;\n  --text-body: 16px;\n}\n');
    const built = await compileWithTailwind(exported, ['md:flex', 'lg:flex', 'p-space-gutter']);
    expect(built).toContain('  @media (width >= 48rem) {\n    .md\\:flex {\n      display: flex;\n    }\n  }\n');
    expect(built).toContain('  @media (width >= 1024px) {\n    .lg\\:flex {\n      display: flex;\n    }\n  }\n');
  });

  it('points a responsive token at a --ds-* variable that each breakpoint redeclares', async () => {
    const system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    const exported = renderTailwind(system, {});
    expect(exported).toContain('  --spacing-space-gutter: var(--ds-space-gutter);\n');
    expect(exported).toContain(
      '\n@media (min-width: 48rem) {\n  :root {\n    --ds-color-bg: #FFFFFF;\n    --ds-space-gap: 24px;\n    --ds-space-gutter: 24px;\n    --ds-space-stack: 20px;\n  }\n',
    );
    const built = await compileWithTailwind(exported, ['p-space-gutter']);
    expect(built).toContain('  .p-space-gutter {\n    padding: var(--ds-space-gutter);\n  }\n');
  });
});
