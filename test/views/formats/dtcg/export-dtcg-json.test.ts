import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import StyleDictionary from 'style-dictionary';
import type { TransformedToken } from 'style-dictionary/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, TypedValue } from '../../../../src/compile/types.js';
import { formatCssValue } from '../../../../src/views/shared/css-values.js';
import { renderCss } from '../../../../src/views/formats/css/export-css.js';
import { buildDtcgTree, DTCG_TYPES, EXTENSION_KEY, renderDtcgJson } from '../../../../src/views/formats/dtcg/export-dtcg-json.js';
import { parseCssExport } from '../../../helpers/css.js';
import { compileExample, compileKitchenSink } from '../../../helpers/fixtures.js';
import { compileAurora } from '../../modes-fixture.js';

const darkOf = (token: TransformedToken): string | undefined =>
  (token['$extensions'] as Record<string, { dark?: string }> | undefined)?.[EXTENSION_KEY]?.dark;

/** Builds CSS variables from our JSON export with Style Dictionary 4 (`usesDtcg`); returns [light, dark] files. */
async function buildWithStyleDictionary(dir: string, system: CompiledDesignSystem): Promise<[string, string]> {
  const source = join(dir, `${system.meta.slug}.tokens.json`);
  await writeFile(source, renderDtcgJson(system));
  const dictionary = new StyleDictionary({
    source: [source],
    usesDtcg: true,
    log: { verbosity: 'silent', warnings: 'disabled' },
    hooks: {
      transforms: {
        'test/dark-value': { type: 'value', filter: (token) => darkOf(token) !== undefined, transform: (token) => darkOf(token) },
      },
    },
    platforms: {
      light: {
        transforms: ['name/kebab'],
        buildPath: `${dir}/`,
        files: [{ destination: `${system.meta.slug}.light.css`, format: 'css/variables' }],
      },
      dark: {
        transforms: ['name/kebab', 'test/dark-value'],
        buildPath: `${dir}/`,
        files: [{ destination: `${system.meta.slug}.dark.css`, format: 'css/variables', filter: (token) => darkOf(token) !== undefined }],
      },
    },
  });
  await dictionary.buildAllPlatforms();
  return [
    await readFile(join(dir, `${system.meta.slug}.light.css`), 'utf8'),
    await readFile(join(dir, `${system.meta.slug}.dark.css`), 'utf8'),
  ];
}

describe('renderDtcgJson', () => {
  let dir: string;
  let systems: CompiledDesignSystem[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-dtcg-export-'));
    systems = [await compileKitchenSink(), await compileExample('acme'), await compileExample('acme-docs')];
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives Style Dictionary 4 the same values as our CSS export, light and dark, for every token', async () => {
    for (const system of systems) {
      const [lightCss, darkCss] = await buildWithStyleDictionary(dir, system);
      const ours = parseCssExport(renderCss(system, { naming: 'kebab-case' })).rules;
      const light = parseCssExport(lightCss).rules.get(':root');
      const dark = parseCssExport(darkCss).rules.get(':root');
      const sorted = (map: Map<string, string> | undefined): [string, string][] =>
        [...(map?.entries() ?? [])].sort(([a], [b]) => (a < b ? -1 : 1));
      expect(sorted(light)).toEqual(sorted(ours.get(':root')));
      expect(light?.size).toBe(system.tokens.length);
      expect(sorted(dark)).toEqual(sorted(ours.get('[data-theme="dark"]')));
    }
  });

  it('has a $type, a string $value, $description when written, a dark value on every color and on what differs in dark', () => {
    const tree = buildDtcgTree(systems[0] as CompiledDesignSystem) as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree['color']?.['text']?.['default']).toEqual({
      $type: 'color',
      $value: '#0F172A',
      $description: 'Body text.',
      $extensions: { 'com.service': { dark: '#EDEEF0' } },
    });
    // Every color has a dark value, even one equal to its light value (the spec: the shape never flips).
    expect(tree['color']?.['static']?.['plain']).toEqual({
      $type: 'color',
      $value: '#808080',
      $extensions: { 'com.service': { dark: '#808080' } },
    });
    expect(tree['spacing']?.['md']).toEqual({ $type: 'dimension', $value: '16px' });
    expect(tree['shadow']?.['card']).toEqual({
      $type: 'shadow',
      $value: '0px 4px 12px -2px rgba(15, 23, 42, 0.16)',
      $description: 'Raised cards.',
      $extensions: { 'com.service': { dark: '0px 4px 12px -2px rgba(237, 238, 240, 0.16)' } },
    });
    expect(tree['shadow']?.['sm']).toEqual({ $type: 'shadow', $value: '0px 1px 2px 0px rgba(15, 23, 42, 0.06)' });
    expect(tree['feature']?.['beta']).toEqual({ $type: 'boolean', $value: 'false' });
  });

  it('writes every further mode under $extensions["com.service"].modes, translucent colors as #RRGGBBAA', () => {
    const aurora = compileAurora();
    const tree = JSON.parse(renderDtcgJson(aurora)) as Record<string, unknown>;
    const leafOf = (key: string) =>
      key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree) as Record<string, unknown>;
    const further = aurora.modes.slice(2).map((mode) => mode.name);
    for (const token of aurora.tokens) {
      const extension = (
        leafOf(token.key)['$extensions'] as Record<string, { dark?: string; modes?: Record<string, string> }> | undefined
      )?.['com.service'];
      const wanted = (mode: string): string | undefined => {
        const value = token.resolved[mode] as TypedValue;
        return token.type === 'color' || formatCssValue(value) !== formatCssValue(token.resolved.light) ? formatCssValue(value) : undefined;
      };
      expect(extension?.dark, token.key).toBe(wanted('dark'));
      const modes = Object.fromEntries(further.flatMap((mode) => (wanted(mode) === undefined ? [] : [[mode, wanted(mode)]])));
      expect(extension?.modes ?? {}, token.key).toEqual(modes);
    }
    expect(JSON.stringify(tree)).toMatch(/"#[0-9A-F]{8}"/);
  });

  it('maps every token type to its documented W3C type and every leaf holds the resolved light value', () => {
    expect(DTCG_TYPES).toEqual({
      color: 'color',
      spacing: 'dimension',
      radius: 'dimension',
      'font.size': 'dimension',
      'font.letterSpacing': 'dimension',
      'font.lineHeight': 'number',
      'font.weight': 'fontWeight',
      'font.family': 'fontFamily',
      shadow: 'shadow',
      opacity: 'number',
      'z-index': 'number',
      duration: 'duration',
      easing: 'cubicBezier',
      boolean: 'boolean',
      dimension: 'dimension',
      strokeStyle: 'strokeStyle',
      keyword: 'keyword',
      typography: 'typography',
      border: 'border',
      transition: 'transition',
      gradient: 'gradient',
    });
    for (const system of systems) {
      const tree = JSON.parse(renderDtcgJson(system)) as Record<string, unknown>;
      for (const token of system.tokens) {
        const leaf = token.key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree) as Record<
          string,
          unknown
        >;
        expect(leaf['$type']).toBe(DTCG_TYPES[token.type]);
        expect(leaf['$value']).toBe(formatCssValue(token.resolved.light));
      }
    }
  });
});
