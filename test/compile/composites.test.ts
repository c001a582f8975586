import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type {
  ColorValue,
  CubicBezierValue,
  Diagnostic,
  Dimension,
  DimensionUnit,
  DimensionValue,
  DurationValue,
} from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';

const error = (line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: 'ds/tokens.yaml',
  line,
  column,
  rule,
  message,
  severity: 'error',
});

const rgba = (red: number, green: number, blue: number, alpha = 1) => ({ red, green, blue, alpha });
const color = (red: number, green: number, blue: number, alpha = 1): ColorValue => ({
  kind: 'color',
  color: rgba(red, green, blue, alpha),
});
const dim = (value: number, unit: DimensionUnit = 'px'): DimensionValue => ({ kind: 'dimension', value, unit });
/** A length of a shadow layer: a plain `Dimension`. */
const length = (value: number, unit: DimensionUnit = 'px'): Dimension => ({ value, unit });
const ms = (value: number): DurationValue => ({ kind: 'duration', value, unit: 'ms' });
const bezier = (points: [number, number, number, number], text: string): CubicBezierValue => ({ kind: 'cubicBezier', points, text });
const INTER = { kind: 'fontFamily', families: ['Inter', 'sans-serif'], text: 'Inter, sans-serif' } as const;
const GEORGIA = { kind: 'fontFamily', families: ['Georgia', 'serif'], text: 'Georgia, serif' } as const;
const EASE_IN_OUT = bezier([0.42, 0, 0.58, 1], 'ease-in-out');

/** `value` in every mode of the system: light, dark, dark-dimmed. */
const everyMode = <Value>(value: Value) => ({ light: value, dark: value, 'dark-dimmed': value });

const TOKENS = `  color.fg: { type: color, scale: gray, step: 900, darkStep: 0 }
  color.border.dark: { type: color, color: "#FF0000" }
  color.alt: { type: color, color: "#FF000080" }
  font.family.sans: { type: font.family, value: "Inter, sans-serif" }
  font.size.lg: { type: font.size, value: 1.5, unit: rem }
  font.weight.bold: { type: font.weight, value: 700 }
  font.lineHeight.tight: { type: font.lineHeight, value: 1.25 }
  font.lineHeight.len: { type: font.lineHeight, value: 20, unit: px }
  font.lineHeight.prim: { type: font.lineHeight, primitive: font.lineHeight.tall }
  dimension.hair: { type: dimension, value: 1 }
  dimension.pct: { type: dimension, value: 50, unit: "%" }
  dimension.em: { type: dimension, value: 0.5, unit: em }
  dimension.rem: { type: dimension, primitive: dimension.big }
  strokeStyle.dashed: { type: strokeStyle, value: dashed }
  duration.fast: { type: duration, value: 200 }
  easing.io: { type: easing, value: ease-in-out }
  easing.list: { type: easing, value: [0.1, 0.2, 0.3, 0.4] }
  easing.cb: { type: easing, value: "cubic-bezier(0.2, 0, 0, 1)" }
  easing.prim: { type: easing, primitive: easing.swift }
  spacing.p: { type: spacing, primitive: spacing.lg }
  radius.p: { type: radius, primitive: radius.round }
  font.size.p: { type: font.size, primitive: font.size.em }
  font.letterSpacing.p: { type: font.letterSpacing, primitive: font.letterSpacing.wide }
  typography.heading:
    type: typography
    fontFamily: "{font.family.sans}"
    fontSize: "{font.size.lg}"
    fontWeight: "{font.weight.bold}"
    lineHeight: "{font.lineHeight.tight}"
    letterSpacing: "{dimension.em}"
  typography.body: { type: typography, fontFamily: "Georgia, serif", fontSize: 16, fontWeight: bold, lineHeight: "24px", modes: { dark: { fontSize: "1rem" } } }
  border.default: { type: border, width: "{dimension.hair}", style: "{strokeStyle.dashed}", color: "{color.fg}", modes: { dark: { color: "{color.border.dark}" } } }
  border.lit: { type: border, width: 2, style: solid, color: "#D0D7DE" }
  transition.fade: { type: transition, duration: "{duration.fast}", timingFunction: "{easing.io}" }
  transition.lit: { type: transition, duration: "0.3s", delay: "50ms", timingFunction: [0, 0, 1, 1] }
  gradient.sky: { type: gradient, stops: [{ color: "#FFFFFF", position: 0 }, { color: "{color.fg}", position: 1 }] }
  gradient.angled: { type: gradient, angle: 90, stops: [{ color: "#000", position: 0 }, { color: "#fff", position: 0.5 }], modes: { dark: { stops: [{ color: "#111", position: 0 }, { color: "#222", position: 1 }] } } }
  shadow.layers:
    type: shadow
    layers:
      - { x: 0, y: 1, blur: 2, spread: 0, color: "{color.fg}" }
      - { x: "0.5rem", y: 0, blur: 0, spread: 1, color: "#00000080", inset: true, opacity: 0.5 }
  shadow.moded: { type: shadow, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "{color.fg}" }], modes: { dark: { layers: [{ x: 0, y: 2, blur: 4, spread: 0, color: "{color.alt}", opacity: 0.5 }] } } }
  shadow.single: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: color.fg, opacity: 1 }
primitives:
  dimension: { big: "2rem", three: 3 }
  spacing: { lg: "1.5rem", sm: 8 }
  radius: { round: "50%" }
  font.size: { em: "1.2em" }
  font.letterSpacing: { wide: "0.02em" }
  font.lineHeight: { tall: "1.5em", loose: 1.75 }
  easing: { swift: ease-out }
`;

