import { beforeAll, describe, expect, it } from 'vitest';
import { typedValueOfPrimitive } from '../../src/compile/fields/typed-values.js';
import type { CompiledDesignSystem, ModeValues, Token, TypedValue } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { valueInMode } from '../../src/views/shared/mode-values.js';
import { buildDtcgTree } from '../../src/views/formats/dtcg/export-dtcg-json.js';
import { buildDtcgResolver } from '../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { buildStrictDtcgTree, buildStrictToken } from '../../src/views/formats/dtcg/export-dtcg-strict.js';
import type { TokenTree } from '../../src/views/shared/token-tree.js';
import { compileExample, compileKitchenSink } from '../helpers/fixtures.js';
import { compileAurora } from '../views/modes-fixture.js';
import { formatTerrazzoTokens, formatTerrazzoValue, loadDtcgSchemas, parseWithTerrazzo } from './dtcg-consumers.js';

/** The value of a shadow primitive written `text`, the same in every mode. */
const shadowPrimitive = (text: string): ModeValues<TypedValue> => {
  const value = typedValueOfPrimitive('shadow', { key: 'x', value: text, unit: 'px' });
  return { light: value, dark: value };
};

/** The leaf of `tree` at a dotted key. */
function leafAt(tree: TokenTree, key: string): Record<string, unknown> {
  return key.split('.').reduce<unknown>((node, segment) => (node as TokenTree)[segment], tree) as Record<string, unknown>;
}

