import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../../../helpers/fixtures.js';
import {
  colorsIn,
  packed,
  pathOf,
  readReactNative,
  rgbaOfHex,
  runReactNative,
  typeCheckReactNative,
} from '../../../helpers/native-read-back/react-native.js';
import type { Case, Run } from '../../../helpers/native-read-back/react-native.js';
import { compileSystem } from '../../modes-fixture.js';

/**
 * The React Native module as an app uses it: type-checked by the TypeScript compiler (`--strict`) with a consumer
 * that calls `useTokens()` and reads every mode, and run by Node (which strips its types, as Metro's Babel does) with
 * a stub `react-native` package: every value of every mode is compared with the token's compiled value in that mode
 * (what `/api/v1/tokens` resolves to), converted as docs/native.md says, and every colour string is read by React
 * Native's own colour parser (`@react-native/normalize-colors`).
 */
const reactNative = OUTPUT_FORMATS['react-native'];
const HARBOR_KEY = 'dts_harbor_demo_key';
const normalizeColor = createRequire(import.meta.url)('@react-native/normalize-colors') as (color: string) => number | null;

/** Every kind of value, a further mode, a deprecation, a description, keys that need camelCase and a `_`. */
const TINY_FILES = {
  'tiny/system.yaml': 'name: Tiny\nmodes:\n  dark-dimmed: { base: dark }\n',
  'tiny/tokens.yaml': [
    'tokens:',
    '  color.brand.primary:',
    '    type: color',
    '    color: "#2563EB"',
    '    description: The brand’s colour.',
    '    modes: { dark: { color: "#60A5FA" }, dark-dimmed: { color: "#4C8ED980" } }',
    '  color.brand.old:',
    '    type: color',
    '    ref: color.brand.primary',
    '    deprecated: { message: Renamed., replacement: color.brand.primary }',
    '  spacing.2xl: { type: spacing, value: 2.5, unit: rem }',
    '  spacing.inset: { type: spacing, value: [8px, 1rem] }',
    '  font.letterSpacing.wide: { type: font.letterSpacing, value: 0.02, unit: em }',
    '  typography.body:',
    '    type: typography',
    '    fontFamily: "Inter, sans-serif"',
    '    fontSize: 1rem',
    '    fontWeight: 550',
    '    lineHeight: 1.5',
    '    letterSpacing: 0.02em',
    '  typography.caption: { type: typography, fontSize: 12px, letterSpacing: 0 }',
    '  shadow.card:',
    '    type: shadow',
    '    layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#00000040" }]',
    '    modes: { dark: { layers: [{ x: 0, y: 2, blur: 2, spread: 0, color: "#00000040" }] } }',
    '  border.focus: { type: border, width: 2px, style: dashed, color: "#2563EB" }',
    '  transition.fade: { type: transition, duration: 150ms, timingFunction: "cubic-bezier(0, 0, 0.58, 1)" }',
    '  gradient.hero:',
    '    type: gradient',
    '    angle: 90',
    '    stops: [{ color: "#2563EB", position: 0 }, { color: "#FFFFFF80", position: 1 }]',
    '  z-index.modal: { type: z-index, value: 1300 }',
    '  feature.beta: { type: boolean, value: true }',
    '',
  ].join('\n'),
};

/** The tiny system's values in one mode, as the module prints them. */
const tinyMode = (primary: string, shadowY: number): string[] => [
  '  border: {',
  '    focus: {',
  '      borderWidth: 2,',
  '      borderStyle: "dashed",',
  '      borderColor: "#2563EB",',
  '    },',
  '  },',
  '  color: {',
  '    brand: {',
  `      old: "${primary}",`,
  `      primary: "${primary}",`,
  '    },',
  '  },',
  '  feature: {',
  '    beta: true,',
  '  },',
  '  gradient: {',
  '    hero: {',
  '      angle: 90,',
  '      colors: ["#2563EB", "#FFFFFF80"],',
  '      locations: [0, 1],',
  '    },',
  '  },',
  '  shadow: {',
  `    card: "0px ${shadowY}px 2px 0px #00000040",`,
  '  },',
  '  spacing: {',
  '    _2xl: 40,',
  '    inset: [8, 16],',
  '  },',
  '  transition: {',
  '    fade: {',
  '      duration: 150,',
  '      delay: 0,',
  '      easing: [0, 0, 0.58, 1],',
  '    },',
  '  },',
  '  typography: {',
  '    body: {',
  '      fontFamily: "Inter",',
  '      fontSize: 16,',
  '      fontWeight: "600",',
  '      lineHeight: 24,',
  '      letterSpacing: 0.32,',
  '    },',
  '    caption: {',
  '      fontFamily: "System",',
  '      fontSize: 12,',
  '      fontWeight: "400",',
  '      letterSpacing: 0,',
  '    },',
  '  },',
  '  zIndex: {',
  '    modal: 1300,',
  '  },',
  '} as const);',
];

