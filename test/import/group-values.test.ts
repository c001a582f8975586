import { describe, expect, it } from 'vitest';
import { compileDesignSystemFolder } from '../../src/compile/compile-design-system.js';
import type { CompileResult } from '../../src/compile/compile-design-system.js';
import { parseSourceFile } from '../../src/compile/yaml/parse-source-file.js';
import type { CompiledDesignSystem, TokenType, WrittenValue } from '../../src/compile/types.js';
import { groupValues, uniqueNames } from '../../src/import/group-values.js';
import type { GroupedValues } from '../../src/import/group-values.js';
import type { ImportedToken } from '../../src/import/map-token.js';
import { writeDesignSystemFiles } from '../../src/import/write-yaml.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

type Fields = Record<string, WrittenValue>;

/** An imported token as the mapper gives it: `type` first in its fields. */
const token = (key: string, fields: Fields & { type: TokenType }, modes?: Record<string, Fields>): ImportedToken => ({
  key,
  type: fields.type,
  fields,
  modes,
  source: { key, source: `tokens.json:${key}` } as unknown as ImportedToken['source'],
});

/** The folder compiled as the import pipeline compiles it. */
function compileFiles(files: ReadonlyMap<string, string>): CompileResult {
  return compileDesignSystemFolder(
    'imported',
    [...files].map(([path, text]) => parseSourceFile(`imported/${path}`, text, path === 'system.yaml')),
  );
}

