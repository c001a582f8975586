import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsOfSegment } from '../../src/compile/values/key-words.js';
import type { CompiledDesignSystem, DimensionValue, Rgba, Token, TypedValue } from '../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../src/views/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../helpers/fixtures.js';
import { STRICT_COMPILER_OPTIONS } from '../helpers/typescript.js';
import { compileSystem } from './modes-fixture.js';

/**
 * The React Native module as an app uses it: type-checked by the TypeScript compiler (`--strict`) with a consumer
 * that calls `useTokens()` and reads every mode, and run by Node (which strips its types, as Metro's Babel does) with
 * a stub `react-native` package: every value of every mode is compared with the token's compiled value in that mode
 * (what `/api/v1/tokens` resolves to), converted as docs/native.md says, and every colour string is read by React
 * Native's own colour parser (`@react-native/normalize-colors`).
 */
const reactNative = OUTPUT_FORMATS['react-native'];
const HARBOR_KEY = 'dts_harbor_demo_key';
const exec = promisify(execFile);
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
    // The compiler warns of the two keys' CSS names too (`css-name-clash`): a warning, so the system compiles.
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

/** A length in density-independent pixels, or undefined (docs/native.md's units table). */
const dp = ({ value, unit }: Pick<DimensionValue, 'value' | 'unit'>): number | undefined =>
  unit === 'px' ? value : unit === 'rem' ? Math.round(value * 16 * 1e6) / 1e6 : undefined;
