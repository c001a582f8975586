/**
 * The JSON answers of the API as their readers see them: the server's views are typed with these, and the token
 * browser (`web/`) imports them, so a field renamed on one side fails the type check of the other. Types only, and no
 * imports: the page's compiler reads this file on its own.
 */

/** A value as written in YAML (and served as JSON). */
export type ApiWrittenValue = string | number | boolean | null | readonly ApiWrittenValue[] | { readonly [name: string]: ApiWrittenValue };

/** A token's value fields as written: `{ scale, step }`, `{ value, unit }`, `{ ref }`, a composite's parts. */
export type ApiTokenValue = Readonly<Record<string, ApiWrittenValue>>;

/** A token's deprecation: why, what replaces it, since when (each null when not said). */
export interface ApiDeprecation {
  readonly message: string | null;
  readonly replacement: string | null;
  readonly since: string | null;
}

/** An item of `GET /tokens`: key, type, the value fields as written, per mode the fields written for it, the deprecation. */
export interface ApiToken {
  readonly key: string;
  readonly type: string;
  readonly value: ApiTokenValue;
  readonly modes?: Readonly<Record<string, ApiTokenValue>>;
  /** Only when the token writes `breakpoints`: per breakpoint, its fields (and `modes`) as written. */
  readonly breakpoints?: Readonly<Record<string, ApiTokenValue>>;
  readonly deprecated?: ApiDeprecation;
}

/** A step of a scale in `GET /scales`: its colors as hex, per mode beyond light and dark in `modes`. */
export interface ApiScaleStep {
  readonly step: number;
  readonly light: string;
  readonly dark: string;
  readonly modes?: Readonly<Record<string, string>>;
}

/** A scale of `GET /scales`. */
export interface ApiScale {
  readonly key: string;
  readonly steps: readonly ApiScaleStep[];
}

/** A further mode as `GET /design-system` lists it. */
export interface ApiModeDeclaration {
  readonly name: string;
  /** The mode it takes unset values from (null only where a mode has none). */
  readonly base: string | null;
  readonly media: string | null;
}

/** `GET /design-system`: `modes` only when the design system declares modes besides light and dark. */
export interface ApiDesignSystemMeta {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string | null;
  readonly tokenCount: number;
  readonly scaleCount: number;
  readonly lastUpdated: string;
  readonly modes?: readonly ApiModeDeclaration[];
  /** Only when `system.yaml` declares breakpoints: each with its condition, narrowest first. */
  readonly breakpoints?: readonly ApiBreakpointDeclaration[];
}

/** A breakpoint as `GET /design-system` lists it: its name, the width it starts at, and the container it queries (null: the viewport). */
export interface ApiBreakpointDeclaration {
  readonly name: string;
  readonly minWidth: string;
  readonly container: string | null;
}

/** An easing in the strict DTCG 2025.10 export (`?spec=2025.10`): its four control points, typed, keywords included. */
export interface ApiStrictCubicBezier {
  readonly $type: 'cubicBezier';
  readonly $value: readonly [number, number, number, number];
}

/** A contrast pair's result in one mode: the ratio (2 decimals), the ratio WCAG 2.2 requires, whether it passes, APCA Lc (1 decimal, advice only). */
export interface ApiContrastModeResult {
  readonly ratio: number;
  readonly required: number;
  readonly pass: boolean;
  readonly apca: number;
}

/** One pair as `GET /api/v1/design-systems/:id/contrast` answers it (kinds, levels and severities as the compiler's). */
export interface ApiContrastPair {
  readonly name: string;
  readonly foreground: string;
  readonly background: string;
  readonly kind: 'text' | 'large-text' | 'non-text';
  readonly level: 'AA' | 'AAA';
  readonly severity: 'error' | 'warning';
  readonly typography: string | null;
  /** Per mode in which both tokens are colors. */
  readonly modes: Readonly<Record<string, ApiContrastModeResult>>;
}

/** The contrast answer: every pair per mode, the minimum font size and the font sizes below it. */
export interface ApiContrast {
  readonly pairs: readonly ApiContrastPair[];
  /** `12px`, `0.75rem`; null when none is declared. */
  readonly minFontSize: string | null;
  readonly fontSizes: readonly { readonly token: string; readonly mode: string; readonly size: string }[];
}

/** A pair's check in one mode in a change preview: the ratio (2 decimals), what WCAG 2.2 requires, whether it passes. */
export interface ApiPreviewCheck {
  readonly ratio: number;
  readonly required: number;
  readonly pass: boolean;
}

/** `values` of `POST /api/v1/changes/preview` with `{ "values": true }`: what the change moves, before and after. */
export interface ApiPreviewValues {
  readonly modes: readonly string[];
  /** Each token whose value differs in some mode, or that the operations name: its CSS text per mode (null: absent). */
  readonly tokens: readonly {
    readonly key: string;
    readonly type: string;
    readonly before: Readonly<Record<string, string>> | null;
    readonly after: Readonly<Record<string, string>> | null;
  }[];
  /** Each contrast pair a changed token is part of, or whose check moved; a mode is left out where it is not checked. */
  readonly contrast: readonly {
    readonly name: string;
    readonly foreground: string;
    readonly background: string;
    readonly kind: 'text' | 'large-text' | 'non-text';
    readonly level: 'AA' | 'AAA';
    readonly before: Readonly<Record<string, ApiPreviewCheck>> | null;
    readonly after: Readonly<Record<string, ApiPreviewCheck>>;
  }[];
  /** Tokens and pairs left out past 500 of each. */
  readonly omitted: { readonly tokens: number; readonly contrast: number };
}
