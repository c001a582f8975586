/** The data model shared by the compiler, the store and the views. Everything here is plain, serializable data. */

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
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Primitive types: every token type but `color` (colors come from scales) and `boolean`. */
export type PrimitiveType = Exclude<TokenType, 'boolean' | 'color'>;
export const PRIMITIVE_TYPES: readonly PrimitiveType[] = TOKEN_TYPES.filter(
  (type): type is PrimitiveType => type !== 'boolean' && type !== 'color',
);

export type Severity = 'error' | 'warning';

/** One problem found in a designer's file: where it is, which rule, and a plain message. */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
  readonly severity: Severity;
}

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

export interface Token {
  readonly key: string;
  readonly type: TokenType;
  readonly value: TokenValue;
  readonly description?: string;
  readonly resolved: ResolvedValue;
}

export interface Primitive {
  readonly key: string;
  readonly value: number | string;
  readonly unit: string | null;
}

export interface ScaleStep {
  readonly step: number;
  readonly light: string;
  readonly dark: string;
}

export interface Scale {
  readonly key: string;
  readonly steps: readonly ScaleStep[];
}

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