const round = (value: number): number => Math.round(value * 1e6) / 1e6;
const hex = ({ red, green, blue, alpha }: Rgba): string =>
  `#${[red, green, blue, ...(alpha === 1 ? [] : [Math.round(alpha * 255)])].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const weight = (value: number): string => String(Math.min(900, Math.max(100, Math.round(value / 100) * 100)));
const SYSTEM_FONTS = ['system-ui', '-apple-system', 'BlinkMacSystemFont', 'ui-sans-serif', 'sans-serif'];
const family = (families: readonly string[]): string => (SYSTEM_FONTS.includes(families[0] ?? '') ? 'System' : (families[0] as string));

/** What the module must hold for a value (undefined: the token is left out). */
function expected(token: Token, value: TypedValue): unknown {
  switch (value.kind) {
    case 'color':
      return hex(value.color);
    case 'dimension':
      return dp(value);
    case 'number':
      return token.type === 'font.weight' ? weight(value.value) : value.value;
    case 'duration':
      return value.value;
    case 'fontFamily':
      return family(value.families);
    case 'cubicBezier':
      return value.points;
    case 'strokeStyle':
      return ['solid', 'dotted', 'dashed'].includes(value.style) ? value.style : undefined;
    case 'keyword':
      return value.keyword === 'auto' || (value.keyword === 'none' && token.type === 'shadow') ? value.keyword : undefined;
    case 'lengths': {
      const lengths = value.values.map((length) =>
        length.kind === 'keyword' ? (length.keyword === 'auto' ? 'auto' : undefined) : dp(length),
      );
      return lengths.includes(undefined) ? undefined : lengths;
    }
    case 'shadow': {
      const layers = value.layers?.map((layer) => {
        const lengths = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(dp);
        return lengths.includes(undefined)
          ? undefined
          : `${layer.inset ? 'inset ' : ''}${lengths.map((length) => `${length}px`).join(' ')} ${hex(layer.color)}`;
      });
      return layers === undefined || layers.includes(undefined) ? undefined : layers.join(', ');
    }
    case 'boolean':
      return value.value;
    case 'typography': {
      const size = dp(value.fontSize);
      if (size === undefined) return undefined;
      const lineHeight =
        value.lineHeight.kind === 'number'
          ? round(value.lineHeight.value * size)
          : value.lineHeight.unit === 'em'
            ? round(value.lineHeight.value * size)
            : dp(value.lineHeight);
      const letterSpacing = value.letterSpacing.unit === 'em' ? round(value.letterSpacing.value * size) : dp(value.letterSpacing);
      if (lineHeight === undefined || letterSpacing === undefined) return undefined;
      return {
        fontFamily: family(value.fontFamily.families),
        fontSize: size,
        fontWeight: weight(value.fontWeight.value),
        ...(value.omitted?.includes('lineHeight') === true ? {} : { lineHeight }),
        letterSpacing,
      };
    }
    case 'border': {
      const width = dp(value.width);
      const style = expected(token, value.style);
      return width === undefined || style === undefined
        ? undefined
        : { borderWidth: width, borderStyle: style, borderColor: hex(value.color.color) };
    }
    case 'transition':
      return { duration: value.duration.value, delay: value.delay.value, easing: value.timingFunction.points };
    case 'gradient':
      return {
        angle: value.angle,
        colors: value.stops.map((stop) => hex(stop.color)),
        locations: value.stops.map((stop) => stop.position),
      };
  }
}

/** A token key as the module's property path: each segment's words in camelCase, `_` before a leading digit. */
const pathOf = (key: string): string[] =>
  key.split('.').map((segment) => {
    const name = wordsOfSegment(segment)
      .map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
      .join('');
    return /^[0-9]/.test(name) ? `_${name}` : name;
  });

/** Every colour string in a value, by where it is. */
function colorsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') for (const match of value.matchAll(/#[0-9A-F]{6,8}/g)) found.push(match[0]);
  else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) colorsIn(inner, found);
  return found;
}

/** `rgba` as React Native's parser packs it: 0xRRGGBBAA. */
const packed = ({ red, green, blue, alpha }: Rgba): number => ((red << 24) | (green << 16) | (blue << 8) | Math.round(alpha * 255)) >>> 0;

interface Case {
  readonly name: string;
  readonly system: CompiledDesignSystem;
  readonly body: string;
}

/** What the runner prints: per mode name, the object `modes` holds; what the named exports, the hook and `tokensFor` give. */
interface Run {
  readonly modes: Record<string, Record<string, unknown>>;
  readonly named: Record<string, string>;
  readonly hook: { readonly dark: string; readonly light: string; readonly unknown: string };
  readonly tokensFor: Record<string, string>;
  readonly frozen: boolean;
}

/** The stub of the one function of `react-native` the module calls, and the types the consumer checks against. */
const REACT_NATIVE_TYPES = [
  "declare module 'react-native' {",
  "  export function useColorScheme(): 'light' | 'dark' | null | undefined;",
  "  type Weight = 'normal' | 'bold' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;",
  '  export interface TextStyle { fontFamily?: string; fontSize?: number; fontWeight?: Weight; lineHeight?: number; letterSpacing?: number }',
  "  export interface ViewStyle { borderWidth?: number; borderStyle?: 'solid' | 'dotted' | 'dashed'; borderColor?: string; boxShadow?: string; opacity?: number; zIndex?: number }",
  '}',
  '',
].join('\n');

/** Reads the stub's colour scheme from a global the runner sets. */
const REACT_NATIVE_STUB = 'export function useColorScheme() {\n  return globalThis.colorScheme;\n}\n';

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
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(dir, 'react-native.d.ts'), REACT_NATIVE_TYPES);
    await mkdir(join(dir, 'node_modules', 'react-native'), { recursive: true });
    await writeFile(
      join(dir, 'node_modules', 'react-native', 'package.json'),
      '{ "name": "react-native", "type": "module", "main": "index.js" }\n',
    );
    await writeFile(join(dir, 'node_modules', 'react-native', 'index.js'), REACT_NATIVE_STUB);
    const runner = ['const runs = {};'];
    for (const { name, system, body } of cases) {
      await mkdir(join(dir, name));
      await writeFile(join(dir, name, 'tokens.ts'), body);
      const exported = modeExports(body);
      await writeFile(join(dir, name, 'consumer.ts'), consumerOf(system, exported));
      runner.push(
        `{`,
        `  const module = await import('./${name}/tokens.ts');`,
        `  const id = (tokens) => Object.entries(module.modes).find(([, value]) => value === tokens)?.[0] ?? 'none';`,
        `  const frozen = (value) => typeof value !== 'object' || (Object.isFrozen(value) && Object.values(value).every(frozen));`,
        `  const scheme = (value) => { globalThis.colorScheme = value; return id(module.useTokens()); };`,
        `  runs[${JSON.stringify(name)}] = {`,
        `    modes: module.modes,`,
        `    named: { ${exported.map((name) => `${name}: id(module.${name})`).join(', ')} },`,
        `    hook: { dark: scheme('dark'), light: scheme('light'), unknown: scheme(null) },`,
        `    tokensFor: Object.fromEntries(Object.keys(module.modes).map((mode) => [mode, id(module.tokensFor(mode))])),`,
        `    frozen: frozen(module.modes),`,
        `  };`,
        `}`,
      );
    }
    runner.push('process.stdout.write(JSON.stringify(runs));', '');
    await writeFile(join(dir, 'run.mjs'), runner.join('\n'));
    // Node 24 strips types by default: no flag, no loader, as Metro's Babel compiles the file as it is.
    const { stdout } = await exec(process.execPath, ['run.mjs'], { cwd: dir });
    runs = JSON.parse(stdout) as Record<string, Run>;
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks under --strict with a consumer of useTokens(), tokensFor() and every mode', () => {
    const roots = [join(dir, 'react-native.d.ts'), ...cases.map(({ name }) => join(dir, name, 'consumer.ts'))];
    const program = ts.createProgram(roots, { ...STRICT_COMPILER_OPTIONS, strict: true });
    const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file === undefined ? '' : `${diagnostic.file.fileName.slice(dir.length + 1)}: `;
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(messages).toEqual([]);
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
      let compared = 0;
      for (const token of system.tokens) {
        const path = pathOf(token.key);
        for (const mode of modeNames) {
          let actual: unknown = run.modes[mode];
          for (const segment of path) actual = (actual as Record<string, unknown> | undefined)?.[segment];
          if (leftOut.has(token.key)) {
            expect([name, token.key, mode, actual]).toEqual([name, token.key, mode, undefined]);
            continue;
          }
          const value = token.resolved[mode] as TypedValue;
          expect([name, token.key, mode, actual]).toEqual([name, token.key, mode, expected(token, value)]);
          compared += 1;
        }
      }
      // Every token is there but those the lint names, and nothing else.
      for (const mode of modeNames) {
        const tree: Record<string, unknown> = {};
        for (const token of system.tokens.filter((each) => !leftOut.has(each.key))) {
          const path = pathOf(token.key);
          let node = tree;
          for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
          node[path[path.length - 1] as string] = expected(token, token.resolved[mode] as TypedValue);
        }
        expect([name, mode, run.modes[mode]]).toEqual([name, mode, tree]);
      }
      expect([name, compared]).toEqual([name, (system.tokens.length - leftOut.size) * modeNames.length]);
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

/** The `#RRGGBB[AA]` text's channels. */
function rgbaOfHex(text: string): Rgba {
  const byte = (at: number): number => Number.parseInt(text.slice(at, at + 2), 16);
  return { red: byte(1), green: byte(3), blue: byte(5), alpha: text.length === 9 ? byte(7) / 255 : 1 };
}

