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

  it('a theme named after others (Primer: `dark.dimmed.json5`, overrides keyed `dark-tritanopia`) is laid over them', () => {
    // Primer's src/tokens: base palettes per theme, each variant file writing only what differs from its theme, and
    // functional tokens naming variants in their overrides. Its build combines `dark.json5` + `dark.dimmed.json5` for
    // dark-dimmed (scripts/themes.config.ts), and gives a theme only an override names the dark palette.
    const palette = (neutral: Record<string, string>) =>
      `{ base: { color: { neutral: {\n${Object.entries(neutral)
        .map(([step, hex]) => `  '${step}': { $value: '${hex}', $type: 'color' },`)
        .join('\n')}\n} } } }\n`;
    const functional = `{
  fgColor: {
    default: { $value: '{base.color.neutral.1}', $type: 'color' },
    muted: { $value: '{base.color.neutral.2}', $type: 'color' },
    accent: {
      $value: '{base.color.neutral.1}',
      $type: 'color',
      $extensions: { 'org.primer.overrides': { 'dark-tritanopia': '{base.color.neutral.2}', 'dark-dimmed-high-contrast': '#ff0000' } },
    },
  },
}
`;
    const result = importDesignSystem(
      [
        { path: 'src/tokens/base/color/dark/dark.dimmed.json5', text: palette({ '1': '#cdd9e5' }) },
        { path: 'src/tokens/base/color/dark/dark.high-contrast.json5', text: palette({ '1': '#ffffff', '2': '#f0f3f6' }) },
        { path: 'src/tokens/base/color/dark/dark.json5', text: palette({ '1': '#f0f6fc', '2': '#9198a1' }) },
        { path: 'src/tokens/base/color/light/light.high-contrast.json5', text: palette({ '1': '#010409' }) },
        { path: 'src/tokens/base/color/light/light.json5', text: palette({ '1': '#1f2328', '2': '#59636e' }) },
        { path: 'src/tokens/functional/color/fgColor.json5', text: functional },
      ],
      { slug: 'primer', name: 'Primer' },
    );
    expect(result.notes.filter((note) => note.includes('made of'))).toEqual([
      expect.stringMatching(
        /^mode `dark-dimmed` is read from `src\/tokens\/base\/color\/dark\/dark.dimmed.json5`: .*; laid over `dark`, as its name is made of theirs$/,
      ),
      expect.stringMatching(/^mode `dark-high-contrast` is read from .*; laid over `dark`, as its name is made of theirs$/),
      'mode `dark-tritanopia`, which tokens name and no file does, takes the files of `dark` where its tokens write no value of their own, as its name is made of theirs',
      'mode `dark-dimmed-high-contrast`, which tokens name and no file does, takes the files of `dark`, then `dark-high-contrast`, then `dark-dimmed` where its tokens write no value of their own, as its name is made of theirs',
    ]);
    const system = result.compiled.system as CompiledDesignSystem;
    expect(system.modes.map((mode) => mode.name).sort()).toEqual([
      'dark',
      'dark-dimmed',
      'dark-dimmed-high-contrast',
      'dark-high-contrast',
      'dark-tritanopia',
      'light',
      'light-high-contrast',
    ]);
    expect(cssOf(system, 'fgColor.default')).toEqual({
      light: '#1F2328',
      'light-high-contrast': '#010409',
      dark: '#F0F6FC',
      'dark-dimmed': '#CDD9E5',
      'dark-high-contrast': '#FFFFFF',
      'dark-tritanopia': '#F0F6FC',
      'dark-dimmed-high-contrast': '#CDD9E5',
    });
    // Not written by dark.dimmed.json5: dark's value, not light's.
    expect(cssOf(system, 'fgColor.muted')).toEqual({
      light: '#59636E',
      'light-high-contrast': '#59636E',
      dark: '#9198A1',
      'dark-dimmed': '#9198A1',
      'dark-high-contrast': '#F0F3F6',
      'dark-tritanopia': '#9198A1',
      'dark-dimmed-high-contrast': '#F0F3F6',
    });
    expect(cssOf(system, 'fgColor.accent')).toMatchObject({ 'dark-tritanopia': '#9198A1', 'dark-dimmed-high-contrast': '#FF0000' });
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
    ['themes/light-high-contrast.json', 'light-high-contrast'],
    ['base/color/light/light.high-contrast.json5', 'light-high-contrast'],
    ['base/color/dark/dark.dimmed.json5', 'dark-dimmed'],
    ['light/dark-overrides.json', 'dark-overrides'],
    ['tokens/color.json', undefined],
    ['tokens/darkness.json', undefined],
  ])('the mode `%s` names: %s', (path, mode) => {
    expect(modeOfPath(path)).toBe(mode);
  });
});