describe('composites: typography, border, transition, gradient, shadow layers, and the new value types', () => {
  const { system, diagnostics } = compileTokens(TOKENS);
  const resolved = (key: string) => tokenOf(system, key)?.resolved;
  const references = (key: string) => tokenOf(system, key)?.references;

  it('compiles without a problem', () => {
    expect(diagnostics).toEqual([]);
    expect(system?.tokens).toHaveLength(34);
  });

  it('typography from references to a font family, size, weight, line height and a dimension', () => {
    expect(resolved('typography.heading')).toEqual(
      everyMode({
        kind: 'typography',
        fontFamily: INTER,
        fontSize: dim(1.5, 'rem'),
        fontWeight: { kind: 'number', value: 700 },
        lineHeight: { kind: 'number', value: 1.25 },
        letterSpacing: dim(0.5, 'em'),
      }),
    );
    expect(references('typography.heading')).toEqual(
      everyMode({
        parts: {
          fontFamily: 'font.family.sans',
          fontSize: 'font.size.lg',
          fontWeight: 'font.weight.bold',
          lineHeight: 'font.lineHeight.tight',
          letterSpacing: 'dimension.em',
        },
      }),
    );
  });

  it('typography from literals: a weight keyword, a line height as a length, letterSpacing 0 by default, one part per mode', () => {
    const body = (fontSize: DimensionValue) => ({
      kind: 'typography',
      fontFamily: GEORGIA,
      fontSize,
      fontWeight: { kind: 'number', value: 700 },
      lineHeight: dim(24),
      letterSpacing: dim(0),
    });
    expect(resolved('typography.body')).toEqual({ light: body(dim(16)), dark: body(dim(1, 'rem')), 'dark-dimmed': body(dim(1, 'rem')) });
    expect(tokenOf(system, 'typography.body')?.value).toEqual({
      fontFamily: 'Georgia, serif',
      fontSize: 16,
      fontWeight: 'bold',
      lineHeight: '24px',
      letterSpacing: 0,
    });
    expect(tokenOf(system, 'typography.body')?.modes).toEqual({ dark: { fontSize: '1rem' } });
    expect(tokenOf(system, 'typography.body')).not.toHaveProperty('references');
  });

  it('a border whose color part follows its color token per mode, and is replaced by another reference in dark', () => {
    const border = (borderColor: ColorValue) => ({
      kind: 'border',
      width: dim(1),
      style: { kind: 'strokeStyle', style: 'dashed' },
      color: borderColor,
    });
    expect(resolved('border.default')).toEqual({
      light: border(color(31, 35, 40)),
      dark: border(color(255, 0, 0)),
      'dark-dimmed': border(color(255, 0, 0)),
    });
    const parts = (colorKey: string) => ({ parts: { width: 'dimension.hair', style: 'strokeStyle.dashed', color: colorKey } });
    expect(references('border.default')).toEqual({
      light: parts('color.fg'),
      dark: parts('color.border.dark'),
      'dark-dimmed': parts('color.border.dark'),
    });
    expect(resolved('border.lit')?.light).toEqual({
      kind: 'border',
      width: dim(2),
      style: { kind: 'strokeStyle', style: 'solid' },
      color: color(208, 215, 222),
    });
  });

  it('a transition: references, delay 0 by default, seconds and milliseconds as text, four numbers as the timing function', () => {
    expect(resolved('transition.fade')).toEqual(
      everyMode({ kind: 'transition', duration: ms(200), delay: ms(0), timingFunction: EASE_IN_OUT }),
    );
    expect(references('transition.fade')).toEqual(everyMode({ parts: { duration: 'duration.fast', timingFunction: 'easing.io' } }));
    expect(tokenOf(system, 'transition.fade')?.value).toEqual({
      duration: '{duration.fast}',
      delay: 0,
      timingFunction: '{easing.io}',
    });
    expect(resolved('transition.lit')).toEqual(
      everyMode({
        kind: 'transition',
        duration: ms(300),
        delay: ms(50),
        timingFunction: bezier([0, 0, 1, 1], 'cubic-bezier(0, 0, 1, 1)'),
      }),
    );
  });

  it('a gradient: angle 180 by default, a stop referring to a color follows it per mode; stops in a mode replace all of them', () => {
    const sky = (end: ReturnType<typeof rgba>) => ({
      kind: 'gradient',
      angle: 180,
      stops: [
        { color: rgba(255, 255, 255), position: 0 },
        { color: end, position: 1 },
      ],
    });
    expect(resolved('gradient.sky')).toEqual({
      light: sky(rgba(31, 35, 40)),
      dark: sky(rgba(13, 17, 23)),
      'dark-dimmed': sky(rgba(33, 40, 48)),
    });
    expect(references('gradient.sky')).toEqual(everyMode({ parts: { 'stops.1.color': 'color.fg' } }));
    const darkStops = {
      kind: 'gradient',
      angle: 90,
      stops: [
        { color: rgba(17, 17, 17), position: 0 },
        { color: rgba(34, 34, 34), position: 1 },
      ],
    };
    expect(resolved('gradient.angled')).toEqual({
      light: {
        kind: 'gradient',
        angle: 90,
        stops: [
          { color: rgba(0, 0, 0), position: 0 },
          { color: rgba(255, 255, 255), position: 0.5 },
        ],
      },
      dark: darkStops,
      'dark-dimmed': darkStops,
    });
  });

  it('shadow layers: rem lengths, inset, opacity multiplying the alpha, a "{color}" following its color per mode', () => {
    const layers = (first: ReturnType<typeof rgba>) => ({
      kind: 'shadow',
      text: null,
      layers: [
        { offsetX: length(0), offsetY: length(1), blur: length(2), spread: length(0), color: first, inset: false },
        // #00000080 is alpha 128/255 = 0.502; × 0.5 = 0.251.
        { offsetX: length(0.5, 'rem'), offsetY: length(0), blur: length(0), spread: length(1), color: rgba(0, 0, 0, 0.251), inset: true },
      ],
    });
    expect(resolved('shadow.layers')).toEqual({
      light: layers(rgba(31, 35, 40)),
      dark: layers(rgba(13, 17, 23)),
      'dark-dimmed': layers(rgba(33, 40, 48)),
    });
    expect(references('shadow.layers')).toEqual(everyMode({ parts: { 'layers.0.color': 'color.fg' } }));
  });

  it('shadow layers replaced whole in a mode; a layer with `opacity` changes its color, so it is an adjusted reference, not an alias', () => {
    const one = (y: number, blur: number, layerColor: ReturnType<typeof rgba>) => ({
      kind: 'shadow',
      text: null,
      layers: [{ offsetX: length(0), offsetY: length(y), blur: length(blur), spread: length(0), color: layerColor, inset: false }],
    });
    expect(resolved('shadow.moded')).toEqual({
      light: one(1, 2, rgba(31, 35, 40)),
      dark: one(2, 4, rgba(255, 0, 0, 0.251)),
      'dark-dimmed': one(2, 4, rgba(255, 0, 0, 0.251)),
    });
    expect(references('shadow.moded')).toEqual({
      light: { parts: { 'layers.0.color': 'color.fg' } },
      dark: { adjusted: { 'layers.0.color': 'color.alt' } },
      'dark-dimmed': { adjusted: { 'layers.0.color': 'color.alt' } },
    });
  });

  // Both forms of a shadow give each length as a `Dimension` `{ value, unit }`, as `ShadowLayer` declares.
  it('shadow layers have the same shape as the one-layer form (`{ value, unit }` lengths)', () => {
    const fromLayers = resolved('shadow.moded')?.light;
    const fromOneLayer = resolved('shadow.single')?.light;
    expect(fromOneLayer).toEqual({
      kind: 'shadow',
      text: null,
      layers: [
        {
          offsetX: { value: 0, unit: 'px' },
          offsetY: { value: 1, unit: 'px' },
          blur: { value: 2, unit: 'px' },
          spread: { value: 0, unit: 'px' },
          color: rgba(31, 35, 40),
          inset: false,
        },
      ],
    });
    expect(fromLayers).toStrictEqual(fromOneLayer);
  });

  it('stroke styles, dimensions in px (default), rem, em and %', () => {
    expect(resolved('strokeStyle.dashed')).toEqual(everyMode({ kind: 'strokeStyle', style: 'dashed' }));
    expect(resolved('dimension.hair')).toEqual(everyMode(dim(1)));
    expect(resolved('dimension.pct')).toEqual(everyMode(dim(50, '%')));
    expect(resolved('dimension.em')).toEqual(everyMode(dim(0.5, 'em')));
    expect(resolved('dimension.rem')).toEqual(everyMode(dim(2, 'rem')));
    expect(tokenOf(system, 'dimension.hair')?.value).toEqual({ value: 1, unit: 'px' });
  });

  it('primitives written as text with a unit are served as a number and a unit; a bare number takes the type’s default unit', () => {
    expect(system?.primitives).toEqual({
      dimension: [
        { key: 'big', value: 2, unit: 'rem' },
        { key: 'three', value: 3, unit: 'px' },
      ],
      easing: [{ key: 'swift', value: 'ease-out', unit: null }],
      'font.letterSpacing': [{ key: 'wide', value: 0.02, unit: 'em' }],
      'font.lineHeight': [
        // A bare line height is a multiplier: it has no unit (as before this format).
        { key: 'loose', value: 1.75, unit: null },
        { key: 'tall', value: 1.5, unit: 'em' },
      ],
      'font.size': [{ key: 'em', value: 1.2, unit: 'em' }],
      radius: [{ key: 'round', value: 50, unit: '%' }],
      spacing: [
        { key: 'lg', value: 1.5, unit: 'rem' },
        { key: 'sm', value: 8, unit: 'px' },
      ],
    });
    expect(resolved('spacing.p')).toEqual(everyMode(dim(1.5, 'rem')));
    expect(resolved('radius.p')).toEqual(everyMode(dim(50, '%')));
    expect(resolved('font.size.p')).toEqual(everyMode(dim(1.2, 'em')));
    expect(resolved('font.letterSpacing.p')).toEqual(everyMode(dim(0.02, 'em')));
  });

  it('a line height is a multiplier (a bare number) or a length', () => {
    expect(resolved('font.lineHeight.tight')).toEqual(everyMode({ kind: 'number', value: 1.25 }));
    expect(tokenOf(system, 'font.lineHeight.tight')?.value).toEqual({ value: 1.25, unit: 'multiplier' });
    expect(resolved('font.lineHeight.len')).toEqual(everyMode(dim(20)));
    expect(resolved('font.lineHeight.prim')).toEqual(everyMode(dim(1.5, 'em')));
  });

  it('an easing is a keyword, four numbers, or cubic-bezier(), as a token and as a primitive', () => {
    expect(resolved('easing.io')).toEqual(everyMode(EASE_IN_OUT));
    expect(resolved('easing.list')).toEqual(everyMode(bezier([0.1, 0.2, 0.3, 0.4], 'cubic-bezier(0.1, 0.2, 0.3, 0.4)')));
    expect(resolved('easing.cb')).toEqual(everyMode(bezier([0.2, 0, 0, 1], 'cubic-bezier(0.2, 0, 0, 1)')));
    expect(resolved('easing.prim')).toEqual(everyMode(bezier([0, 0, 0.58, 1], 'ease-out')));
  });

  it('writes each composite as its CSS value', () => {
    const css = (key: string, mode = 'light') => {
      const value = resolved(key)?.[mode];
      return value === undefined ? undefined : formatCssValue(value);
    };
    expect(css('typography.heading')).toBe('700 1.5rem/1.25 Inter, sans-serif');
    expect(css('typography.body', 'dark')).toBe('700 1rem/24px Georgia, serif');
    expect(css('border.lit')).toBe('2px solid #D0D7DE');
    expect(css('border.default', 'dark')).toBe('1px dashed #FF0000');
    expect(css('transition.fade')).toBe('200ms ease-in-out 0ms');
    expect(css('gradient.sky', 'dark')).toBe('linear-gradient(180deg, #FFFFFF 0%, #0D1117 100%)');
    expect(css('shadow.layers')).toBe('0px 1px 2px 0px rgba(31, 35, 40, 1), inset 0.5rem 0px 0px 1px rgba(0, 0, 0, 0.251)');
    expect(css('dimension.pct')).toBe('50%');
  });
});

