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

/** A token's value resolved to CSS-ready text: light always, dark when it differs from light. */
export interface ResolvedValue {
  readonly light: string;
  readonly dark?: string;
}

/** One compiled token: its key, type, value as written and value resolved per mode. */
export interface Token {
  readonly key: string;
  readonly type: TokenType;
  readonly value: TokenValue;
  readonly description?: string;
  readonly resolved: ResolvedValue;
}

/** One primitive value, with its unit (null when the type has none). */
export interface Primitive {
  readonly key: string;
  readonly value: number | string;
  readonly unit: string | null;
}

/** One step of a color scale: its number and its light and dark hex colors. */
export interface ScaleStep {
  readonly step: number;
  readonly light: string;
  readonly dark: string;
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
  /** Sorted by key. */
  readonly tokens: readonly Token[];
  /** Primitive type -> primitives sorted by key; types sorted. */
  readonly primitives: Readonly<Record<string, readonly Primitive[]>>;
  /** Sorted by key, steps ascending. */
  readonly scales: readonly Scale[];
  /** sha-256 of the compiled content: equal content, equal hash. */
  readonly contentHash: string;
}