describe('strict DTCG 2025.10 export', () => {
  let systems: CompiledDesignSystem[];
  const schemas = loadDtcgSchemas();
  beforeAll(async () => {
    systems = [await compileKitchenSink(), await compileExample('acme'), await compileExample('acme-docs')];
  });

  it('is valid under the official 2025.10 JSON Schema', () => {
    for (const system of systems) {
      expect(schemas.format(buildStrictDtcgTree(system)), JSON.stringify(schemas.format.errors)).toBe(true);
    }
  });

  it('parses with Terrazzo (non-legacy mode, recommended rules) with zero errors and warnings, to the default export’s values', async () => {
    for (const system of systems) {
      const { result, messages } = await parseWithTerrazzo(buildStrictDtcgTree(system));
      expect(messages).toEqual([]);
      const parsed = formatTerrazzoTokens(result?.tokens ?? {});
      const defaults = buildDtcgTree(system);
      const typed = system.tokens.filter((token) => token.type !== 'boolean');
      expect([...parsed.keys()]).toEqual(typed.map((token) => token.key));
      for (const token of typed) {
        const light = token.resolved.light;
        const unit = light.kind === 'dimension' && light.unit === 'em' ? 'em' : '';
        expect(`${parsed.get(token.key)}${unit}`, token.key).toBe(leafAt(defaults, token.key)['$value']);
      }
    }
  });

  it('writes the dark value, in the same shape, under $extensions, equal to the default export’s dark value', () => {
    for (const system of systems) {
      const tree = buildStrictDtcgTree(system);
      const defaults = buildDtcgTree(system);
      for (const token of system.tokens.filter((each) => valueInMode(each, 'dark') !== undefined)) {
        const leaf = leafAt(tree, token.key);
        const dark = (leaf['$extensions'] as Record<string, { dark: unknown }>)['com.service']?.dark;
        const shaped = token.type === 'shadow' && !Array.isArray(dark) ? [dark] : dark;
        const defaultDark = (leafAt(defaults, token.key)['$extensions'] as Record<string, { dark: string }>)['com.service']?.dark;
        expect(formatTerrazzoValue(leaf['$type'] as string, shaped), token.key).toBe(defaultDark);
      }
    }
  });

  it.each([
    [
      'a color with a dark value',
      'color.text.default',
      {
        $type: 'color',
        $value: { colorSpace: 'srgb', components: [0.0588, 0.0902, 0.1647], alpha: 1, hex: '#0F172A' },
        $description: 'Body text.',
        $extensions: { 'com.service': { dark: { colorSpace: 'srgb', components: [0.9294, 0.9333, 0.9412], alpha: 1, hex: '#EDEEF0' } } },
      },
    ],
    [
      'a shadow whose color refers to its color token, opacity as alpha',
      'shadow.card',
      {
        $type: 'shadow',
        $description: 'Raised cards.',
        $value: {
          color: {
            colorSpace: { $ref: '#/color/text/default/$value/colorSpace' },
            components: { $ref: '#/color/text/default/$value/components' },
            alpha: 0.16,
          },
          offsetX: { value: 0, unit: 'px' },
          offsetY: { value: 4, unit: 'px' },
          blur: { value: 12, unit: 'px' },
          spread: { value: -2, unit: 'px' },
        },
        $extensions: {
          'com.service': {
            dark: {
              color: { colorSpace: 'srgb', components: [0.9294, 0.9333, 0.9412], alpha: 0.16, hex: '#EDEEF0' },
              offsetX: { value: 0, unit: 'px' },
              offsetY: { value: 4, unit: 'px' },
              blur: { value: 12, unit: 'px' },
              spread: { value: -2, unit: 'px' },
            },
          },
        },
      },
    ],
    [
      'a shadow primitive, parsed from its CSS',
      'shadow.sm',
      {
        $type: 'shadow',
        $value: {
          color: { colorSpace: 'srgb', components: [0.0588, 0.0902, 0.1647], alpha: 0.06, hex: '#0F172A' },
          offsetX: { value: 0, unit: 'px' },
          offsetY: { value: 1, unit: 'px' },
          blur: { value: 2, unit: 'px' },
          spread: { value: 0, unit: 'px' },
        },
      },
    ],
    ['a rem dimension', 'spacing.lg', { $type: 'dimension', $value: { value: 1.5, unit: 'rem' } }],
    ['a px letter spacing (a dimension)', 'font.letterSpacing.caps', { $type: 'dimension', $value: { value: 0.5, unit: 'px' } }],
    [
      'an em letter spacing (a number, the unit under $extensions)',
      'font.letterSpacing.wide',
      { $type: 'number', $value: 0.02, $extensions: { 'com.service': { unit: 'em' } } },
    ],
    ['a line height', 'font.lineHeight.tight', { $type: 'number', $value: 1.2 }],
    ['a font weight', 'font.weight.strong', { $type: 'fontWeight', $value: 650 }],
    ['a font family', 'font.family.sans', { $type: 'fontFamily', $value: ['Inter', 'Helvetica Neue', 'sans-serif'] }],
    ['a duration', 'duration.fast', { $type: 'duration', $value: { value: 200, unit: 'ms' } }],
    ['an easing', 'easing.out', { $type: 'cubicBezier', $value: [0, 0, 0.58, 1] }],
    ['an opacity', 'opacity.disabled', { $type: 'number', $value: 0.4 }],
    ['a z-index', 'z-index.modal', { $type: 'number', $value: 1300 }],
    [
      'a boolean: no DTCG type, a group carrying the value under $extensions',
      'feature.beta',
      { $extensions: { 'com.service': { type: 'boolean', value: false } } },
    ],
  ])('writes %s', (_name, key, want) => {
    expect(leafAt(buildStrictDtcgTree(systems[0] as CompiledDesignSystem), key)).toEqual(want);
  });

  it('keeps under $extensions, typed by our name, a shadow primitive it cannot read as DTCG shadows', () => {
    const token = {
      key: 'shadow.glow',
      type: 'shadow' as const,
      value: { primitive: 'shadow.glow' },
      resolved: shadowPrimitive('0 0 1em currentColor'),
    };
    expect(buildStrictToken(token, [])).toBeUndefined();
    const system = { ...(systems[0] as CompiledDesignSystem), tokens: [token] };
    expect(buildStrictDtcgTree(system)).toEqual({
      shadow: { glow: { $extensions: { 'com.service': { type: 'shadow', value: '0 0 1em currentColor' } } } },
    });
    expect(schemas.format(buildStrictDtcgTree(system))).toBe(true);
  });

  it('parses inset and layered shadows and rgb()/hex colors of primitives', () => {
    const token = {
      key: 'shadow.x',
      type: 'shadow' as const,
      value: { primitive: 'shadow.x' },
      resolved: shadowPrimitive('inset 0 1px 2px #0F172A, 0 2px 4px 1px rgb(0 0 0 / 50%)'),
    };
    expect(buildStrictToken(token, [])?.value).toEqual([
      {
        color: { colorSpace: 'srgb', components: [0.0588, 0.0902, 0.1647], alpha: 1, hex: '#0F172A' },
        offsetX: { value: 0, unit: 'px' },
        offsetY: { value: 1, unit: 'px' },
        blur: { value: 2, unit: 'px' },
        spread: { value: 0, unit: 'px' },
        inset: true,
      },
      {
        color: { colorSpace: 'srgb', components: [0, 0, 0], alpha: 0.5, hex: '#000000' },
        offsetX: { value: 0, unit: 'px' },
        offsetY: { value: 2, unit: 'px' },
        blur: { value: 4, unit: 'px' },
        spread: { value: 1, unit: 'px' },
      },
    ]);
  });
});

