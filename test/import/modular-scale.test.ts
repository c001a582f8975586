import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

// Written like @telekom/design-tokens 1.0.0-beta.12's src/core/dimension.json5 and src/semantic/spacing.tokens.json5.
const CORE = `{
  core: {
    dimension: {
      base: { value: "8px", type: "dimension" },
      ratio: { value: "2", type: "number" },
      "125": {
        value: {
          base: "{core.dimension.base.value}",
          ratio: "{core.dimension.ratio.value}",
          pow: 0,
          sub_step: 0,
          not_really_modular_just_multiply_base: 0.125,
        },
        type: "modular-scale",
        comment: "Not affected by the ratio, just a multiplier of the base value",
      },
      "1500": {
        type: "modular-scale",
        value: { base: "{core.dimension.base.value}", ratio: "{core.dimension.ratio.value}", pow: 0, sub_step: 0.5 },
      },
      "3125": {
        type: "modular-scale",
        value: { base: "{core.dimension.base.value}", ratio: "{core.dimension.ratio.value}", pow: 2, sub_step: 0.125 },
      },
      broken: {
        type: "modular-scale",
        value: { base: "{core.dimension.ratio.value}", ratio: "{core.dimension.ratio.value}", pow: 1 },
      },
    },
  },
}
`;
const SEMANTIC = `{
  spacing: {
    composition: {
      "space-01": { value: "{core.dimension.125.value}", type: "dimension" },
      "space-05": { value: "{core.dimension.1500.value}", type: "dimension" },
    },
  },
}
`;

describe('a modular scale step (Telekom: `value: { base, ratio, pow, sub_step }`, computed by its own build)', () => {
  it('is the length it computes, base × ratio^pow × (1 + (ratio − 1) × sub_step), reported with loss; its aliases follow', () => {
    const result = importDesignSystem(
      [
        { path: 'src/core/dimension.json5', text: CORE },
        { path: 'src/semantic/spacing.tokens.json5', text: SEMANTIC },
      ],
      { slug: 'telekom', name: 'Telekom' },
    );
    const system = result.compiled.system as CompiledDesignSystem;
    const css = (key: string) => formatCssValue(system.tokens.find((token) => token.key === key)?.resolved['light'] as never);
    expect(
      [
        'core.dimension.125',
        'core.dimension.1500',
        'core.dimension.3125',
        'spacing.composition.space-01',
        'spacing.composition.space-05',
      ].map(css),
    ).toEqual(['1px', '12px', '36px', '1px', '12px']);
    expect(
      result.issues.filter((issue) => issue.source.includes('core.dimension.')).sort((a, b) => a.source.localeCompare(b.source)),
    ).toEqual([
      {
        source: 'src/core/dimension.json5:core.dimension.125',
        level: 'lossy',
        reason:
          'a modular scale step `{ base, ratio, pow, sub_step, not_really_modular_just_multiply_base }` written as the length it computes, 1px (base × ratio^pow × (1 + (ratio − 1) × sub_step), as its own build computes it): not kept as a link to its base and ratio',
      },
      {
        source: 'src/core/dimension.json5:core.dimension.1500',
        level: 'lossy',
        reason:
          'a modular scale step `{ base, ratio, pow, sub_step }` written as the length it computes, 12px (base × ratio^pow × (1 + (ratio − 1) × sub_step), as its own build computes it): not kept as a link to its base and ratio',
      },
      {
        source: 'src/core/dimension.json5:core.dimension.3125',
        level: 'lossy',
        reason:
          'a modular scale step `{ base, ratio, pow, sub_step }` written as the length it computes, 36px (base × ratio^pow × (1 + (ratio − 1) × sub_step), as its own build computes it): not kept as a link to its base and ratio',
      },
      {
        source: 'src/core/dimension.json5:core.dimension.broken',
        level: 'skipped',
        reason: 'a modular scale step `{ base, ratio, pow }` whose base is not a px length or whose ratio, pow or step is not a number',
      },
      {
        source: 'src/core/dimension.json5:core.dimension.ratio',
        level: 'skipped',
        reason:
          'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)',
      },
    ]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });
});
