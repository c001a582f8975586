import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import { renderStrictDtcgJson } from '../../src/views/formats/dtcg/export-dtcg-strict.js';
import { compileFiles } from '../helpers/fixtures.js';

/** What the import now maps instead of leaving out or changing: `none` shadows, borders and gradients, typography without some parts. */
describe('importing none and typography without some parts', () => {
  it('maps a DTCG `none` shadow and border, and a typography without family, weight and line height (as Figma exports write them)', () => {
    const document = {
      shadow: { flat: { $type: 'shadow', $value: 'none' } },
      border: { none: { $type: 'border', $value: 'none' } },
      typography: {
        caption: { $type: 'typography', $value: { fontSize: { value: 12, unit: 'px' } } },
        body: { $type: 'typography', $value: { fontFamily: ['Inter'], fontSize: { value: 16, unit: 'px' }, lineHeight: 1.5 } },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'figma', name: 'Figma' });
    expect(result.issues).toEqual([]);
    expect(result.tokens.map((token) => [token.key, token.fields])).toEqual([
      ['shadow.flat', { type: 'shadow', value: 'none' }],
      ['border.none', { type: 'border', value: 'none' }],
      ['typography.caption', { type: 'typography', fontSize: '12px', letterSpacing: '0px' }],
      ['typography.body', { type: 'typography', fontFamily: 'Inter', fontSize: '16px', lineHeight: 1.5, letterSpacing: '0px' }],
    ]);
    const css = renderCss(result.compiled.system as CompiledDesignSystem, { naming: 'kebab-case' });
    expect(css).toContain('  --shadow-flat: none;\n');
    expect(css).toContain('  --typography-caption: 12px sans-serif;\n');
    expect(css).toContain('  --typography-body: 16px/1.5 Inter;\n');
  });

  it('reads our own strict DTCG export back to the same values: `none` per mode and the typography parts left out', () => {
    const files: Record<string, string> = {
      'ds/system.yaml': 'name: DS\n',
      'ds/tokens.yaml': [
        'tokens:',
        '  shadow.card: { type: shadow, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#00000033" }], modes: { dark: { value: none } } }',
        '  border.focus: { type: border, value: none, modes: { dark: { width: 1px, style: solid, color: "#0969DA" } } }',
        '  typography.caption: { type: typography, fontSize: 12px }',
        '',
      ].join('\n'),
    };
    const original = compileFiles('ds', Object.entries(files)).system as CompiledDesignSystem;
    const exported = renderStrictDtcgJson(original);
    const result = importDesignSystem([{ path: 'tokens.json', text: exported }], { slug: 'ds', name: 'DS' });
    expect(result.issues).toEqual([]);
    const fields = Object.fromEntries(result.tokens.map((token) => [token.key, [token.fields, token.modes]]));
    expect(fields['shadow.card']?.[1]).toEqual({ dark: { value: 'none' } });
    expect(fields['border.focus']).toEqual([
      { type: 'border', value: 'none' },
      { dark: { width: '1px', style: 'solid', color: '#0969DA' } },
    ]);
    expect(fields['typography.caption']?.[0]).toEqual({ type: 'typography', fontSize: '12px', letterSpacing: '0px' });
    const css = (system: CompiledDesignSystem) => renderCss(system, { naming: 'kebab-case' }).replace(/^\/\*.*\*\/\n/, '');
    expect(css(result.compiled.system as CompiledDesignSystem)).toBe(css(original));
  });
});
