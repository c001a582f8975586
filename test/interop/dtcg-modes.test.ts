import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, Rgba, Token } from '../../src/compile/types.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { compileSystem, inDesignSystems } from '../views/modes-fixture.js';
import { canonicalDtcgValue, canonicalTypedValue, loadDtcgSchemas, parseWithTerrazzo, rgbaBytesOfDtcgColor } from './dtcg-consumers.js';
import type { RgbaBytes } from './dtcg-consumers.js';

const KEY = 'dts_dtcg_modes_key';

/**
 * Four modes (dark-dimmed on dark, light-high-contrast on light), translucent scale steps written `#RRGGBBAA` (one
 * per mode), a literal with `alpha` (another alpha in one mode), a literal `rgba()` whose alpha is no whole byte, an
 * opaque literal, a color whose dark value comes from another scale (equal to its light value, so is the literal's),
 * an opacity per mode, a shadow that differs per mode (its color, its opacity, its blur) and a spacing the same in
 * every mode.
 */
const TIDE_FILES: Readonly<Record<string, string>> = {
  'tide/system.yaml': [
    'name: Tide',
    'id: tide',
    'modes:',
    '  dark-dimmed: { base: dark }',
    '  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }',
    '',
  ].join('\n'),
  'tide/scales.yaml': [
    'scales:',
    '  gray:',
    '    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }',
    '    900: { light: "#1F2328", dark: "#F0F6FC", light-high-contrast: "#010409" }',
    '  white:',
    '    0: { light: "#FFFFFF", dark: "#FFFFFF" }',
    '  overlay:',
    '    10: { light: "#1F23280D", dark: "#F0F6FC1A" }',
    '    40: { light: "#1F232866", dark: "#01040999", dark-dimmed: "#1C2128CC" }',
    '',
  ].join('\n'),
  'tide/tokens.yaml': [
    'tokens:',
    '  color.backdrop: { type: color, scale: overlay, step: 40 }',
    '  color.border.muted: { type: color, scale: overlay, step: 10 }',
    '  color.canvas: { type: color, scale: gray, step: 0 }',
    '  color.fg.default: { type: color, scale: gray, step: 900 }',
    '  color.fg.on-emphasis: { type: color, scale: gray, step: 0, modes: { dark: { scale: white, step: 0 } } }',
    '  color.focus: { type: color, color: "#0969DA", alpha: 0.5, modes: { light-high-contrast: { alpha: 0.8 } } }',
    '  color.selection: { type: color, color: "rgba(9, 105, 218, 0.33)" }',
    '  color.static: { type: color, color: "#808080" }',
    '  opacity.disabled: { type: opacity, value: 0.5, modes: { dark: { value: 0.6 }, light-high-contrast: { value: 0.7 } } }',
    '  shadow.overlay:',
    '    type: shadow',
    '    x: 0',
    '    y: 8',
    '    blur: 24',
    '    spread: 0',
    '    colorToken: color.fg.default',
    '    opacity: 0.12',
    '    modes: { dark: { opacity: 0.4 }, dark-dimmed: { blur: 16 } }',
    '  shadow.focus: { type: shadow, x: 0, y: 0, blur: 0, spread: 3, colorToken: color.focus, opacity: 0.5 }',
    '  spacing.md: { type: spacing, value: 16 }',
    '',
  ].join('\n'),
};

const MODES = ['light', 'dark', 'dark-dimmed', 'light-high-contrast'] as const;

/** A leaf of the default JSON export: light value, and the other modes under `$extensions["com.service"]`. */
const leaf = (type: string, value: string, dark?: string, modes?: Record<string, string>): Record<string, unknown> => ({
  $type: type,
  $value: value,
  ...(dark === undefined && modes === undefined
    ? {}
    : { $extensions: { 'com.service': { ...(dark === undefined ? {} : { dark }), ...(modes === undefined ? {} : { modes }) } } }),
});
const colorLeaf = (light: string, dark: string, dimmed: string, highContrast: string): Record<string, unknown> =>
  leaf('color', light, dark, { 'dark-dimmed': dimmed, 'light-high-contrast': highContrast });

