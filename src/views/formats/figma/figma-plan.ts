/**
 * The Figma plan's types: what `GET /api/v1/export/figma` and the MCP tool `figma_plan` answer, and what a plugin
 * applies with `figma.variables` and the style APIs. Types only (no runtime code, no imports), so the plugin can import
 * this module as it is. Names and value shapes follow `@figma/plugin-typings` 1.142; ids are the plan's own, stable
 * across revisions (token keys, part paths, mode names), never Figma's: a plugin keeps them in each node's plugin data
 * and maps an alias's `variable` to the Figma variable it created for that id.
 */

/** The plan's format version: a plugin refuses a plan of a version it does not know. */
export type FigmaPlanVersion = 1;

/** A plan: one collection with a mode per mode of the design system, its variables, text and effect styles. */
export interface FigmaPlan {
  readonly format: 'figma-plan';
  readonly version: FigmaPlanVersion;
  readonly designSystem: { readonly id: string; readonly slug: string; readonly name: string };
  /** sha-256 of the compiled design system: equal hashes, equal plans (what a plugin shows as "what is in the file"). */
  readonly contentHash: string;
  /** Sorted by id (today one). */
  readonly collections: readonly FigmaPlanCollection[];
  /** Sorted by id. */
  readonly variables: readonly FigmaPlanVariable[];
  /** One per typography token, sorted by id. */
  readonly textStyles: readonly FigmaPlanTextStyle[];
  /** One per shadow token, sorted by id. */
  readonly effectStyles: readonly FigmaPlanEffectStyle[];
  /** What could not be carried, per token, sorted by token key: left out whole (`skipped`) or carried with a loss (`lossy`). */
  readonly notCarried: readonly FigmaPlanNotCarried[];
}

/** A variable collection. */
export interface FigmaPlanCollection {
  /** The design system's id (`system.yaml`'s `id`, else its slug). */
  readonly id: string;
  /** The design system's name. */
  readonly name: string;
  /** In the design system's order (light, dark, then the declared modes): the first is the collection's default mode. */
  readonly modes: readonly FigmaPlanMode[];
}

/** A mode of a collection. */
export interface FigmaPlanMode {
  /** The design system's mode name (`dark-dimmed`): the key of every `valuesByMode`. */
  readonly id: string;
  /** The name in Figma: the mode name cut to Figma's 40 characters, unique in its collection. */
  readonly name: string;
}

/** The types of a Figma variable (`VariableResolvedDataType`). */
export type FigmaPlanResolvedType = 'BOOLEAN' | 'COLOR' | 'EASING' | 'FLOAT' | 'STRING' | 'TIMING';

/** The scopes the plan uses (a subset of Figma's `VariableScope`). */
export type FigmaPlanScope =
  | 'ALL_SCOPES'
  | 'ALL_FILLS'
  | 'STROKE_COLOR'
  | 'EFFECT_COLOR'
  | 'EFFECT_FLOAT'
  | 'CORNER_RADIUS'
  | 'WIDTH_HEIGHT'
  | 'GAP'
  | 'STROKE_FLOAT'
  | 'OPACITY'
  | 'COLOR_OPACITY'
  | 'FONT_FAMILY'
  | 'FONT_SIZE'
  | 'FONT_WEIGHT'
  | 'LINE_HEIGHT'
  | 'LETTER_SPACING';

/** A variable: a token's value in every mode, or one part of a typography or shadow token its style binds. */
export interface FigmaPlanVariable {
  /** The token key (`color.text.default`), or for a part the token key, `#` and the part's path (`typography.body#fontSize`, `shadow.card#layers.0.color`). */
  readonly id: string;
  /** The token it carries (or whose part it carries). */
  readonly token: string;
  /** The part it carries (`fontSize`, `layers.0.color`); absent for a whole token. */
  readonly part?: string;
  /** The id of its collection. */
  readonly collection: string;
  /** Its name in Figma: the key's segments joined by `/` (`color/text/default`), a part's path after them. */
  readonly name: string;
  readonly resolvedType: FigmaPlanResolvedType;
  /** The token's description, and its deprecation; `''` when it has none. */
  readonly description: string;
  /** Where Figma's pickers offer it; `[]`: nowhere (still bindable from a plugin). */
  readonly scopes: readonly FigmaPlanScope[];
  /** Dev Mode's code syntax: our CSS custom property, Android resource and iOS symbol; a platform whose export leaves the token out is absent. */
  readonly codeSyntax: { readonly WEB?: string; readonly ANDROID?: string; readonly iOS?: string };
  /** Its value by mode id, every mode of its collection. */
  readonly valuesByMode: Readonly<Record<string, FigmaPlanValue>>;
}

