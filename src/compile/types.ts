/** The data model shared by the compiler, the store and the views: plain, serializable data, and the guards for its type names. */

import type { Severity } from './diagnostics/rules.js';

/** Every token type a file may name, sorted. */
export const TOKEN_TYPES = [
  'boolean',
  'border',
  'color',
  'dimension',
  'duration',
  'easing',
  'font.family',
  'font.letterSpacing',
  'font.lineHeight',
  'font.size',
  'font.weight',
  'gradient',
  'keyword',
  'opacity',
  'radius',
  'shadow',
  'spacing',
  'strokeStyle',
  'transition',
  'typography',
  'z-index',
] as const;
/** One of {@link TOKEN_TYPES}. */
export type TokenType = (typeof TOKEN_TYPES)[number];

const TOKEN_TYPE_NAMES: readonly string[] = TOKEN_TYPES;

/** Whether a `type` written in a file is a token type. */
export function isTokenType(type: string): type is TokenType {
  return TOKEN_TYPE_NAMES.includes(type);
}

/** Token types whose value is made of parts (each a value or a reference to a token). */
export const COMPOSITE_TYPES = ['border', 'gradient', 'transition', 'typography'] as const;
/**
 * The types no primitive has: colors come from scales; booleans, stroke styles, CSS keywords and composites are written
 * on their token.
 */
const NOT_PRIMITIVE = ['boolean', 'color', 'keyword', 'strokeStyle', ...COMPOSITE_TYPES] as const;
const NOT_PRIMITIVE_NAMES: readonly string[] = NOT_PRIMITIVE;

/** Primitive types: every token type but colors, booleans, stroke styles, CSS keywords and composites. */
export type PrimitiveType = Exclude<TokenType, (typeof NOT_PRIMITIVE)[number]>;
/** Every primitive type, in the order of {@link TOKEN_TYPES}. */
export const PRIMITIVE_TYPES: readonly PrimitiveType[] = TOKEN_TYPES.filter(
  (type): type is PrimitiveType => !NOT_PRIMITIVE_NAMES.includes(type),
);

/** Whether a type written under `primitives` is a primitive type. */
export function isPrimitiveType(type: string): type is PrimitiveType {
  const names: readonly string[] = PRIMITIVE_TYPES;
  return names.includes(type);
}

/** One problem found in a designer's file: where it is, which rule, and a plain message. */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** A rule of the compiler (`RuleId`) or, from `validate`, of an output format's row (`rules`). */
  readonly rule: string;
  readonly message: string;
  readonly severity: Severity;
}

/** A place in a source file: its path and the 1-based line and column. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A YAML value as JSON has it: what a composite token's parts (shadow layers, gradient stops) are written with. */
export type WrittenValue = string | number | boolean | null | readonly WrittenValue[] | { readonly [name: string]: WrittenValue };

/** The `value` object of a token, exactly as the API serves it. */
export type TokenValue = Readonly<Record<string, WrittenValue>>;

/** A color in sRGB: channels 0-255 (integers), alpha 0-1. */
export interface Rgba {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
}

/** Every unit a length may have: `px`, `rem`, `em`, `%`, then the viewport and font-relative units. */
export const DIMENSION_UNITS = ['px', 'rem', 'em', '%', 'ch', 'ex', 'vw', 'vh', 'dvh', 'svh', 'lvh'] as const;
/** The units a length may have; which ones a type takes is in `value-rules.ts`. */
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** A number with its unit. */
export interface Dimension {
  readonly value: number;
  readonly unit: DimensionUnit;
}

/** One layer of a shadow. */
export interface ShadowLayer {
  readonly offsetX: Dimension;
  readonly offsetY: Dimension;
  readonly blur: Dimension;
  readonly spread: Dimension;
  readonly color: Rgba;
  readonly inset: boolean;
}

export type ColorValue = { readonly kind: 'color'; readonly color: Rgba };
/**
 * A dimension; `fluid` when it grows linearly with the viewport from `min` at width `from` to `max` at width `to` (then
 * `value` and `unit` are `min`, the static value of the exports that cannot follow the viewport).
 */