/** Every token's CSS value in every mode, by key. */
function valuesOf(result: CompileResult): Record<string, Record<string, string>> {
  const system = result.system as CompiledDesignSystem;
  return Object.fromEntries(
    system.tokens.map((compiled) => [
      compiled.key,
      Object.fromEntries(Object.entries(compiled.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );
}

const ungrouped = (tokens: readonly ImportedToken[]): GroupedValues => ({ tokens, scales: [], primitives: [] });

/**
 * Groups `tokens`, writes and compiles both folders, and checks the invariants every grouping keeps: no diagnostic at
 * all, every token still there, and every value in every mode what it was before grouping.
 */
function groupAndCompile(tokens: readonly ImportedToken[]): { grouped: GroupedValues; files: Map<string, string> } {
  const before = compileFiles(writeDesignSystemFiles(ungrouped(tokens), 'Imported'));
  expect(before.diagnostics).toEqual([]);
  const grouped = groupValues(tokens);
  const files = writeDesignSystemFiles(grouped, 'Imported');
  const after = compileFiles(files);
  expect(after.diagnostics).toEqual([]);
  expect(valuesOf(after)).toEqual(valuesOf(before));
  expect(Object.keys(valuesOf(after))).toHaveLength(tokens.length);
  return { grouped, files };
}

const SCHEMA = '# yaml-language-server: $schema=../../schemas/source.schema.json';
const TOKENS_SCHEMA = '# yaml-language-server: $schema=../../../schemas/source.schema.json';
const lines = (...written: string[]): string => `${written.join('\n')}\n`;

describe('groupValues: palettes become scales', () => {
  it('a group of literal colors keyed by numbers is a scale of those steps, each with light, dark and every further mode it sets', () => {
    const { files } = groupAndCompile([
      token('color.blue.500', { type: 'color', color: '#0066FF' }, { dark: { color: '#4493F8' }, 'high-contrast': { color: '#0349B4' } }),
      token('color.blue.100', { type: 'color', color: '#DBEAFE', description: 'Tint' }),
      token('color.blue.0', { type: 'color', color: 'rgba(0, 102, 255, 0.1)' }, { dark: { color: '#0066FF33' } }),
    ]);
    expect(files.get('scales.yaml')).toBe(
      lines(
        SCHEMA,
        'scales:',
        '  blue:',
        '    0: { light: "rgba(0, 102, 255, 0.1)", dark: "#0066FF33" }',
        '    100: { light: "#DBEAFE", dark: "#DBEAFE" }',
        '    500: { light: "#0066FF", dark: "#4493F8", high-contrast: "#0349B4" }',
      ),
    );
    expect(files.get('tokens/color.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  color.blue.0: { type: color, scale: blue, step: 0 }',
        '  color.blue.100: { type: color, scale: blue, step: 100, description: Tint }',
        '  color.blue.500: { type: color, scale: blue, step: 500 }',
      ),
    );
    expect(files.get('system.yaml')).toBe(
      lines(
        '# yaml-language-server: $schema=../../schemas/system.schema.json',
        'name: Imported',
        'modes:',
        '  high-contrast: { base: light }',
      ),
    );
    expect(files.has('primitives.yaml')).toBe(false);
  });

  it('named steps (or numbers a scale cannot take, like 050) become 100, 200, ... in the order written, the name kept in the description', () => {
    const { files } = groupAndCompile([
      token('color.brand.lightest', { type: 'color', color: '#EFF6FF', description: 'Backgrounds' }),
      token('color.brand.base', { type: 'color', color: '#2563EB' }),
      token('color.brand.050', { type: 'color', color: '#1E40AF' }, { dark: { color: '#93C5FD' } }),
    ]);
    expect(files.get('scales.yaml')).toBe(
      lines(
        SCHEMA,
        'scales:',
        '  brand:',
        '    100: { light: "#EFF6FF", dark: "#EFF6FF" }',
        '    200: { light: "#2563EB", dark: "#2563EB" }',
        '    300: { light: "#1E40AF", dark: "#93C5FD" }',
      ),
    );
    expect(files.get('tokens/color.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  color.brand.050: { type: color, scale: brand, step: 300, description: "step 300 of scale brand: \\"050\\" in the source" }',
        '  color.brand.base: { type: color, scale: brand, step: 200, description: "step 200 of scale brand: \\"base\\" in the source" }',
        '  color.brand.lightest: { type: color, scale: brand, step: 100, description: "Backgrounds (step 100 of scale brand: \\"lightest\\" in the source)" }',
      ),
    );
  });

  it('steps written with a leading zero make every step of the palette a named one', () => {
    const { files } = groupAndCompile([
      token('color.gray.050', { type: 'color', color: '#F9FAFB' }),
      token('color.gray.100', { type: 'color', color: '#F3F4F6' }),
      token('color.gray.200', { type: 'color', color: '#E5E7EB' }),
    ]);
    expect(files.get('scales.yaml')).toBe(
      lines(
        SCHEMA,
        'scales:',
        '  gray:',
        '    100: { light: "#F9FAFB", dark: "#F9FAFB" }',
        '    200: { light: "#F3F4F6", dark: "#F3F4F6" }',
        '    300: { light: "#E5E7EB", dark: "#E5E7EB" }',
      ),
    );
    expect(files.get('tokens/color.yaml')).toContain(
      '  color.gray.100: { type: color, scale: gray, step: 200, description: "step 200 of scale gray: \\"100\\" in the source" }\n',
    );
  });

  it('two palettes of one name are told apart by more of their groups', () => {
    const { grouped } = groupAndCompile([
      token('color.brand.blue.100', { type: 'color', color: '#DBEAFE' }),
      token('color.brand.blue.200', { type: 'color', color: '#BFDBFE' }),
      token('color.accent.blue.100', { type: 'color', color: '#E0F2FE' }),
      token('color.accent.blue.200', { type: 'color', color: '#BAE6FD' }),
      token('color.gray.100', { type: 'color', color: '#F3F4F6' }),
      token('color.gray.200', { type: 'color', color: '#E5E7EB' }),
    ]);
    expect(grouped.scales.map((scale) => scale.name)).toEqual(['accent-blue', 'brand-blue', 'gray']);
  });

  it.each<[string, ImportedToken[]]>([
    ['a single color', [token('color.red.500', { type: 'color', color: '#EF4444' })]],
    [
      'a group with a reference among its colors',
      [token('color.red.500', { type: 'color', color: '#EF4444' }), token('color.red.600', { type: 'color', ref: 'color.red.500' })],
    ],
    [
      'a color with an alpha of its own',
      [
        token('color.red.500', { type: 'color', color: '#EF4444' }),
        token('color.red.600', { type: 'color', color: '#DC2626', alpha: 0.5 }),
      ],
    ],
    [
      'a mode that is not a literal color',
      [
        token('color.red.500', { type: 'color', color: '#EF4444' }),
        token('color.red.600', { type: 'color', color: '#DC2626' }, { dark: { ref: 'color.red.500' } }),
      ],
    ],
    [
      'colors at the top level, in no group',
      [token('red', { type: 'color', color: '#EF4444' }), token('blue', { type: 'color', color: '#3B82F6' })],
    ],
  ])('%s is no palette: the colors stay literal', (_, tokens) => {
    const { grouped, files } = groupAndCompile(tokens);
    expect(grouped.scales).toEqual([]);
    expect(grouped.tokens).toEqual(tokens);
    expect(files.has('scales.yaml')).toBe(false);
  });
});

describe('groupValues: references to palette colors stay references (the link is served)', () => {
  it('in every mode: only the palette tokens are written on the scale', () => {
    const { files } = groupAndCompile([
      token('color.blue.100', { type: 'color', color: '#DBEAFE' }),
      token('color.blue.500', { type: 'color', color: '#3B82F6' }, { dark: { color: '#60A5FA' } }),
      token('color.gray.100', { type: 'color', color: '#F3F4F6' }),
      token('color.gray.900', { type: 'color', color: '#111827' }),
      token('color.ink', { type: 'color', color: '#0F172A' }),
      token('color.accent', { type: 'color', ref: 'color.blue.500', description: 'Brand' }, { dark: { ref: 'color.blue.100' } }),
      token('color.text', { type: 'color', ref: 'color.ink' }, { dark: { ref: 'color.gray.100' }, dim: { ref: 'color.accent' } }),
      token('color.surface', { type: 'color', color: '#FFFFFF' }, { dark: { ref: 'color.gray.900' } }),
      token('color.scrim', { type: 'color', color: '#00000080', alpha: 0.5 }, { dark: { ref: 'color.gray.900' } }),
    ]);
    expect(files.get('tokens/color.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  color.accent: { type: color, ref: color.blue.500, description: Brand, modes: { dark: { ref: color.blue.100 } } }',
        '  color.blue.100: { type: color, scale: blue, step: 100 }',
        '  color.blue.500: { type: color, scale: blue, step: 500 }',
        '  color.gray.100: { type: color, scale: gray, step: 100 }',
        '  color.gray.900: { type: color, scale: gray, step: 900 }',
        '  color.ink: { type: color, color: "#0F172A" }',
        // `alpha` would apply to the step in dark: the reference stays.
        '  color.scrim: { type: color, color: "#00000080", alpha: 0.5, modes: { dark: { ref: color.gray.900 } } }',
        '  color.surface: { type: color, color: "#FFFFFF", modes: { dark: { ref: color.gray.900 } } }',
        '  color.text: { type: color, ref: color.ink, modes: { dark: { ref: color.gray.100 }, dim: { ref: color.accent } } }',
      ),
    );
  });
});

describe('groupValues: shared values become primitives', () => {
  it('a value two tokens write (in light or a mode) is one primitive named after the first of them in key order; a value written once stays', () => {
    const { files } = groupAndCompile([
      token('spacing.md', { type: 'spacing', value: 16, unit: 'px', description: 'Default gap' }),
      token('space.inset.md', { type: 'spacing', value: 16, unit: 'px' }, { compact: { value: 8, unit: 'px' } }),
      token('spacing.sm', { type: 'spacing', value: 8, unit: 'px' }),
      token('spacing.lg', { type: 'spacing', value: 24, unit: 'px' }),
      token('spacing.page', { type: 'spacing', value: 1, unit: 'rem' }),
      token('spacing.section', { type: 'spacing', value: 1, unit: 'rem' }),
      token('font.lineHeight.body', { type: 'font.lineHeight', value: 1.5 }),
      token('font.lineHeight.copy', { type: 'font.lineHeight', value: 1.5 }),
      token('font.lineHeight.fixed', { type: 'font.lineHeight', value: 24, unit: 'px' }),
      token('font.lineHeight.row', { type: 'font.lineHeight', value: 24, unit: 'px' }),
      token('font.letterSpacing.tight', { type: 'font.letterSpacing', value: -0.02, unit: 'em' }),
      token('font.letterSpacing.title', { type: 'font.letterSpacing', value: -0.02, unit: 'em' }),
      token('font.family.body', { type: 'font.family', value: "Inter, 'Helvetica Neue', sans-serif" }),
      token('font.family.ui', { type: 'font.family', value: "Inter, 'Helvetica Neue', sans-serif" }),
      token('duration.fast', { type: 'duration', value: 150 }),
      token('duration.hover', { type: 'duration', value: 150 }),
      token('easing.standard', { type: 'easing', value: [0.2, 0, 0, 1] }),
      token('easing.enter', { type: 'easing', value: [0.2, 0, 0, 1] }),
      token('opacity.disabled', { type: 'opacity', value: 0.4 }),
      token('opacity.muted', { type: 'opacity', value: 0.4 }),
      token('z-index.modal', { type: 'z-index', value: 1400 }),
      token('z-index.dialog', { type: 'z-index', value: 1400 }),
    ]);
    expect(files.get('primitives.yaml')).toBe(
      lines(
        SCHEMA,
        'primitives:',
        '  duration:',
        '    fast: 150',
        '  easing:',
        '    enter: "cubic-bezier(0.2, 0, 0, 1)"',
        '  font.family:',
        '    body: "Inter, \'Helvetica Neue\', sans-serif"',
        '  font.letterSpacing:',
        '    tight: -0.02',
        '  font.lineHeight:',
        '    body: 1.5',
        '    fixed: 24px',
        '  opacity:',
        '    disabled: 0.4',
        '  spacing:',
        '    md: 16',
        '    page: 1rem',
        '    sm: 8',
        '  z-index:',
        '    dialog: 1400',
      ),
    );
    expect(files.get('tokens/space.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  space.inset.md: { type: spacing, primitive: spacing.md, modes: { compact: { primitive: spacing.sm } } }',
      ),
    );
    expect(files.get('tokens/spacing.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  spacing.lg: { type: spacing, value: 24, unit: px }',
        '  spacing.md: { type: spacing, primitive: spacing.md, description: "Default gap" }',
        '  spacing.page: { type: spacing, primitive: spacing.page }',
        '  spacing.section: { type: spacing, primitive: spacing.page }',
        '  spacing.sm: { type: spacing, primitive: spacing.sm }',
      ),
    );
  });

  it('a shadow is shared as its CSS text; a layer with a reference or an opacity stays written out', () => {
    const layer = { x: '0px', y: '1px', blur: '2px', spread: '0px', color: '#0F172A0F' };
    const inset = { x: '0px', y: '0px', blur: '0px', spread: '1px', color: 'rgba(15, 23, 42, 0.1)', inset: true };
    const { files } = groupAndCompile([
      token('color.ink', { type: 'color', color: '#0F172A' }),
      token('shadow.card', { type: 'shadow', layers: [layer, inset] }),
      token('shadow.tile', { type: 'shadow', layers: [layer, inset] }),
      token('shadow.ring', { type: 'shadow', layers: [{ ...layer, color: '{color.ink}' }] }),
      token('shadow.ring-2', { type: 'shadow', layers: [{ ...layer, color: '{color.ink}' }] }),
      token('shadow.soft', { type: 'shadow', layers: [{ ...layer, opacity: 0.5 }] }),
      token('shadow.soft-2', { type: 'shadow', layers: [{ ...layer, opacity: 0.5 }] }),
    ]);
    expect(files.get('primitives.yaml')).toBe(
      lines(
        SCHEMA,
        'primitives:',
        '  shadow:',
        '    card: "0px 1px 2px 0px rgba(15, 23, 42, 0.058823529411764705), inset 0px 0px 0px 1px rgba(15, 23, 42, 0.1)"',
      ),
    );
    expect(files.get('tokens/shadow.yaml')).toContain('  shadow.tile: { type: shadow, primitive: shadow.card }\n');
    expect(files.get('tokens/shadow.yaml')).toContain('  shadow.ring: { type: shadow, layers: [');
    expect(files.get('tokens/shadow.yaml')).toContain('  shadow.soft: { type: shadow, layers: [');
  });

  it('a mode over a light primitive is written whole (inline fields over a primitive must be complete)', () => {
    const { files } = groupAndCompile([
      token('radius.card', { type: 'radius', value: 1, unit: 'rem' }, { compact: { value: 4 } }),
      token('radius.panel', { type: 'radius', value: 1, unit: 'rem' }),
      token('radius.round', { type: 'radius', value: 50, unit: '%' }),
      token('radius.avatar', { type: 'radius', value: 50, unit: '%' }),
    ]);
    expect(files.get('tokens/radius.yaml')).toBe(
      lines(
        TOKENS_SCHEMA,
        'tokens:',
        '  radius.avatar: { type: radius, primitive: radius.avatar }',
        '  radius.card: { type: radius, primitive: radius.card, modes: { compact: { value: 4, unit: rem } } }',
        '  radius.panel: { type: radius, primitive: radius.card }',
        '  radius.round: { type: radius, primitive: radius.avatar }',
      ),
    );
    expect(files.get('primitives.yaml')).toBe(lines(SCHEMA, 'primitives:', '  radius:', '    avatar: 50%', '    card: 1rem'));
  });

  it('colors, booleans, stroke styles, composites and references are never primitives; one token writing a value twice is not sharing it', () => {
    const tokens = [
      token('color.a', { type: 'color', color: '#FFFFFF' }),
      token('flag.a', { type: 'boolean', value: true }),
      token('flag.b', { type: 'boolean', value: true }),
      token('stroke.a', { type: 'strokeStyle', value: 'dashed' }),
      token('stroke.b', { type: 'strokeStyle', value: 'dashed' }),
      token('border.a', { type: 'border', width: '1px', style: 'solid', color: '#FFFFFF' }),
      token('border.b', { type: 'border', width: '1px', style: 'solid', color: '#FFFFFF' }),
      token('opacity.a', { type: 'opacity', value: 0.5 }, { dark: { value: 0.5 } }),
      token('opacity.b', { type: 'opacity', ref: 'opacity.a' }),
      token('opacity.c', { type: 'opacity', ref: 'opacity.a' }),
    ];
    const { grouped } = groupAndCompile(tokens);
    expect(grouped.primitives).toEqual([]);
    expect(grouped.tokens).toEqual(tokens);
  });

  it('primitive names are unique within their type, by more segments of the key', () => {
    const { grouped } = groupAndCompile([
      token('radius.button.md', { type: 'radius', value: 6 }),
      token('radius.input.md', { type: 'radius', value: 6 }),
      token('radius.card.md', { type: 'radius', value: 12 }),
      token('radius.panel.md', { type: 'radius', value: 12 }),
      token('spacing.md', { type: 'spacing', value: 16 }),
      token('spacing.gap.md', { type: 'spacing', value: 16 }),
    ]);
    expect(grouped.primitives).toEqual([
      { type: 'radius', name: 'button-md', value: 6 },
      { type: 'radius', name: 'card-md', value: 12 },
      { type: 'spacing', name: 'md', value: 16 },
    ]);
  });
});

describe('uniqueNames', () => {
  it.each<[string, { given: string[][]; want: string[] }]>([
    [
      'last segments when they differ',
      {
        given: [
          ['color', 'blue'],
          ['color', 'gray'],
        ],
        want: ['blue', 'gray'],
      },
    ],
    [
      'more segments while two share one',
      {
        given: [
          ['a', 'brand', 'blue'],
          ['b', 'brand', 'blue'],
          ['c', 'blue'],
        ],
        want: ['a-brand-blue', 'b-brand-blue', 'c-blue'],
      },
    ],
    [
      'a longer name that meets another is lengthened too',
      {
        given: [
          ['x', 'brand-blue'],
          ['brand', 'blue'],
          ['accent', 'blue'],
        ],
        want: ['x-brand-blue', 'brand-blue', 'accent-blue'],
      },
    ],
    [
      'numbered when whole paths join alike',
      {
        given: [['color', 'b-c'], ['color', 'b', 'c'], ['color', 'x', 'c'], ['color-b-c-2']],
        want: ['color-b-c', 'color-b-c-3', 'x-c', 'color-b-c-2'],
      },
    ],
  ])('%s', (_, { given, want }) => {
    expect(uniqueNames(given)).toEqual(want);
  });
});