/**
 * A variable's value in one mode, as `setValueForMode` takes it once aliases are mapped: a boolean (`BOOLEAN`), a
 * number (`FLOAT`: lengths in px; `TIMING`: seconds), a string (`STRING`), a color 0-1 (`COLOR`), an easing
 * (`EASING`), an alias of another variable of the plan, or a composed color (an alias and an opacity).
 */
export type FigmaPlanValue = boolean | number | string | FigmaPlanRgba | FigmaPlanEasing | FigmaPlanAlias | FigmaPlanComposedColor;

/** Figma's `RGBA`: each channel from 0 to 1. */
export interface FigmaPlanRgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/** Figma's `MotionEasing` for a cubic Bézier (every easing of ours is one). */
export interface FigmaPlanEasing {
  readonly type: 'CUSTOM_CUBIC_BEZIER';
  readonly easingFunctionCubicBezier: { readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number };
}

/**
 * Another variable of the plan, by its plan id. Figma's `VariableAlias` has `id` (a Figma id) where this has
 * `variable`: a plugin must map it (`figma.variables.createVariableAlias`), it cannot pass it through by mistake.
 */
export interface FigmaPlanAlias {
  readonly type: 'VARIABLE_ALIAS';
  readonly variable: string;
}

/** Figma's `VariableComposedColor` with an alias: the aliased color with this opacity, in percent (0-100). */
export interface FigmaPlanComposedColor {
  readonly color: FigmaPlanAlias;
  readonly opacity: number;
}

/** The fields of a text style the plan binds to variables (Figma's `VariableBindableTextField`). */
export type FigmaPlanTextField = 'fontFamily' | 'fontSize' | 'fontWeight' | 'lineHeight' | 'letterSpacing';

/** A text style of a typography token: its light values, each field bound to the part variable that carries it in every mode. */
export interface FigmaPlanTextStyle {
  /** The token key. */
  readonly id: string;
  readonly token: string;
  /** The key's segments joined by `/`. */
  readonly name: string;
  readonly description: string;
  /** The first family of the stack (Figma takes one family; a plugin loads it with the weight's style). */
  readonly fontFamily: string;
  readonly fontWeight: number;
  /** In px. */
  readonly fontSize: number;
  /** A multiplier as a percentage of the font size, a length in px, `AUTO` when the token leaves it out. */
  readonly lineHeight: { readonly unit: 'PIXELS' | 'PERCENT'; readonly value: number } | { readonly unit: 'AUTO' };
  /** `em` as a percentage of the font size, px and rem in px. */
  readonly letterSpacing: { readonly unit: 'PIXELS' | 'PERCENT'; readonly value: number };
  /** Each bound field's variable, by plan id. */
  readonly boundVariables: Readonly<Partial<Record<FigmaPlanTextField, string>>>;
}

/** The fields of a shadow effect the plan binds to variables (Figma's `VariableBindableEffectField`). */
export type FigmaPlanEffectField = 'color' | 'offsetX' | 'offsetY' | 'radius' | 'spread';

/** An effect style of a shadow token: one effect per layer, its light values, each field bound to a part variable. */
export interface FigmaPlanEffectStyle {
  /** The token key. */
  readonly id: string;
  readonly token: string;
  readonly name: string;
  readonly description: string;
  /** In the token's layer order. */
  readonly effects: readonly FigmaPlanShadowEffect[];
}

/** One layer of a shadow as Figma's `DropShadowEffect` or `InnerShadowEffect` (lengths in px). */
export interface FigmaPlanShadowEffect {
  readonly type: 'DROP_SHADOW' | 'INNER_SHADOW';
  readonly color: FigmaPlanRgba;
  readonly offset: { readonly x: number; readonly y: number };
  readonly radius: number;
  readonly spread: number;
  readonly visible: true;
  readonly blendMode: 'NORMAL';
  /** Each bound field's variable, by plan id; absent when the layers differ between modes (then the style holds light's). */
  readonly boundVariables: Readonly<Partial<Record<FigmaPlanEffectField, string>>>;
}

/** What the plan could not carry of one token, in the report style of `token-server import`. */
export interface FigmaPlanNotCarried {
  readonly token: string;
  /** `skipped`: no variable or style carries the token; `lossy`: carried, with what is lost said in `reason`. */
  readonly level: 'lossy' | 'skipped';
  /** The reasons in one sentence, joined by `; `. */
  readonly reason: string;
}
