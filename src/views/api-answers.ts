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
}

/** An easing in the strict DTCG 2025.10 export (`?spec=2025.10`): its four control points, typed, keywords included. */
export interface ApiStrictCubicBezier {
  readonly $type: 'cubicBezier';
  readonly $value: readonly [number, number, number, number];
}