export type DimensionValue = {
  readonly kind: 'dimension';
  readonly value: number;
  readonly unit: DimensionUnit;
  readonly fluid?: FluidLength;
};

/** A length between two viewport widths: `min` at `from` and below, `max` at `to` and above, linear between (px or rem). */
export interface FluidLength {
  readonly min: Dimension;
  readonly max: Dimension;
  readonly from: Dimension;
  readonly to: Dimension;
}
export type NumberValue = { readonly kind: 'number'; readonly value: number };
export type DurationValue = { readonly kind: 'duration'; readonly value: number; readonly unit: 'ms' };
export type FontFamilyValue = { readonly kind: 'fontFamily'; readonly families: readonly string[]; readonly text: string };
export type CubicBezierValue = {
  readonly kind: 'cubicBezier';
  readonly points: readonly [number, number, number, number];
  readonly text: string;
};
/**
 * A CSS keyword a length type takes instead of a length (`auto`, `none`, `normal`, `fit-content`): see `LENGTH_KEYWORDS`;
 * also `none` for a shadow, border or gradient written `value: none`.
 */
export type KeywordValue = { readonly kind: 'keyword'; readonly keyword: string };
/** A spacing written as 1 to 4 values, as the CSS `margin` and `padding` shorthands take them (`8px 16px`, `0 auto`). */
export type LengthsValue = { readonly kind: 'lengths'; readonly values: readonly (DimensionValue | KeywordValue)[] };
/** A `border-style` keyword (DTCG `strokeStyle`). */
export type StrokeStyleValue = { readonly kind: 'strokeStyle'; readonly style: string };
/**
 * The value of a `keyword` token: one CSS keyword or a list of them (`pointer`, `underline dotted`, `opacity, transform`),
 * `text` as written with its spaces collapsed and a comma followed by one space; each keyword a CSS identifier.
 */
export type KeywordsValue = { readonly kind: 'keywords'; readonly text: string };

/** One stop of a gradient: its color and its position from 0 to 1. */
export interface GradientStop {
  readonly color: Rgba;
  readonly position: number;
}

/**
 * A resolved value, typed: what every view formats in its own syntax. Strings a designer wrote (a font stack, an
 * easing, a shadow primitive) keep their text beside their structure, so the CSS export prints them as written.
 */
export type TypedValue =
  | ColorValue
  | DimensionValue
  | NumberValue
  | DurationValue
  | FontFamilyValue
  | CubicBezierValue
  | StrokeStyleValue
  | KeywordsValue
  | KeywordValue
  | LengthsValue
  /** `layers` is null when a shadow primitive's text is not a shadow we can read; `text` is a primitive's text as written. */
  | { readonly kind: 'shadow'; readonly layers: readonly ShadowLayer[] | null; readonly text: string | null }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | {
      readonly kind: 'typography';
      readonly fontFamily: FontFamilyValue;
      readonly fontSize: DimensionValue;
      readonly fontWeight: NumberValue;
      /** A multiplier (`number`) or a length. */
      readonly lineHeight: NumberValue | DimensionValue;
      readonly letterSpacing: DimensionValue;
      /**
       * The parts the token leaves out, in part order (absent when none is): they hold the defaults DTCG needs
       * (`sans-serif`, 400, 1.2), and the CSS views write `normal` or leave them out of the `font` shorthand instead.
       */
      readonly omitted?: readonly OptionalTypographyPart[];
    }
  | { readonly kind: 'border'; readonly width: DimensionValue; readonly style: StrokeStyleValue; readonly color: ColorValue }
  | {
      readonly kind: 'transition';
      readonly duration: DurationValue;
      readonly delay: DurationValue;
      readonly timingFunction: CubicBezierValue;
    }
  /** A linear gradient: its angle in degrees (180 is top to bottom, CSS's default) and its stops. */
  | { readonly kind: 'gradient'; readonly angle: number; readonly stops: readonly GradientStop[] };