// Worked out by hand from TIDE_FILES: a mode takes what it does not set from its base.
const DEFAULT_EXPORT = {
  color: {
    backdrop: colorLeaf('#1F232866', '#01040999', '#1C2128CC', '#1F232866'),
    border: { muted: colorLeaf('#1F23280D', '#F0F6FC1A', '#F0F6FC1A', '#1F23280D') },
    canvas: colorLeaf('#FFFFFF', '#0D1117', '#212830', '#FFFFFF'),
    fg: {
      default: colorLeaf('#1F2328', '#F0F6FC', '#F0F6FC', '#010409'),
      // Dark from the white scale (dark-dimmed inherits it), equal to light: still written in every mode.
      'on-emphasis': colorLeaf('#FFFFFF', '#FFFFFF', '#FFFFFF', '#FFFFFF'),
    },
    focus: colorLeaf('#0969DA80', '#0969DA80', '#0969DA80', '#0969DACC'),
    selection: colorLeaf('#0969DA54', '#0969DA54', '#0969DA54', '#0969DA54'),
    static: colorLeaf('#808080', '#808080', '#808080', '#808080'),
  },
  opacity: { disabled: leaf('number', '0.5', '0.6', { 'dark-dimmed': '0.6', 'light-high-contrast': '0.7' }) },
  shadow: {
    // The shadow's opacity times its color's alpha; only light-high-contrast differs from light.
    focus: leaf('shadow', '0px 0px 0px 3px rgba(9, 105, 218, 0.25)', undefined, {
      'light-high-contrast': '0px 0px 0px 3px rgba(9, 105, 218, 0.4)',
    }),
    overlay: leaf('shadow', '0px 8px 24px 0px rgba(31, 35, 40, 0.12)', '0px 8px 24px 0px rgba(240, 246, 252, 0.4)', {
      'dark-dimmed': '0px 8px 16px 0px rgba(240, 246, 252, 0.4)',
      'light-high-contrast': '0px 8px 24px 0px rgba(1, 4, 9, 0.12)',
    }),
  },
  spacing: { md: { $type: 'dimension', $value: '16px' } },
};

/** A DTCG sRGB color from hex digits and an alpha, as the strict export writes it (4 decimals, `hex` opaque). */
const srgb = (components: [number, number, number], alpha: number, hex: string) => ({ colorSpace: 'srgb', components, alpha, hex });
const px = (value: number) => ({ value, unit: 'px' });

/** `#RRGGBB` or `#RRGGBBAA` as bytes. */
function bytesOfHex(hex: string): RgbaBytes {
  expect(hex).toMatch(/^#(?:[0-9A-F]{6}|[0-9A-F]{8})$/);
  const byte = (index: number): number => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  return [byte(0), byte(1), byte(2), hex.length === 9 ? byte(3) : 255];
}
const bytesOf = (color: Rgba): RgbaBytes => [color.red, color.green, color.blue, Math.round(color.alpha * 255)];

/** The leaf of a parsed export at a dotted key. */
const leafAt = (tree: unknown, key: string): Record<string, unknown> =>
  key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree) as Record<string, unknown>;
/** `$extensions["com.service"]` of a leaf. */
const extensionOf = (leafValue: Record<string, unknown>): { dark?: unknown; modes?: Record<string, unknown> } | undefined =>
  (leafValue['$extensions'] as Record<string, { dark?: unknown; modes?: Record<string, unknown> }> | undefined)?.['com.service'];
/** A leaf's value in `mode` as the export writes it (light: `$value`; else under the extension), or undefined. */
function exportedIn(leafValue: Record<string, unknown>, mode: string): unknown {
  if (mode === 'light') return leafValue['$value'];
  const extension = extensionOf(leafValue);
  return mode === 'dark' ? extension?.dark : extension?.modes?.[mode];
}