describe('the React Native module', () => {
  let tiny: CompiledDesignSystem;
  beforeAll(() => {
    tiny = compileSystem('tiny', TINY_FILES);
  });

  it('writes one frozen object per mode, `modes`, `Tokens`, `tokensFor` and `useTokens` on `useColorScheme()`', () => {
    expect(reactNative.render(tiny, {})).toBe(
      [
        '// Design tokens of tiny for React Native. Generated by design-token-server; do not edit.',
        '// Lengths in density-independent pixels (px as is, rem x 16), durations in milliseconds: see docs/native.md.',
        'import { useColorScheme } from "react-native";',
        '',
        '/** A font weight as React Native’s `TextStyle` takes it. */',
        'export type FontWeight = "100" | "200" | "300" | "400" | "500" | "600" | "700" | "800" | "900";',
        '/** A border style React Native draws. */',
        'export type BorderStyle = "solid" | "dotted" | "dashed";',
        '/** The control points of a cubic Bézier easing, for `Easing.bezier(...points)`. */',
        'export type CubicBezier = readonly [x1: number, y1: number, x2: number, y2: number];',
        '/** 1 to 4 lengths in the order of CSS’s `margin` and `padding`: top, right, bottom, left. */',
        'export type Lengths = readonly (number | "auto")[];',
        '/** A typography token as `TextStyle` properties; no `lineHeight` when the token leaves it to the font. */',
        'export interface Typography {',
        '  readonly fontFamily: string;',
        '  readonly fontSize: number;',
        '  readonly fontWeight: FontWeight;',
        '  readonly lineHeight?: number;',
        '  readonly letterSpacing: number;',
        '}',
        '/** A border token as `ViewStyle` properties. */',
        'export interface Border {',
        '  readonly borderWidth: number;',
        '  readonly borderStyle: BorderStyle;',
        '  readonly borderColor: string;',
        '}',
        '/** A transition token: milliseconds, and the easing’s control points. */',
        'export interface Transition {',
        '  readonly duration: number;',
        '  readonly delay: number;',
        '  readonly easing: CubicBezier;',
        '}',
        '/** A linear gradient: its CSS angle in degrees, its colours and their locations from 0 to 1. */',
        'export interface Gradient {',
        '  readonly angle: number;',
        '  readonly colors: readonly string[];',
        '  readonly locations: readonly number[];',
        '}',
        '',
        '/** Every token of one mode, nested by key segment (in camelCase). */',
        'export type Tokens = {',
        '  readonly border: {',
        '    readonly focus: Border;',
        '  };',
        '  readonly color: {',
        '    readonly brand: {',
        '      /** @deprecated Renamed. Use `color.brand.primary`. */',
        '      readonly old: string;',
        '      /** The brand’s colour. */',
        '      readonly primary: string;',
        '    };',
        '  };',
        '  readonly feature: {',
        '    readonly beta: boolean;',
        '  };',
        '  readonly gradient: {',
        '    readonly hero: Gradient;',
        '  };',
        '  readonly shadow: {',
        '    readonly card: string;',
        '  };',
        '  readonly spacing: {',
        '    readonly _2xl: number;',
        '    readonly inset: Lengths;',
        '  };',
        '  readonly transition: {',
        '    readonly fade: Transition;',
        '  };',
        '  readonly typography: {',
        '    readonly body: Typography;',
        '    readonly caption: Typography;',
        '  };',
        '  readonly zIndex: {',
        '    readonly modal: number;',
        '  };',
        '};',
        '',
        'export const light: Tokens = freezeDeep({',
        ...tinyMode('#2563EB', 1),
        '',
        'export const dark: Tokens = freezeDeep({',
        ...tinyMode('#60A5FA', 2),
        '',
        'export const darkDimmed: Tokens = freezeDeep({',
        ...tinyMode('#4C8ED980', 2),
        '',
        '/** Every mode’s tokens by mode name. */',
        'export const modes = Object.freeze({',
        '  light,',
        '  dark,',
        '  "dark-dimmed": darkDimmed,',
        '});',
        '',
        '/** A mode of this design system. */',
        'export type ModeName = keyof typeof modes;',
        '',
        '/** The tokens of one mode, by name: for a mode the device does not choose (a brand, high contrast, a second dark). */',
        'export function tokensFor(mode: ModeName): Tokens {',
        '  return modes[mode];',
        '}',
        '',
        '/** The tokens of the device’s colour scheme (`useColorScheme()`): `dark` when it is dark, `light` otherwise. */',
        'export function useTokens(): Tokens {',
        '  return useColorScheme() === "dark" ? dark : light;',
        '}',
        '',
        '/** `value`, frozen at every level. */',
        'function freezeDeep<Value>(value: Value): Value {',
        '  if (typeof value === "object" && value !== null) {',
        '    for (const inner of Object.values(value)) freezeDeep(inner);',
        '    Object.freeze(value);',
        '  }',
        '  return value;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a length in `em` outside a typography, and its lint says so', () => {
    expect(reactNative.lint?.(tiny)).toEqual([
      {
        token: 'font.letterSpacing.wide',
        rule: 'react-native-value-left-out',
        severity: 'warning',
        message:
          '`font.letterSpacing.wide` is `0.02em` in mode `light`: a length in `em` has no size outside a typography in React Native; the React Native export leaves the token out',
      },
    ]);
    expect(reactNative.render(tiny, {})).not.toContain('wide');
  });

  it('gives a mode whose name another export has no export of its own (`modes` holds it), and reports clashing keys', () => {
    // The CSS row's lint warns of the two keys' CSS names too (`css-name-clash`, in `validate`): a warning, so the system compiles.
    const odd = compileFiles(
      'odd',
      Object.entries({
        'odd/system.yaml': 'name: Odd\nmodes:\n  use-tokens: { base: light }\n  high-contrast: { base: dark }\n',
        'odd/tokens.yaml': [
          'tokens:',
          '  space.line-height: { type: spacing, value: 4 }',
          '  space.lineHeight: { type: spacing, value: 8 }',
          '  size.ratio: { type: dimension, value: 50, unit: "%" }',
          '  size.max: { type: dimension, value: fit-content }',
          '  line.style: { type: strokeStyle, value: double }',
          '',
        ].join('\n'),
      }),
    ).system as CompiledDesignSystem;
    const body = reactNative.render(odd, {});
    expect(body).toContain('\nexport const highContrast: Tokens = freezeDeep({\n  space: {\n    lineHeight: 4,\n  },\n} as const);\n');
    expect(body).toContain(
      '\nexport const modes = Object.freeze({\n  light,\n  dark,\n  "use-tokens": freezeDeep<Tokens>({\n    space: {\n      lineHeight: 4,\n    },\n  } as const),\n  "high-contrast": highContrast,\n});\n',
    );
    expect(reactNative.lint?.(odd)).toEqual([
      {
        token: 'line.style',
        rule: 'react-native-value-left-out',
        severity: 'warning',
        message:
          '`line.style` is `double` in mode `light`: React Native draws solid, dotted and dashed lines only; the React Native export leaves the token out',
      },
      {
        token: 'size.max',
        rule: 'react-native-value-left-out',
        severity: 'warning',
        message:
          '`size.max` is `fit-content` in mode `light`: React Native takes no such keyword; the React Native export leaves the token out',
      },
      {
        token: 'size.ratio',
        rule: 'react-native-value-left-out',
        severity: 'warning',
        message:
          '`size.ratio` is `50%` in mode `light`: a length in `%` has no size outside a typography in React Native; the React Native export leaves the token out',
      },
      {
        token: 'space.lineHeight',
        rule: 'react-native-name-clash',
        severity: 'warning',
        message:
          '`space.lineHeight` and `space.line-height` get the same React Native property `space.lineHeight`: the React Native export keeps `space.line-height` (first in key order) and leaves this one out',
      },
    ]);
  });

  it('is served at /api/v1/export/react-native as text, the file an offline build writes as tokens.react-native.ts', async () => {
    const { app } = await buildExampleApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/export/react-native', headers: bearer(DEMO_KEY) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe(reactNative.render(await compileExample('acme'), {}));
      expect(reactNative.fileName({})).toBe('tokens.react-native.ts');
    } finally {
      await app.close();
    }
  });
});

describe('the React Native module in its consumers', () => {
  let dir: string;
  let cases: Case[];
  let runs: Record<string, Run>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-react-native-'));
    const { app } = await buildExampleApp();
    const served = async (designSystem: string, key: string): Promise<string> => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/export/react-native?designSystem=${designSystem}`,
        headers: bearer(key),
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const tiny = compileSystem('tiny', TINY_FILES);
    const sink = await compileKitchenSink();
    cases = [
      { name: 'acme', system: await compileExample('acme'), body: await served('acme', DEMO_KEY) },
      { name: 'harbor', system: await compileExample('harbor'), body: await served('harbor', HARBOR_KEY) },
      { name: 'sink', system: sink, body: reactNative.render(sink, {}) },
      { name: 'tiny', system: tiny, body: reactNative.render(tiny, {}) },
    ];
    await app.close();
    runs = await runReactNative(dir, cases);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks under --strict with a consumer of useTokens(), tokensFor() and every mode', () => {
    expect(
      typeCheckReactNative(
        dir,
        cases.map(({ name }) => name),
      ),
    ).toEqual([]);
  });

  it('runs on Node: every value of every mode is the token’s value in that mode, converted', () => {
    for (const { name, system } of cases) {
      const run = runs[name] as Run;
      const modeNames = system.modes.map((mode) => mode.name);
      expect([name, Object.keys(run.modes)]).toEqual([name, modeNames]);
      expect([name, run.frozen]).toEqual([name, true]);
      expect([name, run.hook]).toEqual([name, { dark: 'dark', light: 'light', unknown: 'light' }]);
      expect([name, run.tokensFor]).toEqual([name, Object.fromEntries(modeNames.map((mode) => [mode, mode]))]);
      const leftOut = new Set(reactNative.lint?.(system).map(({ token }) => token));
      const read = readReactNative(system, run);
      expect([name, read.problems]).toEqual([name, []]);
      expect([name, Object.fromEntries(read.actual)]).toEqual([name, Object.fromEntries(read.expected)]);
      expect([name, read.expected.size]).toEqual([name, (system.tokens.length - leftOut.size) * modeNames.length]);
    }
  });

  it('writes every colour as React Native’s colour parser reads it: the token’s colour', () => {
    for (const { name, system } of cases) {
      const run = runs[name] as Run;
      for (const mode of system.modes) {
        const colors = colorsIn(run.modes[mode.name]);
        expect(colors.length).toBeGreaterThan(0);
        for (const color of colors) expect([name, color, normalizeColor(color)]).toEqual([name, color, packed(rgbaOfHex(color))]);
      }
      for (const token of system.tokens.filter((each) => each.type === 'color')) {
        const color = token.resolved.light;
        if (color.kind !== 'color') continue;
        let actual: unknown = run.modes['light'];
        for (const segment of pathOf(token.key)) actual = (actual as Record<string, unknown>)[segment];
        expect([name, token.key, normalizeColor(actual as string)]).toEqual([name, token.key, packed(color.color)]);
      }
    }
  });

  it('names every mode that has a name of its own: light, dark, each further mode in camelCase', () => {
    const harbor = runs['harbor'] as Run;
    expect(harbor.named).toEqual({
      light: 'light',
      dark: 'dark',
      darkDimmed: 'dark-dimmed',
      lightHighContrast: 'light-high-contrast',
      darkHighContrast: 'dark-high-contrast',
    });
  });
});
