import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, parse } from '@terrazzo/parser';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { renderDtcgResolver } from '../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { compileExample, fixturePath } from '../helpers/fixtures.js';
import { canonicalDtcgValue, canonicalTypedValue } from '../interop/dtcg-consumers.js';

const FIXTURE = fixturePath('../import/fixtures/resolver');
const FILES = [
  'acme.resolver.json',
  'tokens/base.json',
  'tokens/light.json',
  'tokens/dark.json',
  'tokens/dim.json',
  'tokens/normal-contrast.json',
  'tokens/high-contrast.json',
];
/** Each mode the import makes, and the modifier inputs that give it. */
const CONTEXTS: Readonly<Record<string, Record<string, string>>> = {
  light: { theme: 'light', contrast: 'normal' },
  dark: { theme: 'dark', contrast: 'normal' },
  dim: { theme: 'dim', contrast: 'normal' },
  high: { theme: 'light', contrast: 'high' },
};

async function readFixture() {
  return Promise.all(FILES.map(async (file) => ({ path: join('resolver', file), text: await readFile(join(FIXTURE, file), 'utf8') })));
}

describe('import: a DTCG resolver document', () => {
  it('makes one mode per context (two modifiers, 3 + 2 contexts), and every value in every mode is Terrazzo’s', async () => {
    const inputs = await readFixture();
    const result = importDesignSystem(inputs, { slug: 'resolved', name: 'Resolved' });
    expect(result.format).toBe('resolver');
    expect(result.issues).toEqual([]);
    expect(result.notes).toEqual([
      'the base mode `light` is theme: light, contrast: normal',
      'mode `dark` is theme: dark',
      'mode `dim` is theme: dim',
      'mode `high` is contrast: high',
    ]);
    const system = result.compiled.system as CompiledDesignSystem;
    expect(result.compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(system.modes.map((mode) => mode.name)).toEqual(['light', 'dark', 'dim', 'high']);
    // References stay references, per mode where the context names another token; a palette is a scale.
    expect(result.files.get('tokens/color.yaml')).toContain(
      'color.text: { type: color, ref: color.ink, modes: { dark: { ref: color.white }, dim: { ref: color.blue.100 }, high: { color: "#000000" } } }',
    );
    expect(result.files.get('tokens/color.yaml')).toContain(
      'color.accent: { type: color, ref: color.blue.500, modes: { dark: { ref: color.blue.100 }, high: { ref: color.blue.900 } } }',
    );

    const file = pathToFileURL(join(FIXTURE, 'acme.resolver.json'));
    const parsed = await parse([{ src: inputs[0]?.text ?? '', filename: file }], {
      config: defineConfig({}, { cwd: new URL('./', file) }),
    });
    const resolver = parsed.resolver;
    if (resolver === undefined) throw new Error('Terrazzo read no resolver');
    let compared = 0;
    for (const [mode, input] of Object.entries(CONTEXTS)) {
      const expected = resolver.apply(input);
      expect(system.tokens.map((token) => token.key).sort(), mode).toEqual(Object.keys(expected).sort());
      for (const token of system.tokens) {
        const theirs = expected[token.key];
        expect([token.key, mode, canonicalTypedValue(token.resolved[mode] as never)]).toEqual([
          token.key,
          mode,
          canonicalDtcgValue(theirs?.$type as string, theirs?.$value),
        ]);
        compared += 1;
      }
    }
    expect(compared).toBe(4 * 13);
    const verified = verifyImport(result.sources, result.tokens, system);
    expect(verified).toEqual({ compared: { light: 13, dark: 13, dim: 13, high: 13 }, mismatches: [] });
  });

  it('our own resolver export of harbor (5 contexts) comes back with every token and every value in every mode', async () => {
    const original = await compileExample('harbor');
    const result = importDesignSystem([{ path: 'harbor.resolver.json', text: renderDtcgResolver(original) }], {
      slug: 'harbor',
      name: 'Harbor',
    });
    const imported = result.compiled.system as CompiledDesignSystem;
    expect(result.issues).toEqual([]);
    expect(imported.modes.map((mode) => mode.name)).toEqual(original.modes.map((mode) => mode.name));
    const css = (system: CompiledDesignSystem) =>
      system.tokens
        // DTCG's typography has a multiplier line height and no em letter spacing; an easing keyword is four numbers.
        .filter((token) => !token.key.startsWith('typography.') && !token.key.startsWith('transition.'))
        .map((token) => [
          token.key,
          Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
        ]);
    expect(css(imported)).toEqual(css(original));
    expect(verifyImport(result.sources, result.tokens, imported).mismatches).toEqual([]);
  });

  it('reports a source file it was not given, a second resolver, and names a context clash by its modifier', () => {
    const resolver = {
      version: '2025.10',
      sets: { base: { sources: [{ $ref: 'missing.json' }, { color: { $type: 'color', ink: { $value: '#111111' } } }] } },
      modifiers: {
        theme: {
          contexts: { dark: [{ color: { ink: { $value: '#EEEEEE' } } }], light: [{ color: { ink: { $value: '#222222' } } }] },
          default: 'dark',
        },
        density: { contexts: { compact: [], light: [{ color: { ink: { $value: '#333333' } } }] } },
      },
      resolutionOrder: [{ $ref: '#/sets/base' }, { $ref: '#/modifiers/theme' }, { $ref: '#/modifiers/density' }],
    };
    const result = importDesignSystem(
      [
        { path: 'a/tokens.resolver.json', text: JSON.stringify(resolver) },
        { path: 'a/other.resolver.json', text: JSON.stringify({ resolutionOrder: [] }) },
      ],
      { slug: 'clash', name: 'Clash' },
    );
    expect(result.issues).toEqual([
      { source: 'a/other.resolver.json', level: 'skipped', reason: 'a second resolver document; only a/tokens.resolver.json is read' },
      {
        source: 'a/tokens.resolver.json:resolutionOrder[0].sources[0]',
        level: 'skipped',
        reason: '`missing.json` is not among the files given (give its folder too)',
      },
    ]);
    expect(result.notes).toEqual([
      'the base mode `light` is theme: dark, density: compact',
      'mode `theme-light` is theme: light',
      'mode `density-light` is density: light',
    ]);
    expect(result.files.get('tokens/color.yaml')).toContain(
      'color.ink: { type: color, color: "#EEEEEE", modes: { theme-light: { color: "#222222" }, density-light: { color: "#333333" } } }',
    );
  });
});