describe('DTCG 2025.10 resolver document', () => {
  let systems: CompiledDesignSystem[];
  const schemas = loadDtcgSchemas();
  beforeAll(async () => {
    systems = [await compileKitchenSink(), await compileExample('acme'), await compileExample('acme-docs'), compileAurora()];
  });

  it('is valid under the official resolver schema, with one modifier `theme` and a context per mode', () => {
    for (const system of systems) {
      const resolver = buildDtcgResolver(system);
      expect(schemas.resolver(resolver), JSON.stringify(schemas.resolver.errors)).toBe(true);
      expect(resolver['resolutionOrder']).toEqual([{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/theme' }]);
      expect(Object.keys((resolver['modifiers'] as Record<string, { contexts: object }>)['theme']?.contexts ?? {})).toEqual(
        system.modes.map((mode) => mode.name),
      );
    }
  });

  it('resolves with Terrazzo, in every mode’s context, to our values in that mode (light by default)', async () => {
    for (const system of systems) {
      const { result, messages } = await parseWithTerrazzo(buildDtcgResolver(system), `${system.meta.slug}.resolver.json`);
      expect(messages).toEqual([]);
      const resolver = result?.resolver;
      const typed = system.tokens.filter((token) => token.type !== 'boolean');
      const withUnit = (token: Token, value: string | undefined): string =>
        token.type === 'font.letterSpacing' && buildStrictToken(token, [])?.type === 'number' ? `${value}em` : `${value}`;
      const byDefault = formatTerrazzoTokens(resolver?.apply({}) ?? {});
      expect(typed.map((token) => withUnit(token, byDefault.get(token.key)))).toEqual(
        typed.map((token) => formatCssValue(token.resolved.light)),
      );
      for (const mode of system.modes) {
        const resolved = formatTerrazzoTokens(resolver?.apply({ theme: mode.name }) ?? {});
        expect(
          typed.map((token) => withUnit(token, resolved.get(token.key))),
          `${system.meta.slug} in ${mode.name}`,
        ).toEqual(typed.map((token) => formatCssValue(token.resolved[mode.name] ?? token.resolved.light)));
      }
    }
    // Shadows whose color changes per mode, and alpha colors, are among what was compared.
    const aurora = systems[3] as CompiledDesignSystem;
    expect(aurora.tokens.some((token) => token.type === 'shadow' && valueInMode(token, 'dark') !== undefined)).toBe(true);
    expect(aurora.tokens.some((token) => token.resolved.light.kind === 'color' && token.resolved.light.color.alpha < 1)).toBe(true);
  });
});