describe('composites: every mistake, with its position', () => {
  it.each<[string, string, Diagnostic[]]>([
    [
      'a wrong literal in each part and each new type',
      `  typography.a: { type: typography, fontFamily: Inter, fontSize: "16pt", fontWeight: 400, lineHeight: 1.5 }
  typography.b: { type: typography, fontFamily: Inter, fontSize: 16, fontWeight: 1200, lineHeight: 1.5, letterSpacing: 2 }
  border.a: { type: border, width: 1, style: wavy, color: "#D0D7DE" }
  border.b: { type: border, width: 1, style: solid, color: "nope" }
  transition.a: { type: transition, duration: "fast", timingFunction: ease }
  transition.b: { type: transition, duration: 100, timingFunction: bouncy }
  gradient.a: { type: gradient, stops: [{ color: "#fff", position: 0 }] }
  dimension.a: { type: dimension, value: 1, unit: pt }
  strokeStyle.a: { type: strokeStyle, value: wavy }
  easing.a: { type: easing, value: [0.1, 0.2, 0.3] }
`,
      [
        error(
          2,
          66,
          'invalid-value',
          '`fontSize` of `typography.a` must be a length > 0 in `px`, `rem`, `em`, `%` like `16px` (a bare number is px), or a reference like `{group.token}`, got "16pt"',
        ),
        error(
          3,
          82,
          'invalid-value',
          '`fontWeight` of `typography.b` must be a number from 1 to 1000 or a weight keyword like `bold`, or a reference like `{group.token}`, got 1200',
        ),
        error(
          3,
          120,
          'invalid-value',
          '`letterSpacing` of `typography.b` must be a length in `px`, `em`, `rem` like `16px`, or a reference like `{group.token}`, got 2',
        ),
        error(
          4,
          46,
          'invalid-value',
          '`style` of `border.a` must be one of `solid`, `dashed`, `dotted`, `double`, `groove`, `ridge`, `outset`, `inset`, or a reference like `{group.token}`, got "wavy"',
        ),
        error(
          5,
          60,
          'invalid-value',
          '`color` of `border.b` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), or a reference like `{group.token}`, got "nope"',
        ),
        error(
          6,
          47,
          'invalid-value',
          '`duration` of `transition.a` must be a duration ≥ 0: a number of milliseconds, or text like `200ms` or `0.2s`, or a reference like `{group.token}`, got "fast"',
        ),
        error(
          7,
          68,
          'invalid-value',
          '`timingFunction` of `transition.b` must be a `cubic-bezier(x1, y1, x2, y2)` expression with x1 and x2 from 0 to 1, four such numbers, or `ease`, `linear`, `ease-in`, `ease-out`, `ease-in-out`, or a reference like `{group.token}`, got "bouncy"',
        ),
        error(
          8,
          40,
          'invalid-value',
          '`stops` of `gradient.a` must be a list of at least two stops `{ color, position }`, got [{"color":"#fff","position":0}]',
        ),
        error(
          9,
          51,
          'invalid-value',
          '`unit` of `dimension.a` must be one of `px`, `rem`, `em`, `%`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, got "pt"',
        ),
        error(
          10,
          46,
          'invalid-value',
          '`value` of `strokeStyle.a` must be one of `solid`, `dashed`, `dotted`, `double`, `groove`, `ridge`, `outset`, `inset`, got "wavy"',
        ),
        error(
          11,
          36,
          'invalid-value',
          '`value` of `easing.a` must be a `cubic-bezier(x1, y1, x2, y2)` expression with x1 and x2 from 0 to 1, four such numbers, or `ease`, `linear`, `ease-in`, `ease-out`, `ease-in-out`, got [0.1,0.2,0.3]',
        ),
      ],
    ],
    [
      'a part naming a token of a type it does not take, or no token',
      `  color.fg: { type: color, scale: gray, step: 900 }
  spacing.s: { type: spacing, value: 4 }
  border.a: { type: border, width: "{color.fg}", style: solid, color: "#000" }
  typography.a: { type: typography, fontFamily: Inter, fontSize: "{spacing.s}", fontWeight: 400, lineHeight: 1.5 }
  border.b: { type: border, width: 1, style: solid, color: "{color.fgg}" }
  shadow.a: { type: shadow, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "{spacing.s}" }] }
`,
      [
        error(4, 36, 'reference-type-mismatch', '`width` of `border.a` must name a dimension token; `color.fg` is a color token'),
        error(
          5,
          66,
          'reference-type-mismatch',
          '`fontSize` of `typography.a` must name a font.size or dimension token; `spacing.s` is a spacing token',
        ),
        error(6, 60, 'unknown-reference', '`border.b` refers to unknown token `color.fgg` (did you mean `color.fg`?)'),
        error(7, 37, 'reference-type-mismatch', '`layers.0.color` of `shadow.a` must name a color token; `spacing.s` is a spacing token'),
      ],
    ],
    [
      '`layers` beside a one-layer field',
      '  shadow.a: { type: shadow, x: 0, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#000" }] }\n',
      [error(2, 32, 'extra-field', 'shadow token `shadow.a` has `layers`, so it takes no `x`')],
    ],
    [
      'a color written with `value`',
      '  color.a: { type: color, value: "#fff" }\n',
      [
        error(
          2,
          34,
          'extra-field',
          'color token `color.a` takes a literal color in `color`, not `value` (or a `scale` and `step`, or a `ref`)',
        ),
      ],
    ],
    [
      'a color written with `value` beside a scale and step: still one problem',
      '  color.a: { type: color, value: "#fff", scale: gray, step: 0 }\n',
      [
        error(
          2,
          34,
          'extra-field',
          'color token `color.a` takes a literal color in `color`, not `value` (or a `scale` and `step`, or a `ref`)',
        ),
      ],
    ],
    [
      'a primitive with a unit its type does not take, or no number',
      '  spacing.a: { type: spacing, value: 1 }\nprimitives:\n  spacing: { x: "1.5pt" }\n  radius: { y: "abc" }\n',
      [
        error(
          4,
          17,
          'invalid-value',
          'primitive `spacing.x` must be a number (a number in px, or text in px, rem, em, ch, ex, vw, vh, dvh, svh, lvh like `1.5rem`), got "1.5pt"',
        ),
        error(
          5,
          16,
          'invalid-value',
          'primitive `radius.y` must be a number ≥ 0 (a number in px, or text in px, rem, em, % like `1.5rem`), got "abc"',
        ),
      ],
    ],
  ])('%s', (_name, tokens, want) => {
    const { system, diagnostics } = compileTokens(tokens);
    expect(diagnostics).toEqual(want);
    expect(system).toBeUndefined();
  });
});

describe('composites: a group named `type`', () => {
  it('is a group when its value is a mapping of tokens, at any depth', () => {
    const { system, diagnostics } = compileTokens(`  group:
    type:
      a: { type: spacing, value: 4 }
    b: { type: spacing, value: 1 }
  typography:
    type:
      body: { type: typography, fontFamily: Inter, fontSize: 16, fontWeight: 400, lineHeight: 1.5 }
`);
    expect(diagnostics).toEqual([]);
    expect(system?.tokens.map((token) => [token.key, token.type])).toEqual([
      ['group.b', 'spacing'],
      ['group.type.a', 'spacing'],
      ['typography.type.body', 'typography'],
    ]);
    expect(tokenOf(system, 'group.type.a')?.resolved.dark).toEqual(dim(4));
    expect(tokenOf(system, 'typography.type.body')?.resolved.light).toEqual({
      kind: 'typography',
      fontFamily: { kind: 'fontFamily', families: ['Inter'], text: 'Inter' },
      fontSize: dim(16),
      fontWeight: { kind: 'number', value: 400 },
      lineHeight: { kind: 'number', value: 1.5 },
      letterSpacing: dim(0),
    });
  });
});
