/** The data model shared by the compiler, the store and the views: plain, serializable data, and the guards for its type names. */

import type { RuleId, Severity } from './rules.js';

/** Every token type a file may name, sorted. */
export const TOKEN_TYPES = [
  'boolean',
  'color',
  'duration',
  'easing',
  'font.family',
  'font.letterSpacing',
  'font.lineHeight',
  'font.size',
  'font.weight',
  'opacity',
  'radius',
  'shadow',
  'spacing',
  'z-index',
] as const;
/** One of {@link TOKEN_TYPES}. */
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Whether a `type` written in a file is a token type. */
export function isTokenType(type: string): type is TokenType {
  return (TOKEN_TYPES as readonly string[]).includes(type);
}

/** Primitive types: every token type but `color` (colors come from scales) and `boolean`. */
export type PrimitiveType = Exclude<TokenType, 'boolean' | 'color'>;
/** Every primitive type, in the order of {@link TOKEN_TYPES}. */
export const PRIMITIVE_TYPES: readonly PrimitiveType[] = TOKEN_TYPES.filter(
  (type): type is PrimitiveType => type !== 'boolean' && type !== 'color',
);

/** Whether a type written under `primitives` is a primitive type. */
export function isPrimitiveType(type: string): type is PrimitiveType {
  return (PRIMITIVE_TYPES as readonly string[]).includes(type);
}

/** One problem found in a designer's file: where it is, which rule, and a plain message. */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: RuleId;
  readonly message: string;
  readonly severity: Severity;
}

/** A place in a source file: its path and the 1-based line and column. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The `value` object of a token, exactly as the API serves it. */
export type TokenValue = Readonly<Record<string, string | number | boolean>>;

/** A color in sRGB: channels 0-255 (integers), alpha 0-1. */
export interface Rgba {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
}

/** A number with its unit. */
export interface Dimension {
  readonly value: number;
  readonly unit: 'px' | 'rem' | 'em';
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

/**
 * A resolved value, typed: what every view formats in its own syntax. Strings a designer wrote (a font stack, an
 * easing, a shadow primitive) keep their text beside their structure, so the CSS export prints them as written.
 */
export type TypedValue =
  | { readonly kind: 'color'; readonly color: Rgba }
  | { readonly kind: 'dimension'; readonly value: number; readonly unit: Dimension['unit'] }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'duration'; readonly value: number; readonly unit: 'ms' }
  | { readonly kind: 'fontFamily'; readonly families: readonly string[]; readonly text: string }
  | { readonly kind: 'cubicBezier'; readonly points: readonly [number, number, number, number]; readonly text: string }
  /** `layers` is null when a shadow primitive's text is not a shadow we can read; `text` is a primitive's text as written. */
  | { readonly kind: 'shadow'; readonly layers: readonly ShadowLayer[] | null; readonly text: string | null }
  | { readonly kind: 'boolean'; readonly value: boolean };

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

/** The two modes every design system has, first in every list of modes. */
export const BUILT_IN_MODES: readonly ModeDefinition[] = [
  { name: 'light', base: null, media: null },
  { name: 'dark', base: 'light', media: null },
];

/** One compiled token: its key, type, value as written (light; further modes' overrides apart) and typed value per mode. */
export interface Token {
  readonly key: string;
  readonly type: TokenType;
  readonly value: TokenValue;
  /** Per mode, the fields written for it (beyond what `value` says, such as `darkStep`); absent when none is. */
  readonly modes?: Readonly<Record<string, TokenValue>>;
  readonly description?: string;
  readonly resolved: ModeValues<TypedValue>;
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

/** A fully validated design system: every list sorted by key, every reference resolved. */
export interface CompiledDesignSystem {
  readonly meta: DesignSystemMeta;
  /** light, dark, then the modes `system.yaml` declares, in its order. */
  readonly modes: readonly ModeDefinition[];
  /** Whether `system.yaml` has a `modes` field (even an empty one). */
  readonly declaresModes: boolean;
  /** Sorted by key. */
  readonly tokens: readonly Token[];
  /** Primitive type -> primitives sorted by key; types sorted. */
  readonly primitives: Readonly<Record<string, readonly Primitive[]>>;
  /** Sorted by key, steps ascending. */
  readonly scales: readonly Scale[];
  /** sha-256 of the compiled content: equal content, equal hash. */
  readonly contentHash: string;
}
