import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

type Result = ReturnType<typeof importDesignSystem>;

const inputsOf = (files: Record<string, unknown>) =>
  Object.entries(files).map(([path, document]) => ({ path, text: JSON.stringify(document, null, 2) }));

/** Imports `files`; `layers` are the files of each further mode (`--mode dark=<files>`). */
const importFiles = (files: Record<string, unknown>, layers?: Record<string, Record<string, unknown>>) =>
  importDesignSystem(inputsOf(files), {
    slug: 'shapes',
    name: 'Shapes',
    ...(layers === undefined ? {} : { layers: Object.entries(layers).map(([mode, each]) => ({ mode, inputs: inputsOf(each) })) }),
  });

/** Every compiled token's CSS value per mode. */
const cssOf = (result: Result) =>
  Object.fromEntries(
    (result.compiled.system?.tokens ?? []).map((token) => [
      token.key,
      Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );

const modeNotes = (result: Result) => result.notes.filter((note) => note.startsWith('mode') || note.includes('no value for'));

/** Shaped like Telekom's Style Dictionary sources: modes in `value`, a modular scale its own build computes. */
const TELEKOM_LIKE = {
  'src/core/color.json5': {
    core: { color: { black: { value: '#000000', type: 'color' }, white: { value: '#ffffff', type: 'color' } } },
  },
  'src/core/dimension.json5': {
    core: {
      dimension: {
        base: { value: '8px', type: 'dimension' },
        ratio: { value: '2', type: 'number' },
        '250': {
          value: {
            base: '{core.dimension.base.value}',
            ratio: '{core.dimension.ratio.value}',
            pow: 0,
            sub_step: 0,
            not_really_modular_just_multiply_base: 0.25,
          },
          type: 'modular-scale',
        },
      },
    },
  },
  'src/semantic/color.json5': {
    color: {
      text: { standard: { value: { light: '{core.color.black}', dark: '{core.color.white}' }, type: 'color' } },
      accent: { value: { light: '#e20074', dark: '#ff4bb4', sepia: '#a0522d' }, type: 'color' },
      // Keyed by a name no word says is a mode, but another token keys its value by it beside `light`.
      paper: { value: { sepia: '#f4ecd8' }, type: 'color' },
    },
  },
};

/** Shaped like Gestalt's untyped Style Dictionary elevation: shadow layers keyed by index. */
const GESTALT_LIKE = {
  'tokens/base-elevation-light.json': {
    elevation: {
      floating: {
        value: { '0': { offsetX: 0, offsetY: 0, blurRadius: 8, spreadRadius: 0, color: '#000000', opacity: 0.1 } },
      },
      raised: {
        value: {
          '0': { offsetX: 0, offsetY: 2, blurRadius: 8, spreadRadius: 0, color: '#000000', opacity: 0.12 },
          '1': { offsetX: 0, offsetY: -2, blurRadius: 4, spreadRadius: 1, color: '#111111', opacity: 0.5 },
        },
      },
    },
  },
};

describe('import: value objects that are not modes', () => {
  it('Telekom-shaped: a modular scale `{ base, ratio, pow }` is the length it computes, never read as modes', () => {
    const result = importFiles(TELEKOM_LIKE);
    expect(modeNotes(result)).toEqual([
      'mode `dark` is read from 2 tokens that write their own values per mode (`value` keyed by mode: 2)',
      'mode `sepia` is read from 2 tokens that write their own values per mode (`value` keyed by mode: 2)',
      '1 token has no value for `light`: the base mode takes its first mode’s value (src/semantic/color.json5:color.paper takes `sepia`)',
    ]);
    expect(result.issues.filter((issue) => issue.source.includes('core.dimension.250'))).toEqual([
      {
        source: 'src/core/dimension.json5:core.dimension.250',
        level: 'lossy',
        reason:
          'a modular scale step `{ base, ratio, pow, sub_step, not_really_modular_just_multiply_base }` written as the length it computes, 2px (base × ratio^pow × (1 + (ratio − 1) × sub_step), as its own build computes it): not kept as a link to its base and ratio',
      },
    ]);
    const css = cssOf(result);
    expect(css['color.text.standard']).toMatchObject({ light: '#000000', dark: '#FFFFFF' });
    expect(css['color.accent']).toMatchObject({ light: '#E20074', dark: '#FF4BB4', sepia: '#A0522D' });
    expect(css['color.paper']).toMatchObject({ light: '#F4ECD8', sepia: '#F4ECD8' });
  });

  it('Gestalt-shaped: shadow layers keyed by index `{ "0": {...}, "1": {...} }` are read as layers', () => {
    const result = importFiles(GESTALT_LIKE);
    expect(modeNotes(result)).toEqual([]);
    expect(result.issues).toEqual([]);
    expect(result.notes).toContain('no `type`: 2 tokens typed from their values (shadow 2)');
    const css = cssOf(result);
    // Gestalt's own build: `--elevation-floating: 0px 0px 8px 0px rgba(0, 0, 0, 0.1);`
    expect(css['elevation.floating']?.['light']).toBe('0px 0px 8px 0px rgba(0, 0, 0, 0.1)');
    expect(css['elevation.raised']?.['light']).toBe('0px 2px 8px 0px rgba(0, 0, 0, 0.12), 0px -2px 4px 1px rgba(17, 17, 17, 0.5)');
  });
});

describe('import: Style Dictionary shadow objects', () => {
  it.each([
    [
      '`x`/`y`/`blur`/`spread` (Telekom)',
      { x: 0, y: 2, blur: 8, spread: 0, color: '#000000', type: 'dropShadow' },
      '0px 2px 8px 0px rgba(0, 0, 0, 1)',
    ],
    [
      '`offsetX`/`offsetY`/`blurRadius`/`spreadRadius`',
      { offsetX: '1px', offsetY: '2px', blurRadius: '3px', spreadRadius: '4px', color: '#112233' },
      '1px 2px 3px 4px rgba(17, 34, 51, 1)',
    ],
    ['`inset: true`', { x: 0, y: 1, blur: 2, spread: 0, color: '#000000', inset: true }, 'inset 0px 1px 2px 0px rgba(0, 0, 0, 1)'],
    [
      'Tokens Studio `type: innerShadow`',
      { x: 0, y: 1, blur: 2, spread: 0, color: '#000000', type: 'innerShadow' },
      'inset 0px 1px 2px 0px rgba(0, 0, 0, 1)',
    ],
  ])('a layer with %s is read', (_, layer, css) => {
    const result = importFiles({ 'src/core/shadow.json5': { core: { shadow: { 'level-1': { value: [layer], type: 'shadow' } } } } });
    expect(result.issues).toEqual([]);
    expect(cssOf(result)['core.shadow.level-1']?.['light']).toBe(css);
  });
});

const fieldsOf = (result: Result, key: string) => {
  const token = result.tokens.find((each) => each.key === key);
  return token === undefined ? undefined : { ...token.fields, ...(token.modes === undefined ? {} : { modes: token.modes }) };
};

describe('import: a reference with an alpha beside it stays a reference (`{ ref, alpha }`)', () => {
  it('DTCG with `alpha` beside `$value` (Primer), per mode in `org.primer.overrides` too', () => {
    const result = importFiles({
      'base/color.json5': {
        base: { color: { $type: 'color', black: { $value: '#1f2328' }, white: { $value: '#ffffff' }, ink: { $value: '#0969da80' } } },
      },
      'functional/color.json5': {
        bgColor: {
          neutral: {
            muted: {
              $type: 'color',
              $value: '{base.color.black}',
              alpha: 0.15,
              $extensions: { 'org.primer.overrides': { dark: { $value: '{base.color.white}', alpha: 0.2 } } },
            },
          },
          inkMuted: { $type: 'color', $value: '{base.color.ink}', alpha: 0.4 },
          literal: { $type: 'color', $value: '#000000', alpha: 0.5 },
          accentMuted: {
            $type: 'color',
            $value: '{base.color.white}',
            $extensions: { 'org.primer.overrides': { dark: { $value: '{base.color.black}', alpha: 0.1 } } },
          },
        },
      },
    });
    expect(result.issues).toEqual([]);
    expect(fieldsOf(result, 'bgColor.neutral.muted')).toEqual({
      type: 'color',
      ref: 'base.color.black',
      alpha: 0.15,
      modes: { dark: { ref: 'base.color.white', alpha: 0.2 } },
    });
    expect(fieldsOf(result, 'bgColor.inkMuted')).toEqual({ type: 'color', ref: 'base.color.ink', alpha: 0.4 });
    expect(fieldsOf(result, 'bgColor.literal')).toEqual({ type: 'color', color: 'rgba(0, 0, 0, 0.5)' });
    const css = cssOf(result);
    expect(css['bgColor.neutral.muted']).toMatchObject({ light: '#1F232826', dark: '#FFFFFF33' });
    expect(css['bgColor.inkMuted']?.['light']).toBe('#0969DA66');
    // Only dark has an alpha: the palette step in dark keeps it.
    expect(css['bgColor.accentMuted']).toMatchObject({ light: '#FFFFFF', dark: '#1F23281A' });
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
  });

  it('Style Dictionary `{ color: "{core.color.black}", alpha: 0.65 }` (Telekom), per mode and in a shadow layer', () => {
    const result = importFiles({
      'src/core/color.json5': {
        core: { color: { black: { value: '#000000', type: 'color' }, white: { value: '#ffffff', type: 'color' } } },
      },
      'src/semantic/color.json5': {
        color: {
          'text-&-icon': {
            additional: {
              value: { light: { color: '{core.color.black}', alpha: 0.65 }, dark: { color: '{core.color.white}', alpha: 0.7 } },
              type: 'color',
            },
          },
          overlay: { value: { color: '{core.color.black.value}', alpha: 0.5 }, type: 'color' },
        },
      },
      'src/core/shadow.json5': {
        core: {
          shadow: {
            'level-1': {
              value: [{ x: 0, y: 2, blur: 8, spread: 0, color: { color: '{core.color.black}', alpha: 0.1 }, type: 'dropShadow' }],
              type: 'shadow',
            },
          },
        },
      },
    });
    expect(result.issues).toEqual([]);
    expect(fieldsOf(result, 'color.text---icon.additional')).toEqual({
      type: 'color',
      ref: 'core.color.black',
      alpha: 0.65,
      modes: { dark: { ref: 'core.color.white', alpha: 0.7 } },
    });
    expect(fieldsOf(result, 'color.overlay')).toEqual({ type: 'color', ref: 'core.color.black', alpha: 0.5 });
    const css = cssOf(result);
    expect(css['color.text---icon.additional']).toMatchObject({ light: '#000000A6', dark: '#FFFFFFB3' });
    // Telekom's own build: `0px 2px 8px 0px hsla(0, 0%, 0%, 0.1)`.
    expect(css['core.shadow.level-1']?.['light']).toBe('0px 2px 8px 0px rgba(0, 0, 0, 0.1)');
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
  });
});

describe('import: Tokens Studio alpha over a reference', () => {
  it('`rgba({x}, a)` and an `alpha` modifier in srgb are `{ ref, alpha }`', () => {
    const result = importFiles({
      'tokens.json': {
        global: {
          color: {
            white: { value: '#ffffff', type: 'color' },
            gray: { value: '#1f2937', type: 'color' },
            overlay: { value: 'rgba({color.white}, 0.5)', type: 'color' },
            subtle: {
              value: '{color.gray}',
              type: 'color',
              $extensions: { 'studio.tokens': { modify: { type: 'alpha', value: '0.25', space: 'srgb' } } },
            },
          },
        },
        $themes: [],
        $metadata: { tokenSetOrder: ['global'] },
      },
    });
    expect(result.format).toBe('tokens-studio');
    expect(result.issues).toEqual([]);
    expect(fieldsOf(result, 'color.overlay')).toEqual({ type: 'color', ref: 'color.white', alpha: 0.5 });
    expect(fieldsOf(result, 'color.subtle')).toEqual({ type: 'color', ref: 'color.gray', alpha: 0.25 });
    expect(cssOf(result)['color.subtle']?.['light']).toBe('#1F293740');
  });
});

describe('import --verify: values a source leaves out or writes `none`', () => {
  it('a shadow, border or gradient `none` (in a mode) compares equal to ours; a typography without a weight is not `undefined`', () => {
    const result = importFiles(
      {
        'tokens/base-elevation-light.json': {
          elevation: {
            floating: {
              value: { '0': { offsetX: 0, offsetY: 0, blurRadius: 8, spreadRadius: 0, color: '#000000', opacity: 0.1 } },
            },
          },
          divider: { value: { width: '1px', style: 'solid', color: '#d0d7de' }, type: 'border' },
          fade: { value: 'none', type: 'gradient' },
        },
        'tokens/base-font.json': {
          font: { body: { value: { fontFamily: 'Inter, sans-serif', fontSize: '16px', lineHeight: 1.5 }, type: 'typography' } },
        },
      },
      {
        dark: {
          'tokens/base-elevation-dark.json': {
            elevation: { floating: { value: 'none' } },
            divider: { value: 'none', type: 'border' },
          },
        },
      },
    );
    expect(result.issues.filter((issue) => issue.level === 'skipped')).toEqual([]);
    expect(cssOf(result)['elevation.floating']).toMatchObject({ light: '0px 0px 8px 0px rgba(0, 0, 0, 0.1)', dark: 'none' });
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
    expect(verified.compared).toEqual({ light: 4, dark: 4 });
  });
});

describe('import: a shared shadow that is `none` in a mode', () => {
  it('two tokens with the same layers share a primitive; the one that is `none` in dark stays `none` there', () => {
    const layer = { '0': { offsetX: 0, offsetY: 0, blurRadius: 8, spreadRadius: 0, color: '#000000', opacity: 0.1 } };
    const result = importFiles(
      { 'tokens/base-elevation-light.json': { elevation: { floating: { value: layer }, datepicker: { value: layer } } } },
      { dark: { 'tokens/base-elevation-dark.json': { elevation: { floating: { value: 'none' } } } } },
    );
    expect(result.issues).toEqual([]);
    expect(cssOf(result)['elevation.floating']).toMatchObject({ light: '0px 0px 8px 0px rgba(0, 0, 0, 0.1)', dark: 'none' });
  });
});

describe('import: a DTCG `$value` object that is neither modes nor a value', () => {
  it('is left out naming its keys; one keyed by mode names is still modes', () => {
    const result = importFiles({
      'tokens.json': {
        size: {
          $type: 'dimension',
          step: { $value: { base: '{size.base}', ratio: 1.25, pow: 2 } },
          base: { $value: { light: '16px', compact: '14px' } },
        },
      },
    });
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:size.step',
        level: 'skipped',
        reason:
          '`$value` is an object keyed by `base`, `ratio`, `pow`: not modes (no key names a mode such as `light` or `dark`, nor one other tokens key their values by beside one) and not a value of a type we read (a value the source’s own build computes)',
      },
    ]);
    expect(modeNotes(result)).toEqual([
      'mode `compact` is read from 1 token that writes its own values per mode (`$value` keyed by mode: 1)',
    ]);
  });
});