/** The names of the module's mode exports (`export const <name>: Tokens`). */
const modeExports = (body: string): string[] => [...body.matchAll(/^export const (\w+): Tokens = /gm)].map((match) => match[1] as string);

/**
 * A consumer as an app writes one: a component's `useTokens()`, every mode by name through `tokensFor`, every named
 * mode, every typography as a `TextStyle`, every border and shadow in a `ViewStyle`; a mode the system lacks is refused.
 */
function consumerOf(system: CompiledDesignSystem, named: readonly string[]): string {
  const lines = [
    "import type { TextStyle, ViewStyle } from 'react-native';",
    `import { ${[...named, 'modes', 'tokensFor', 'useTokens'].join(', ')} } from './tokens.js';`,
    "import type { ModeName, Tokens } from './tokens.js';",
    '',
    `const names: readonly ModeName[] = ${JSON.stringify(system.modes.map((mode) => mode.name))};`,
    'export const all: readonly Tokens[] = names.map((name) => tokensFor(name));',
    `export const named: readonly Tokens[] = [${named.join(', ')}];`,
    'export const byName: Tokens = modes[names[0] ?? "light"];',
    '// @ts-expect-error a mode this design system does not have',
    "tokensFor('no-such-mode');",
    '',
    'export function useStyles(): { text: TextStyle[]; view: ViewStyle[] } {',
    '  const t = useTokens();',
    '  return {',
    '    text: [',
  ];
  const kept = new Set(system.tokens.map((token) => token.key));
  for (const diagnostic of reactNative.lint?.(system) ?? []) kept.delete(diagnostic.token);
  const access = (key: string): string => `t.${pathOf(key).join('.')}`;
  for (const token of system.tokens) if (token.type === 'typography' && kept.has(token.key)) lines.push(`      ${access(token.key)},`);
  lines.push('    ],', '    view: [');
  for (const token of system.tokens) {
    if (!kept.has(token.key)) continue;
    if (token.type === 'border') lines.push(`      { ...${access(token.key)} },`);
    if (token.type === 'shadow') lines.push(`      { boxShadow: ${access(token.key)} },`);
    if (token.type === 'color') lines.push(`      { borderColor: ${access(token.key)} },`);
    if (token.type === 'opacity') lines.push(`      { opacity: ${access(token.key)} },`);
  }
  lines.push('    ],', '  };', '}', '');
  return lines.join('\n');
}
