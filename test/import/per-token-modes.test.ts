import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import StyleDictionary from 'style-dictionary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseColor } from '../../src/compile/values/parse-color.js';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { runCli } from '../cli/run-cli.js';
import { fixturePath } from '../helpers/fixtures.js';

const FIXTURE = fixturePath('../import/fixtures/style-dictionary-modes');

/** Every token's CSS value in every mode. */
const cssOf = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries(
    (system?.tokens ?? []).map((token) => [
      token.key,
      Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );

/**
 * A token tree with each token's value in `mode`, as the build of a system that writes modes inside tokens does it (a
 * Style Dictionary preprocessor run once per mode): the mode's own value, else `light`'s, else the first one, per axis.
 */
function valuesIn(mode: string, node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const record = node as Record<string, unknown>;
  const pick = (byMode: Record<string, unknown>): unknown => byMode[mode] ?? byMode['light'] ?? Object.values(byMode)[0];
  const fromSets = (sets: Record<string, Record<string, unknown>>): unknown => {
    const entry = pick(sets) as Record<string, unknown>;
    return 'value' in entry ? entry['value'] : fromSets(entry['sets'] as Record<string, Record<string, unknown>>);
  };
  if ('sets' in record && !('value' in record)) {
    const { sets, ...rest } = record;
    return { ...rest, value: fromSets(sets as Record<string, Record<string, unknown>>) };
  }
  if ('value' in record) {
    const value = record['value'];
    return typeof value === 'object' && value !== null ? { ...record, value: pick(value as Record<string, unknown>) } : record;
  }
  return Object.fromEntries(Object.entries(record).map(([name, child]) => [name, valuesIn(mode, child)]));
}

/** A CSS value as a browser paints it: colors as RGBA bytes, anything else as written. */
const comparable = (value: string): string => {
  const color = parseColor(value);
  return color === undefined ? value : [color.red, color.green, color.blue, Math.round(color.alpha * 255)].join(' ');
};

describe('import: modes written inside a token (Style Dictionary `value: { light, dark }` and `sets`)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-token-modes-'));
    await cp(FIXTURE, join(dir, 'tokens'), { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads every mode a token writes, says where each mode came from, and verifies every mode', async () => {
    const run = await runCli(['import', 'tokens', '--out', 'design-systems/themed', '--verify'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toEqual([
      '11 tokens written to design-systems/themed (10 exactly, 1 with loss), 0 left out (read as style-dictionary)',
      '  color 7, dimension 4',
      '  mode `dark` is read from 3 tokens that write their own values per mode (`sets`: 1, `value` keyed by mode: 2)',
      '  mode `wireframe` is read from 2 tokens that write their own values per mode (`sets`: 2)',
      '  mode `desktop` is read from 2 tokens that write their own values per mode (`sets`: 2)',
      '  mode `mobile` is read from 2 tokens that write their own values per mode (`sets`: 2)',
      '  1 token has no value for `light`: the base mode takes its first mode’s value (tokens/components.json:button.padding takes `desktop`)',
      'tokens/components.json:button.radius  with loss  `wireframe` × `mobile` (`2px`) is not imported: modes of two axes are not multiplied out (our modes are a list)',
      'verify: every value equal (light 11, dark 11, wireframe 11, desktop 11, mobile 11)',
      '',
    ]);
    expect(run.status).toBe(0);
    const out = join(dir, 'design-systems/themed');
    expect(await readFile(join(out, 'system.yaml'), 'utf8')).toBe(
      [
        '# yaml-language-server: $schema=../../schemas/system.schema.json',
        'name: themed',
        'modes:',
        '  wireframe: { base: light }',
        '  desktop: { base: light }',
        '  mobile: { base: light }',
        '',
      ].join('\n'),
    );
    // core.color is a palette (a scale, named steps 100, 200, 300): a reference to it is written on the scale, per mode.
    expect(await readFile(join(out, 'tokens/color.yaml'), 'utf8')).toBe(
      [
        '# yaml-language-server: $schema=../../../schemas/source.schema.json',
        'tokens:',
        '  color.focus: { type: color, ref: core.color.black }',
        '  color.surface: { type: color, ref: core.color.white, description: "Page background", modes: { dark: { ref: core.color.black } } }',
        '  color.text: { type: color, ref: core.color.black, modes: { dark: { ref: core.color.white } } }',
        '',
      ].join('\n'),
    );
    expect(await readFile(join(out, 'tokens/button.yaml'), 'utf8')).toContain(
      '  button.background: { type: color, ref: core.color.black, modes: { dark: { ref: core.color.white }, wireframe: { ref: core.color.gray } } }',
    );
  });

  it('serves each mode the value the token writes for it; a second axis is a mode of its own at the first axis’s base', async () => {
    const inputs = await Promise.all(
      ['components.json', 'core.json', 'semantic.json'].map(async (file) => ({
        path: file,
        text: await readFile(join(FIXTURE, file), 'utf8'),
      })),
    );
    const result = importDesignSystem(inputs, { slug: 'themed', name: 'Themed' });
    const system = result.compiled.system as CompiledDesignSystem;
    expect(system.modes.map((mode) => mode.name)).toEqual(['light', 'dark', 'wireframe', 'desktop', 'mobile']);
    const css = cssOf(system);
    expect(css['button.background']).toEqual({
      light: '#111111',
      dark: '#FFFFFF',
      wireframe: '#CCCCCC',
      desktop: '#111111',
      mobile: '#111111',
    });
    expect(css['button.padding']).toEqual({ light: '16px', dark: '16px', wireframe: '16px', desktop: '16px', mobile: '12px' });
    expect(css['button.radius']).toEqual({ light: '8px', dark: '8px', wireframe: '0px', desktop: '8px', mobile: '6px' });
    expect(css['color.surface']).toEqual({
      light: '#FFFFFF',
      dark: '#111111',
      wireframe: '#FFFFFF',
      desktop: '#FFFFFF',
      mobile: '#FFFFFF',
    });
    expect(Object.keys(css).some((key) => key.includes('.sets.') || key.endsWith('.light') || key.endsWith('.dark'))).toBe(false);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });

  it('equals, in every mode, Style Dictionary’s css build of that mode (a preprocessor picking each token’s value)', async () => {
    const inputs = await Promise.all(
      ['components.json', 'core.json', 'semantic.json'].map(async (file) => ({
        path: file,
        text: await readFile(join(FIXTURE, file), 'utf8'),
      })),
    );
    const css = cssOf(importDesignSystem(inputs, { slug: 'themed', name: 'Themed' }).compiled.system);
    for (const mode of ['light', 'dark', 'wireframe', 'desktop', 'mobile']) {
      const dictionary = new StyleDictionary({
        source: [join(FIXTURE, '*.json')],
        log: { verbosity: 'silent' },
        preprocessors: ['per-mode'],
        hooks: { preprocessors: { 'per-mode': (tokens) => valuesIn(mode, tokens) as typeof tokens } },
        platforms: { css: { transformGroup: 'css', files: [{ destination: 'vars.css', format: 'css/variables' }] } },
      });
      const [built] = await dictionary.formatPlatform('css');
      const variables = [...String(built?.output).matchAll(/--([\w-]+): ([^;]+);/g)];
      expect(variables).toHaveLength(11);
      for (const [, name, value] of variables) {
        const key = Object.keys(css).find((candidate) => candidate.replace(/\./g, '-') === name) as string;
        expect([mode, name, comparable(css[key]?.[mode] ?? '(missing)')]).toEqual([mode, name, comparable(value as string)]);
      }
    }
  });
});

describe('import: modes inside DTCG tokens, and files that look like a mode', () => {
  it('reads a DTCG `$value` keyed by mode (Figma and plugin exports write it so)', () => {
    const document = {
      color: {
        $type: 'color',
        ink: { $value: '#111111' },
        paper: { $value: '#FAFAFA' },
        text: { $value: { light: '{color.ink}', dark: '{color.paper}', 'High Contrast': '#000000' } },
      },
      shadow: {
        $type: 'shadow',
        card: { $value: { offsetX: '0px', offsetY: '1px', blur: '2px', spread: '0px', color: '#00000033' } },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'figma', name: 'Figma' });
    expect(result.issues).toEqual([]);
    expect(result.notes).toEqual([
      'mode `dark` is read from 1 token that writes its own values per mode (`$value` keyed by mode: 1)',
      'mode `high-contrast` is read from 1 token that writes its own values per mode (`$value` keyed by mode: 1)',
    ]);
    expect(cssOf(result.compiled.system)['color.text']).toEqual({ light: '#111111', dark: '#FAFAFA', 'high-contrast': '#000000' });
    expect(cssOf(result.compiled.system)['shadow.card']).toEqual({
      light: '0px 1px 2px 0px rgba(0, 0, 0, 0.2)',
      dark: '0px 1px 2px 0px rgba(0, 0, 0, 0.2)',
      'high-contrast': '0px 1px 2px 0px rgba(0, 0, 0, 0.2)',
    });
  });

  it('reads a folder given with the others that is named like a mode and writes their keys as that mode (the layer rule)', () => {
    const base = { color: { ink: { value: '#111111' }, paper: { value: '#FAFAFA' } } };
    const dark = { color: { ink: { value: '#EEEEEE' }, paper: { value: '#222222' } } };
    const result = importDesignSystem(
      [
        { path: 'tokens/color.json', text: JSON.stringify(base) },
        { path: 'tokens/dark/color.json', text: JSON.stringify(dark) },
      ],
      { slug: 'files', name: 'Files' },
    );
    expect(result.notes).toEqual([
      'mode `dark` is read from `tokens/dark/`: named like a mode, it writes keys other files write (the layer rule; `--mode dark=tokens/dark/` says the same, and any `--mode` turns the rule off)',
      'no `type`: 2 tokens typed from their values (color 2)',
    ]);
  });
});