/** The parts of a typography a token may leave out. */
export const OPTIONAL_TYPOGRAPHY_PARTS = ['fontFamily', 'fontWeight', 'lineHeight'] as const;
/** One of {@link OPTIONAL_TYPOGRAPHY_PARTS}. */
export type OptionalTypographyPart = (typeof OPTIONAL_TYPOGRAPHY_PARTS)[number];

/** The kind of each typed value. */
export type ValueKind = TypedValue['kind'];

/** A value in every mode of its design system (light, dark and each further mode), fallbacks applied. */
export interface ModeValues<Value> {
  readonly light: Value;
  readonly dark: Value;
  readonly [mode: string]: Value;
}

/** A mode of a design system: its name, the mode it takes unset values from (null for `light`), its media query. */
export interface ModeDefinition {
  readonly name: string;
  readonly base: string | null;
  readonly media: string | null;
}

/**
 * A breakpoint of a design system: its name, the width from which it applies (`min-width`, px, rem or em) and, when its
 * condition is a container's, the container's name (null: the viewport).
 */
export interface BreakpointDefinition {
  readonly name: string;
  readonly minWidth: Dimension;
  readonly container: string | null;
}

/** The two modes every design system has, first in every list of modes. */
export const BUILT_IN_MODES: readonly ModeDefinition[] = [
  { name: 'light', base: null, media: null },
  { name: 'dark', base: 'light', media: null },
];

/**
 * The tokens a token's value refers to in one mode: `ref`, when the whole value is a reference, the token it names
 * (the API's `chain` follows these one hop at a time, so a snapshot holds one key per reference, not every chain);
 * `parts`, the parts of a composite (or of a shadow's layers, a gradient's stops) written as a reference, by path
 * (`fontSize`, `layers.0.color`), each to the token it names; `adjusted`, the parts written as a reference whose value
 * the part changes.
 */
export interface TokenReferences {
  readonly ref?: string;
  readonly parts?: Readonly<Record<string, string>>;
  /** Parts that take a token's value and change it (a shadow layer's `opacity` over its color): no alias can stand for them. */
  readonly adjusted?: Readonly<Record<string, string>>;
  /** The alpha a color `ref` written with `alpha` gives its target's color: no alias can stand for the whole value then. */
  readonly alpha?: number;
}

/** A token on its way out: why, what to use instead, and since when (an ISO date), each null when not said. */
export interface Deprecation {
  readonly message: string | null;
  readonly replacement: string | null;
  readonly since: string | null;
}

/** One compiled token: its key, type, value as written (light; further modes' overrides apart) and typed value per mode. */
export interface Token {
  readonly key: string;
  readonly type: TokenType;
  readonly value: TokenValue;
  /** Per mode, the fields written for it (beyond what `value` says, such as `darkStep`); absent when none is. */
  readonly modes?: Readonly<Record<string, TokenValue>>;
  readonly description?: string;
  /** Present when the token is deprecated. */
  readonly deprecated?: Deprecation;
  readonly resolved: ModeValues<TypedValue>;
  /** Per mode, what the value refers to; absent when it refers to no token in any mode. */
  readonly references?: Readonly<Record<string, TokenReferences>>;
  /** Per breakpoint, the fields written for it (and under its `modes`), as written; absent when none is. */
  readonly breakpoints?: Readonly<Record<string, TokenValue>>;
  /**
   * Per declared breakpoint (in order), the value in every mode at that breakpoint, inheritance applied; absent when the
   * value is the same at every breakpoint (`resolved` is the value below the first breakpoint).
   */
  readonly responsive?: Readonly<Record<string, ModeValues<TypedValue>>>;
}

/** One primitive value, with its unit (null when the type has none). */
export interface Primitive {
  readonly key: string;
  readonly value: number | string;
  readonly unit: string | null;
}

/** One step of a color scale: its number and its color in every mode. */
export interface ScaleStep {
  readonly step: number;
  readonly colors: ModeValues<Rgba>;
}

/** A color scale: its key and its steps. */
export interface Scale {
  readonly key: string;
  readonly steps: readonly ScaleStep[];
}

/** What `system.yaml` says of a design system, with the slug of its folder. */
export interface DesignSystemMeta {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string | null;
}

