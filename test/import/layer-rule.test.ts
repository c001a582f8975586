import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { readTokenFiles } from '../../src/cli/import.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import type { ImportInput } from '../../src/import/import-design-system.js';
import { modeOfPath } from '../../src/import/mode-hints.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Every token's CSS value in every mode. */
const cssOf = (system: CompiledDesignSystem | undefined, key: string) =>
  Object.fromEntries(
    Object.entries(system?.tokens.find((token) => token.key === key)?.resolved ?? {}).map(([mode, value]) => [mode, formatCssValue(value)]),
  );

const filesOf = async (folder: string): Promise<ImportInput[]> =>
  (await readTokenFiles(FIXTURES, folder)).filter((input): input is ImportInput => 'text' in input);

describe('the layer rule: files named like a mode that write the keys of other files are that mode', () => {
  it('a folder with `dark/` before `default/` (Style Dictionary) gives light and dark, not the light values alone', async () => {
    const inputs = await filesOf('mode-folders/tokens');
    expect(inputs.map((input) => input.path)).toEqual([
      'mode-folders/tokens/core/palette.json',
      'mode-folders/tokens/dark/color.json',
      'mode-folders/tokens/default/color.json',
    ]);
    const result = importDesignSystem(inputs, { slug: 'folders', name: 'Folders' });
    expect(result.notes).toContain(
      'mode `dark` is read from `mode-folders/tokens/dark/`: named like a mode, it writes keys other files write (the layer rule; `--mode dark=mode-folders/tokens/dark/` says the same, and any `--mode` turns the rule off)',
    );
    expect(result.issues.filter((issue) => issue.reason.startsWith('replaces'))).toEqual([]);
    expect(cssOf(result.compiled.system, 'color.background')).toEqual({ light: '#FFFFFF', dark: '#16161A' });
    expect(cssOf(result.compiled.system, 'color.link')).toEqual({ light: '#1F6FEB', dark: '#7AB4FF' });
  });

  it('`dark.tokens.json` before `light.tokens.json` (a Figma-variables export) gives both modes', () => {
    const semantic = (surface: string, text: string) =>
      JSON.stringify({
        color: {
          elevation: { surface: { default: { $value: surface, $type: 'color', $description: '' } } },
          text: { primary: { default: { $value: text, $type: 'color', $description: '' } } },
        },
      });
    const primitives = JSON.stringify({
      color: {
        zinc: { '50': { $value: '#fafafa', $type: 'color' }, '950': { $value: '#101013', $type: 'color' } },
      },
    });
    const result = importDesignSystem(
      [
        { path: 'dictionaries/administration/dark.tokens.json', text: semantic('{color.zinc.950}', '{color.zinc.50}') },
        { path: 'dictionaries/administration/light.tokens.json', text: semantic('{color.zinc.50}', '{color.zinc.950}') },
        { path: 'dictionaries/foundation/primitives.tokens.json', text: primitives },
      ],
      { slug: 'meteor', name: 'Meteor' },
    );
    expect(result.notes[0]).toMatch(/^mode `dark` is read from `dictionaries\/administration\/dark.tokens.json`: named like a mode/);
    expect(result.issues).toEqual([]);
    expect(cssOf(result.compiled.system, 'color.elevation.surface.default')).toEqual({ light: '#FAFAFA', dark: '#101013' });
    expect(cssOf(result.compiled.system, 'color.text.primary.default')).toEqual({ light: '#101013', dark: '#FAFAFA' });
  });

  it('a file named like a mode whose keys no other file writes stays a base file; `--mode` turns the rule off', () => {
    const dark = JSON.stringify({ color: { dark: { $type: 'color', $value: '#000000' } } });
    const base = JSON.stringify({ color: { ink: { $type: 'color', $value: '#111111' } } });
    const result = importDesignSystem(
      [
        { path: 'dark.json', text: dark },
        { path: 'tokens.json', text: base },
      ],
      { slug: 'plain', name: 'Plain' },
    );
    expect(result.notes).toEqual([]);
    expect(result.tokens.map((token) => token.key)).toEqual(['color.dark', 'color.ink']);
  });

  it.each([
    ['tokens/dark/color.json', 'dark'],
    ['tokens/default/color.json', 'light'],
    ['dark.tokens.json', 'dark'],
    ['themes/high-contrast.json', 'high-contrast'],
    ['themes/HighContrast/colors.json', 'high-contrast'],
    ['brand-dark.json', 'dark'],
    ['tokens/sema-color-dark.json', 'dark'],
    ['theme-wikimedia-ui-mode-dark-dimmed.json', 'dark-dimmed'],
    ['themes/light-high-contrast.json', 'high-contrast'],
    ['light/dark-overrides.json', 'dark-overrides'],
    ['tokens/color.json', undefined],
    ['tokens/darkness.json', undefined],
  ])('the mode `%s` names: %s', (path, mode) => {
    expect(modeOfPath(path)).toBe(mode);
  });
});