describe('DTCG exports of a design system with four modes and alpha colors', () => {
  let repo: FixtureRepo;
  let app: FastifyInstance;
  let system: CompiledDesignSystem;
  let colors: Token[];
  beforeAll(async () => {
    repo = createFixtureRepo({
      'keys.yaml': keysYaml([{ name: 'modes', key: KEY, designSystem: 'tide' }]),
      ...inDesignSystems(TIDE_FILES),
    });
    ({ app } = await buildLoadedApp(repo.source, repo.keys));
    system = compileSystem('tide', TIDE_FILES);
    colors = system.tokens.filter((token) => token.type === 'color');
  });
  afterAll(async () => {
    await app?.close();
    repo?.cleanup();
  });
  const get = async (path: string): Promise<string> => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/export/${path}`, headers: bearer(KEY) });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('has the modes and the translucent colors the tests rely on', () => {
    expect(system.modes.map((mode) => mode.name)).toEqual(MODES);
    const translucent = colors.filter((token) => MODES.every((mode) => (token.resolved[mode] as { color: Rgba }).color.alpha < 1));
    expect(translucent.map((token) => token.key)).toEqual(['color.backdrop', 'color.border.muted', 'color.focus', 'color.selection']);
  });

  describe('the default JSON export (GET /export/json)', () => {
    it('is exactly: dark on every color (equal to light or not), every further mode under `modes`, alpha as #RRGGBBAA', async () => {
      expect(await get('json')).toBe(`${JSON.stringify(DEFAULT_EXPORT, null, 2)}\n`);
    });
  });

  describe('the strict DTCG 2025.10 export (GET /export/json?spec=2025.10)', () => {
    let tree: unknown;
    beforeAll(async () => {
      tree = JSON.parse(await get('json?spec=2025.10'));
    });

    it('is valid under the official 2025.10 JSON Schema', () => {
      const { format } = loadDtcgSchemas();
      expect(format(tree), JSON.stringify(format.errors)).toBe(true);
    });

    it('parses with Terrazzo (non-legacy, recommended rules) with no message, to our light values', async () => {
      const { result, messages } = await parseWithTerrazzo(tree, 'tide.tokens.json');
      expect(messages).toEqual([]);
      const parsed = result?.tokens ?? {};
      expect(Object.keys(parsed)).toEqual(system.tokens.map((token) => token.key));
      for (const token of system.tokens) {
        const parsedToken = parsed[token.key];
        expect(canonicalDtcgValue(parsedToken?.$type ?? '', parsedToken?.$value), token.key).toEqual(
          canonicalTypedValue(token.resolved.light),
        );
      }
    });

    it.each([
      [
        'a translucent scale step: alpha < 1 with 4 decimals, hex #RRGGBB, every mode in the same shape',
        'color.backdrop',
        {
          $type: 'color',
          $value: srgb([0.1216, 0.1373, 0.1569], 0.4, '#1F2328'),
          $extensions: {
            'com.service': {
              dark: srgb([0.0039, 0.0157, 0.0353], 0.6, '#010409'),
              modes: {
                'dark-dimmed': srgb([0.1098, 0.1294, 0.1569], 0.8, '#1C2128'),
                'light-high-contrast': srgb([0.1216, 0.1373, 0.1569], 0.4, '#1F2328'),
              },
            },
          },
        },
      ],
      [
        'a step whose alpha byte is no round decimal (0x0D: 0.051, 0x1A: 0.102)',
        'color.border.muted',
        {
          $type: 'color',
          $value: srgb([0.1216, 0.1373, 0.1569], 0.051, '#1F2328'),
          $extensions: {
            'com.service': {
              dark: srgb([0.9412, 0.9647, 0.9882], 0.102, '#F0F6FC'),
              modes: {
                'dark-dimmed': srgb([0.9412, 0.9647, 0.9882], 0.102, '#F0F6FC'),
                'light-high-contrast': srgb([0.1216, 0.1373, 0.1569], 0.051, '#1F2328'),
              },
            },
          },
        },
      ],
      [
        'a literal with `alpha`, another alpha in one mode',
        'color.focus',
        {
          $type: 'color',
          $value: srgb([0.0353, 0.4118, 0.8549], 0.5, '#0969DA'),
          $extensions: {
            'com.service': {
              dark: srgb([0.0353, 0.4118, 0.8549], 0.5, '#0969DA'),
              modes: {
                'dark-dimmed': srgb([0.0353, 0.4118, 0.8549], 0.5, '#0969DA'),
                'light-high-contrast': srgb([0.0353, 0.4118, 0.8549], 0.8, '#0969DA'),
              },
            },
          },
        },
      ],
      [
        'a literal rgba() keeps its alpha as written',
        'color.selection',
        {
          $type: 'color',
          $value: srgb([0.0353, 0.4118, 0.8549], 0.33, '#0969DA'),
          $extensions: {
            'com.service': {
              dark: srgb([0.0353, 0.4118, 0.8549], 0.33, '#0969DA'),
              modes: {
                'dark-dimmed': srgb([0.0353, 0.4118, 0.8549], 0.33, '#0969DA'),
                'light-high-contrast': srgb([0.0353, 0.4118, 0.8549], 0.33, '#0969DA'),
              },
            },
          },
        },
      ],
      [
        'an opaque literal: alpha 1, every mode even though all are equal',
        'color.static',
        {
          $type: 'color',
          $value: srgb([0.502, 0.502, 0.502], 1, '#808080'),
          $extensions: {
            'com.service': {
              dark: srgb([0.502, 0.502, 0.502], 1, '#808080'),
              modes: {
                'dark-dimmed': srgb([0.502, 0.502, 0.502], 1, '#808080'),
                'light-high-contrast': srgb([0.502, 0.502, 0.502], 1, '#808080'),
              },
            },
          },
        },
      ],
      [
        'an opacity per mode',
        'opacity.disabled',
        {
          $type: 'number',
          $value: 0.5,
          $extensions: { 'com.service': { dark: 0.6, modes: { 'dark-dimmed': 0.6, 'light-high-contrast': 0.7 } } },
        },
      ],
      [
        'a shadow per mode: light refers to its color token, the other modes written out',
        'shadow.overlay',
        {
          $type: 'shadow',
          $value: {
            color: {
              colorSpace: { $ref: '#/color/fg/default/$value/colorSpace' },
              components: { $ref: '#/color/fg/default/$value/components' },
              alpha: 0.12,
            },
            offsetX: px(0),
            offsetY: px(8),
            blur: px(24),
            spread: px(0),
          },
          $extensions: {
            'com.service': {
              dark: { color: srgb([0.9412, 0.9647, 0.9882], 0.4, '#F0F6FC'), offsetX: px(0), offsetY: px(8), blur: px(24), spread: px(0) },
              modes: {
                'dark-dimmed': {
                  color: srgb([0.9412, 0.9647, 0.9882], 0.4, '#F0F6FC'),
                  offsetX: px(0),
                  offsetY: px(8),
                  blur: px(16),
                  spread: px(0),
                },
                'light-high-contrast': {
                  color: srgb([0.0039, 0.0157, 0.0353], 0.12, '#010409'),
                  offsetX: px(0),
                  offsetY: px(8),
                  blur: px(24),
                  spread: px(0),
                },
              },
            },
          },
        },
      ],
      [
        'a shadow with a translucent color token: alpha is its opacity times the color’s alpha, a mode without dark',
        'shadow.focus',
        {
          $type: 'shadow',
          $value: {
            color: {
              colorSpace: { $ref: '#/color/focus/$value/colorSpace' },
              components: { $ref: '#/color/focus/$value/components' },
              alpha: 0.25,
            },
            offsetX: px(0),
            offsetY: px(0),
            blur: px(0),
            spread: px(3),
          },
          $extensions: {
            'com.service': {
              modes: {
                'light-high-contrast': {
                  color: srgb([0.0353, 0.4118, 0.8549], 0.4, '#0969DA'),
                  offsetX: px(0),
                  offsetY: px(0),
                  blur: px(0),
                  spread: px(3),
                },
              },
            },
          },
        },
      ],
      ['a spacing the same in every mode: no extension', 'spacing.md', { $type: 'dimension', $value: px(16) }],
    ])('writes %s', (_name, key, want) => {
      expect(leafAt(tree, key)).toEqual(want);
    });

    it('writes each mode where the default export does, each value our compiled value in that mode', async () => {
      const defaults = JSON.parse(await get('json')) as unknown;
      for (const token of system.tokens) {
        const strict = leafAt(tree, token.key);
        const plain = leafAt(defaults, token.key);
        expect(Object.keys(extensionOf(strict)?.modes ?? {}), token.key).toEqual(Object.keys(extensionOf(plain)?.modes ?? {}));
        for (const mode of MODES) {
          const written = exportedIn(strict, mode);
          expect(written === undefined, `${token.key} in ${mode}`).toBe(exportedIn(plain, mode) === undefined);
          // The light shadow refers to its color token; Terrazzo checks that one (above).
          if (written === undefined || (mode === 'light' && token.type === 'shadow')) continue;
          expect(canonicalDtcgValue(strict['$type'] as string, written), `${token.key} in ${mode}`).toEqual(
            canonicalTypedValue(token.resolved[mode] ?? token.resolved.light),
          );
        }
      }
    });
  });

  describe('the resolver document (GET /export/resolver)', () => {
    let document: unknown;
    beforeAll(async () => {
      document = JSON.parse(await get('resolver'));
    });

    it('is valid under the official resolver schema, with a context per mode, in mode order', () => {
      const { resolver } = loadDtcgSchemas();
      expect(resolver(document), JSON.stringify(resolver.errors)).toBe(true);
      const theme = (document as { modifiers: { theme: { contexts: object; default: string } } }).modifiers.theme;
      expect(Object.keys(theme.contexts)).toEqual(MODES);
      expect(theme.default).toBe('light');
    });

    it.each(MODES)('resolves with Terrazzo in the context `%s` to our compiled value of every token in that mode', async (mode) => {
      const { result, messages } = await parseWithTerrazzo(document, 'tide.resolver.json');
      expect(messages).toEqual([]);
      const resolved = result?.resolver?.apply({ theme: mode }) ?? {};
      expect(Object.keys(resolved)).toEqual(system.tokens.map((token) => token.key));
      for (const token of system.tokens) {
        const value = resolved[token.key];
        expect(canonicalDtcgValue(value?.$type ?? '', value?.$value), `${token.key} in ${mode}`).toEqual(
          canonicalTypedValue(token.resolved[mode] ?? token.resolved.light),
        );
      }
    });

    it('resolves to light values when no context is given', async () => {
      const { result } = await parseWithTerrazzo(document, 'tide.resolver.json');
      const resolved = result?.resolver?.apply({}) ?? {};
      for (const token of system.tokens) {
        const value = resolved[token.key];
        expect(canonicalDtcgValue(value?.$type ?? '', value?.$value), token.key).toEqual(canonicalTypedValue(token.resolved.light));
      }
    });
  });

  describe('alpha round-trips', () => {
    /** [token, mode, compiled bytes] for every color in every mode. */
    const expectations = (): [string, string, RgbaBytes][] =>
      colors.flatMap((token) =>
        MODES.map((mode): [string, string, RgbaBytes] => [token.key, mode, bytesOf((token.resolved[mode] as { color: Rgba }).color)]),
      );

    it('through the default JSON export: #RRGGBBAA reads back to the same channels and alpha byte in every mode', async () => {
      const tree = JSON.parse(await get('json')) as unknown;
      const read = expectations().map(([key, mode]): [string, string, RgbaBytes] => [
        key,
        mode,
        bytesOfHex(exportedIn(leafAt(tree, key), mode) as string),
      ]);
      expect(read).toEqual(expectations());
    });

    it('through the strict export as written and as Terrazzo reads it: components and alpha give the same bytes', async () => {
      const tree = JSON.parse(await get('json?spec=2025.10')) as unknown;
      const written = expectations().map(([key, mode]): [string, string, RgbaBytes] => {
        const value = exportedIn(leafAt(tree, key), mode) as { hex: string };
        // `hex` is the opaque color: the same channels.
        expect(bytesOfHex(value.hex).slice(0, 3), `${key} in ${mode}`).toEqual(rgbaBytesOfDtcgColor(value).slice(0, 3));
        return [key, mode, rgbaBytesOfDtcgColor(value)];
      });
      expect(written).toEqual(expectations());
      const parsed = (await parseWithTerrazzo(tree)).result?.tokens ?? {};
      expect(colors.map((token) => rgbaBytesOfDtcgColor(parsed[token.key]?.$value))).toEqual(
        colors.map((token) => bytesOf((token.resolved.light as { color: Rgba }).color)),
      );
    });

    it('through the resolver document: Terrazzo’s value in each context gives the same bytes', async () => {
      const { result } = await parseWithTerrazzo(JSON.parse(await get('resolver')), 'tide.resolver.json');
      const read = expectations().map(([key, mode]): [string, string, RgbaBytes] => [
        key,
        mode,
        rgbaBytesOfDtcgColor(result?.resolver?.apply({ theme: mode })[key]?.$value),
      ]);
      expect(read).toEqual(expectations());
    });
  });
});