/** What a contrast pair is checked as: WCAG 2.2 text (1.4.3, 1.4.6), large text, or a non-text UI part (1.4.11). */
export const CONTRAST_KINDS = ['text', 'large-text', 'non-text'] as const;
/** One of {@link CONTRAST_KINDS}. */
export type ContrastKind = (typeof CONTRAST_KINDS)[number];
/** The WCAG conformance levels a pair may ask for. */
export const CONTRAST_LEVELS = ['AA', 'AAA'] as const;
/** One of {@link CONTRAST_LEVELS}. */
export type ContrastLevel = (typeof CONTRAST_LEVELS)[number];

/** A foreground and a background a design system declares must contrast, in every mode (the `contrast` section). */
export interface ContrastPair {
  /** The pair's name as written under `contrast.pairs`. */
  readonly name: string;
  /** Key of a color token. */
  readonly foreground: string;
  /** Key of a color token. */
  readonly background: string;
  readonly kind: ContrastKind;
  readonly level: ContrastLevel;
  /** Key of a typography token that decides, per mode, whether the text is large; null when none is named. */
  readonly typography: string | null;
  /** Whether a failure fails `validate` (`error`) or is only reported (`warning`). */
  readonly severity: Severity;
}

/** What the `contrast` section declares: the pairs in written order, the minimum font size and the surface token. */
export interface ContrastDeclaration {
  readonly pairs: readonly ContrastPair[];
  /** In `px` or `rem`; null when none is declared. */
  readonly minFontSize: Dimension | null;
  /** Key of the color token backgrounds are composited over; null for opaque white (light scheme) or black (dark scheme). */
  readonly surface: string | null;
}

/**
 * Every declared contrast pair checked in every mode by the compiler (`compile/resolve/check-contrast.ts`), once per
 * compiled design system, in flat lists: the check of pair `p` (in `contrast.pairs` order) in mode `m` (in `modes`
 * order) is at index `p × modes + m`.
 */
export interface ContrastChecks {
  /** The WCAG 2.2 contrast ratio, unrounded; NaN where the pair is not checked (a token without a color in that mode). */
  readonly ratios: readonly number[];
  /** APCA Lc of the text over its background (colorjs.io's); negative for light text on a dark background. Advice only. */
  readonly apca: readonly number[];
  /** What the pair counts as in that mode: its `kind`, or for a pair with a typography, `text` or `large-text` by its size. */
  readonly kinds: readonly ContrastKind[];
  /**
   * The font sizes below `minFontSize`, each as `token × modes + mode` (the token's index in `tokens`), in token then
   * mode order: every `font.size` and `typography` token, and every `dimension` a typography takes its `fontSize` from.
   */
  readonly smallFontSizes: readonly number[];
}

/** A fully validated design system: every list sorted by key, every reference resolved. */
export interface CompiledDesignSystem {
  readonly meta: DesignSystemMeta;
  /** light, dark, then the modes `system.yaml` declares, in its order. */
  readonly modes: readonly ModeDefinition[];
  /** Whether `system.yaml` has a `modes` field (even an empty one). */
  readonly declaresModes: boolean;
  /** The breakpoints `system.yaml` declares, widths ascending; absent when it declares none. */
  readonly breakpoints?: readonly BreakpointDefinition[];
  /** Sorted by key. */
  readonly tokens: readonly Token[];
  /** Primitive type -> primitives sorted by key; types sorted. */
  readonly primitives: Readonly<Record<string, readonly Primitive[]>>;
  /** Sorted by key, steps ascending. */
  readonly scales: readonly Scale[];
  /** Present when a source file has a `contrast` section. */
  readonly contrast?: ContrastDeclaration;
  /** Present when `system.yaml` has `review`: the approvals a change request needs to merge (docs/change-requests.md). */
  readonly review?: { readonly approvals: 0 | 1 };
  /** The checks of `contrast`'s pairs, present with it; left out of `contentHash` (they follow from the rest). */
  readonly contrastChecks?: ContrastChecks;
  /** sha-256 of the compiled content: equal content, equal hash. */
  readonly contentHash: string;
}
