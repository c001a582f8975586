import { MODE_NAME } from '../../compile/fields/read-modes.js';
import type { CompiledDesignSystem } from '../../compile/types.js';
import { CSS_PREFIX_PATTERN, NAMINGS } from '../shared/css-names.js';
import { CSS_THEMES, DARK_SELECTOR_PATTERN, renderCss } from './css/export-css.js';
import { renderDtcgJson } from './dtcg/export-dtcg-json.js';
import { renderDtcgResolver } from './dtcg/export-dtcg-resolver.js';
import { DTCG_SPEC_VERSION, renderStrictDtcgJson } from './dtcg/export-dtcg-strict.js';
import { renderTailwind } from './css/export-tailwind.js';
import { lintLess, renderLess } from './preprocessors/export-less.js';
import { lintScss, renderScss } from './preprocessors/export-scss.js';
import { DECLARATION_FILE_NAMES, renderJsDeclarations } from './js/export-dts.js';
import { JAVASCRIPT_TYPE, JS_FILE_NAMES, JS_MODULES, renderJsModule } from './js/export-js.js';
import type { JsModule } from './js/export-js.js';
import { renderTypeScript } from './js/export-ts.js';
import { lintReactNative, renderReactNative } from './react-native/export-react-native.js';
import { lintFlutter, renderFlutter } from './flutter/export-flutter.js';
import { lintJsNames } from './js/js-names.js';
import { iosFiles, lintIos } from './ios/export-ios.js';
import { ANDROID_PARAMETERS, androidFiles, lintAndroid, readAndroidOptions } from './android/export-android.js';
import type { AndroidOptions } from './android/export-android.js';
import { COMPOSE_PACKAGE_PARAMETER, lintCompose, readComposeOptions, renderCompose } from './compose/export-compose.js';
import type { ComposeOptions } from './compose/export-compose.js';
import { FIGMA_FORMAT } from './figma/figma-format.js';
import { checkModeOption, FormatOptionError, readChoice, readText } from './output-format.js';
import type { FormatOptions, FormatQuery, OutputFile, OutputFormat } from './output-format.js';
import { renderFileManifest } from './file-manifest.js';
import { perSystem } from '../shared/system-memo.js';
import { CSS_TYPE, JSON_TYPE, TEXT_TYPE } from '../shared/rendered.js';

/** Where every route of the API lives; a format's `path` is below it. */
const API_PREFIX = '/api/v1';

/** `theme` and `darkSelector`, shared by the CSS and Tailwind exports. */
const THEME_PARAMETERS = {
  theme: {
    type: 'string',
    enum: CSS_THEMES,
    default: 'data-attribute',
    description: 'How dark mode is switched on: `[data-theme="dark"]`, `prefers-color-scheme`, `light-dark()`, or `darkSelector`.',
  },
  darkSelector: {
    type: 'string',
    maxLength: 128,
    pattern: DARK_SELECTOR_PATTERN,
    description: 'The dark rule’s selector with `theme=selector`, e.g. `.dark` or `[data-mode="dark"]`.',
  },
} as const;

/** `references`, shared by the CSS and strict JSON exports. */
const REFERENCES_PARAMETER = {
  references: {
    type: 'string',
    enum: ['resolve', 'keep'],
    default: 'resolve',
    description:
      '`resolve`: every value resolved (the default). `keep`: a value written as a reference to another token stays one: `var(--other)` in CSS, a `{other.token}` alias in the strict JSON export.',
  },
} as const;

const CSS_PARAMETERS = {
  prefix: {
    type: 'string',
    maxLength: 66,
    pattern: CSS_PREFIX_PATTERN,
    description: 'Prefix of every property, e.g. `--acme` or `acme`.',
  },
  naming: { type: 'string', enum: NAMINGS, default: 'kebab-case', description: 'How key segments are joined.' },
  ...THEME_PARAMETERS,
  ...REFERENCES_PARAMETER,
  mode: {
    type: 'string',
    maxLength: 64,
    pattern: MODE_NAME.source,
    description: 'One mode’s values only, in `:root` (e.g. `dark`); `theme` and `darkSelector` do not apply.',
  },
} as const;

const JSON_PARAMETERS = {
  spec: {
    type: 'string',
    enum: [DTCG_SPEC_VERSION],
    description: '`2025.10`: structured values valid under the DTCG 2025.10 format (default: the string-valued export).',
  },
  ...REFERENCES_PARAMETER,
} as const;

/** The shape the OpenAPI document gives a resolver document (checked against real ones by a test). */
const DTCG_RESOLVER_SCHEMA = {
  type: 'object',
  required: ['version', 'sets', 'modifiers', 'resolutionOrder'],
  properties: {
    version: { const: '2025.10' },
    name: { type: 'string' },
    sets: { type: 'object' },
    modifiers: { type: 'object' },
    resolutionOrder: { type: 'array' },
  },
};

type CssTheme = (typeof CSS_THEMES)[number];

/** `theme` and `darkSelector`, which must come together exactly when `theme=selector`. */
interface ThemeOptions {
  readonly theme: CssTheme;
  readonly darkSelector?: string;
}

/** Checks that `darkSelector` comes exactly with `theme=selector`. */
function readTheme(query: FormatQuery): ThemeOptions {
  const theme = readChoice(query, 'theme', THEME_PARAMETERS.theme);
  const darkSelector = readText(query, 'darkSelector', THEME_PARAMETERS.darkSelector);
  if (theme === 'selector' && darkSelector === undefined)
    throw new FormatOptionError('`theme=selector` needs `darkSelector`, e.g. `.dark`.');
  if (theme !== 'selector' && darkSelector !== undefined) throw new FormatOptionError('`darkSelector` goes with `theme=selector` only.');
  return darkSelector === undefined ? { theme } : { theme, darkSelector };
}

/** Options of the CSS export, in the order of its parameters (the order of its cache key). */
type CssOptions = {
  readonly prefix?: string;
  readonly naming: (typeof NAMINGS)[number];
  readonly theme: CssTheme;
  readonly darkSelector?: string;
  readonly mode?: string;
  readonly references: 'resolve' | 'keep';
};

/** Options of the JSON export: the string-valued export, or (`spec`) the DTCG 2025.10 one with its `references`. */
type JsonOptions =
  { readonly spec?: undefined; readonly references?: undefined } | { readonly spec: '2025.10'; readonly references: 'resolve' | 'keep' };

type TailwindOptions = { readonly theme: CssTheme; readonly darkSelector?: string };

/** `module`, shared by the JavaScript module and its declarations. */
const JS_MODULE_PARAMETER = {
  module: {
    type: 'string',
    enum: JS_MODULES,
    default: 'esm',
    description: '`esm`: an ES module (the default). `cjs`: its CommonJS twin, the same values and names.',
  },
} as const;

/** Options of the JavaScript module and its declarations: which module system. */
type JsOptions = { readonly module: JsModule };

/** `references` of the SCSS and Less exports. */
const PREPROCESSOR_PARAMETERS = {
  references: {
    type: 'string',
    enum: ['resolve', 'keep'],
    default: 'resolve',
    description:
      '`resolve`: every value resolved (the default). `keep`: a value written as a reference to another token stays one: its variable (`$other`, `@other`), `var(--other)` in the modes’ custom properties.',
  },
} as const;

/** Options of the SCSS and Less exports. */
type PreprocessorOptions = { readonly references: 'resolve' | 'keep' };

/** Reads `references` of the SCSS and Less exports. */
const readPreprocessorOptions = (query: FormatQuery): PreprocessorOptions => ({
  references: readChoice(query, 'references', PREPROCESSOR_PARAMETERS.references),
});

/**
 * The part of a row that a format of several files has: its body at `/export/<id>` is the manifest of its files
 * (file-manifest.ts), each file served at `/export/<id>/<path>` and all of them at `/export/<id>.zip`.
 */
export const severalFiles = <Options extends FormatOptions>(
  id: string,
  files: (system: CompiledDesignSystem, options: Options) => readonly OutputFile[],
) =>
  ({
    contentType: JSON_TYPE,
    bodySchema: FILE_MANIFEST_SCHEMA,
    files,
    render: (system: CompiledDesignSystem, options: Options) => renderFileManifest(id, files(system, options)),
  }) satisfies Partial<OutputFormat<Options>>;

/** The manifest of a format of several files, for the OpenAPI document. */
const FILE_MANIFEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'files'],
  properties: {
    format: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'contentType', 'bytes', 'sha256'],
        properties: {
          path: { type: 'string' },
          contentType: { type: 'string' },
          bytes: { type: 'integer' },
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
      },
    },
  },
};

/** A format without parameters. */
type NoOptions = Readonly<Record<never, never>>;

/** Pins a row's options type; the row itself is checked against `OutputFormat`. */
const defineFormat = <Options extends FormatOptions>(format: OutputFormat<Options>): OutputFormat<Options> => format;

/** The part of a row that a format without parameters has: no options, the plain request as its example, one file name. */
const withoutParameters = (fileName: string) =>
  ({ parameters: {}, readOptions: () => ({}), examples: [''], fileName: () => fileName }) satisfies Partial<OutputFormat<NoOptions>>;

const TABLE = {
  css: defineFormat<CssOptions>({
    path: '/export/css',
    contentType: CSS_TYPE,
    title: 'CSS custom properties',
    description:
      'CSS custom properties: `:root` light values; dark values in `[data-theme="dark"]` (default), `@media (prefers-color-scheme: dark)`, `darkSelector`, or `light-dark()` (`theme`); each further mode in `[data-theme="<mode>"]` (or its `media` query with `theme=media` or `light-dark`); `mode=<name>`: that mode’s values alone in `:root`.',
    parameters: CSS_PARAMETERS,
    readOptions(query) {
      const prefix = readText(query, 'prefix', CSS_PARAMETERS.prefix);
      const naming = readChoice(query, 'naming', CSS_PARAMETERS.naming);
      const { theme, darkSelector } = readTheme(query);
      const mode = readText(query, 'mode', CSS_PARAMETERS.mode);
      const references = readChoice(query, 'references', CSS_PARAMETERS.references);
      return { prefix, naming, theme, darkSelector, mode, references };
    },
    checkOptions: checkModeOption,
    render: renderCss,
    examples: [
      '',
      '?prefix=--acme&naming=camelCase',
      '?naming=snake_case&theme=media',
      '?theme=light-dark',
      '?theme=selector&darkSelector=.dark',
    ],
    fileName: ({ mode }) => (mode === undefined ? 'tokens.css' : `tokens.${mode}.css`),
  }),
  json: defineFormat<JsonOptions>({
    path: '/export/json',
    contentType: JSON_TYPE,
    title: 'W3C Design Tokens (DTCG) JSON: string values, or the DTCG 2025.10 format with `spec=2025.10`',
    description:
      'W3C Design Tokens (DTCG) JSON: string values, or (`spec=2025.10`) the structured values of the DTCG 2025.10 format; other modes under `$extensions["com.service"]`: `dark`, and `modes.<mode>` per further mode.',
    parameters: JSON_PARAMETERS,
    readOptions(query) {
      const spec = readChoice(query, 'spec', JSON_PARAMETERS.spec);
      const references = readChoice(query, 'references', JSON_PARAMETERS.references);
      if (spec !== undefined) return { spec, references };
      if (references === 'keep')
        throw new FormatOptionError('`references=keep` goes with `spec=2025.10` (the string-valued export writes resolved values only).');
      return {};
    },
    render: (system, options) => (options.spec === undefined ? renderDtcgJson(system) : renderStrictDtcgJson(system, options.references)),
    examples: ['', '?spec=2025.10'],
    fileName: ({ spec }) => (spec === undefined ? 'tokens.json' : `tokens.${spec}.json`),
  }),
  resolver: defineFormat<NoOptions>({
    path: '/export/resolver',
    contentType: JSON_TYPE,
    title: 'DTCG 2025.10 resolver document',
    description:
      'A DTCG 2025.10 resolver document: one set `tokens`, one modifier `theme` with one context per mode (`light`, `dark`, then each further mode).',
    bodySchema: DTCG_RESOLVER_SCHEMA,
    ...withoutParameters('tokens.resolver.json'),
    render: renderDtcgResolver,
  }),
  ts: defineFormat<NoOptions>({
    path: '/export/ts',
    contentType: TEXT_TYPE,
    title: 'TypeScript module',
    description:
      'A TypeScript module: `export const tokens = {...} as const` (light) and `type TokenName`; when `system.yaml` declares `modes`, also `export const modes = { dark: {...}, <mode>: {...} } as const` and `type ModeName`.',
    ...withoutParameters('tokens.ts'),
    render: renderTypeScript,
  }),
  tailwind: defineFormat<TailwindOptions>({
    path: '/export/tailwind',
    contentType: CSS_TYPE,
    title: 'Tailwind CSS v4 stylesheet',
    description:
      'A Tailwind CSS v4 stylesheet: `@theme` variables, dark values through `--ds-*` variables, a `@custom-variant` per further mode.',
    parameters: THEME_PARAMETERS,
    readOptions: readTheme,
    render: renderTailwind,
    examples: ['', '?theme=selector&darkSelector=.dark'],
    fileName: () => 'tailwind.css',
  }),
  js: defineFormat<JsOptions>({
    path: '/export/js',
    contentType: JAVASCRIPT_TYPE,
    title: 'JavaScript module: an ES module, or its CommonJS twin with `module=cjs`',
    description:
      'A JavaScript module (`module=esm`, the default) or its CommonJS twin (`module=cjs`): `light`, `dark` and each further mode as one object frozen at every level (a further mode named in camelCase), `modes` by mode name, and one named export per token (its key in camelCase) with its light value; values are the resolved values of `/export/json` (a boolean as `true` or `false`).',
    parameters: JS_MODULE_PARAMETER,
    readOptions: (query) => ({ module: readChoice(query, 'module', JS_MODULE_PARAMETER.module) }),
    render: (system, { module }) => renderJsModule(system, module),
    lint: lintJsNames,
    examples: ['', '?module=cjs'],
    fileName: ({ module }) => JS_FILE_NAMES[module],
  }),
  dts: defineFormat<JsOptions>({
    path: '/export/dts',
    contentType: TEXT_TYPE,
    title: 'TypeScript declarations of the JavaScript module (`module=cjs`: of the CommonJS twin)',
    description:
      'TypeScript declarations of `/export/js` (`module=esm`: `tokens.d.mts`; `module=cjs`: `tokens.d.cts`): every value as its literal type, `readonly` at every level, `type ModeName`, `type TokenName`, `@deprecated` on deprecated tokens.',
    parameters: JS_MODULE_PARAMETER,
    readOptions: (query) => ({ module: readChoice(query, 'module', JS_MODULE_PARAMETER.module) }),
    render: (system, { module }) => renderJsDeclarations(system, module),
    examples: ['', '?module=cjs'],
    fileName: ({ module }) => DECLARATION_FILE_NAMES[module],
  }),
  scss: defineFormat<PreprocessorOptions>({
    path: '/export/scss',
    contentType: TEXT_TYPE,
    title: 'SCSS module for `@use`: variables, a map per mode, the mixin `tokens($mode)`',
    description:
      'An SCSS module (`_tokens.scss`, for `@use`): a variable per token with its light value, a map per mode (`$tokens-dark`), and the mixin `tokens($mode)` that writes a mode’s custom properties under the CSS export’s names (`.dark { @include tokens.tokens(dark); }`).',
    parameters: PREPROCESSOR_PARAMETERS,
    readOptions: readPreprocessorOptions,
    render: renderScss,
    lint: lintScss,
    examples: ['', '?references=keep'],
    fileName: () => '_tokens.scss',
  }),
  less: defineFormat<PreprocessorOptions>({
    path: '/export/less',
    contentType: TEXT_TYPE,
    title: 'Less: variables, a mixin per mode',
    description:
      'A Less file: a variable per token with its light value, and a mixin per mode (`.tokens-dark()`) that writes that mode’s custom properties under the CSS export’s names (`.dark { .tokens-dark(); }`).',
    parameters: PREPROCESSOR_PARAMETERS,
    readOptions: readPreprocessorOptions,
    render: renderLess,
    lint: lintLess,
    examples: ['', '?references=keep'],
    fileName: () => 'tokens.less',
  }),
  compose: defineFormat<ComposeOptions>({
    path: '/export/compose',
    contentType: TEXT_TYPE,
    title: 'Jetpack Compose: `Tokens.kt`, one object per mode, `LocalTokens`',
    description:
      'A Kotlin file for Jetpack Compose (`Tokens.kt`, in `package`): the `@Immutable` abstract class `Tokens` with one property per token (`Color`, `Dp`, font sizes in `sp`, `TextStyle`, durations in milliseconds), one object per mode (`LightTokens`, `DarkTokens`, `DarkDimmedTokens`, ...), `tokensByMode`, `LocalTokens` and `systemTokens()` on `isSystemInDarkTheme()`.',
    parameters: { package: COMPOSE_PACKAGE_PARAMETER },
    readOptions: readComposeOptions,
    render: renderCompose,
    lint: lintCompose,
    examples: ['', '?package=com.acme.tokens'],
    fileName: () => 'Tokens.kt',
  }),
  'react-native': defineFormat<NoOptions>({
    path: '/export/react-native',
    contentType: TEXT_TYPE,
    title: 'React Native module (TypeScript): one object per mode, `useTokens()` on `useColorScheme()`',
    description:
      'A TypeScript module for React Native (Metro compiles it as it is): `light`, `dark` and each further mode (in camelCase) as one object frozen at every level, typed `Tokens`; `modes` by mode name; `tokensFor(mode)`; `useTokens()`, light or dark as `useColorScheme()` says. Lengths in density-independent pixels (px as is, rem x 16), colours `#RRGGBB` or `#RRGGBBAA`, typographies as `TextStyle` properties, shadows as `boxShadow` strings, durations in ms.',
    ...withoutParameters('tokens.react-native.ts'),
    render: renderReactNative,
    lint: lintReactNative,
  }),
  android: defineFormat<AndroidOptions>({
    path: '/export/android',
    title: 'Android resources: `res/values/` and `res/values-night/`, text appearances',
    description:
      'Android resources (a folder): `res/values/` with the light values and `res/values-night/` with every color’s dark value and each other value that differs: colors `#AARRGGBB`, lengths in dp and text sizes in sp (`dimens.xml`), floats, integers, bools and font families as their Android types, each typography a `TextAppearance.Tokens.<Name>` style, each easing a `pathInterpolator`; `mode=<name>`: that mode’s values alone in `res/values/`.',
    parameters: ANDROID_PARAMETERS,
    readOptions: readAndroidOptions,
    checkOptions: checkModeOption,
    ...severalFiles('android', androidFiles),
    lint: lintAndroid,
    examples: ['', '?references=keep', '?mode=dark'],
    fileName: ({ mode }) => (mode === undefined ? 'android' : `android.${mode}`),
  }),
  ios: defineFormat<NoOptions>({
    path: '/export/ios',
    title: 'iOS: `Tokens.xcassets` color sets and `Tokens.swift`',
    description:
      'iOS (a folder): `Tokens.xcassets` with a color set per color token (Any, Dark, and with a high-contrast mode High Contrast and Dark + High Contrast), and `Tokens.swift`: the namespace `Tokens` (colors from the catalog as `Color` and `UIColor`, lengths as `CGFloat` points, px as pt and rem × 16, durations as `TimeInterval` seconds, weights as `Font.Weight`, typography, shadow, border, transition and gradient structs), the protocol `TokenTheme` with one type per mode (`LightTheme`, `DarkDimmedTheme`, ...) and `TokenThemes`.',
    ...withoutParameters('ios'),
    ...severalFiles('ios', iosFiles),
    lint: lintIos,
  }),
  flutter: defineFormat<NoOptions>({
    path: '/export/flutter',
    contentType: TEXT_TYPE,
    title: 'Flutter: `tokens.dart`, a `ThemeExtension` with a constant per mode',
    description:
      'A Dart file for Flutter (`tokens.dart`): the `@immutable` `ThemeExtension` `DesignTokens` with one final field per token (`Color`, lengths as `double` logical pixels, px as is and rem x 16, `TextStyle`, `List<BoxShadow>`, `Duration`, `Cubic`, `FontWeight`, `BorderSide`, `EdgeInsets`, `LinearGradient`), `copyWith` and `lerp`, one `static const` per mode (`light`, `dark`, `darkDimmed`, ...), `modes` by mode name, and MaterialApp’s `theme`, `darkTheme`, `highContrastTheme` and `highContrastDarkTheme`.',
    ...withoutParameters('tokens.dart'),
    render: renderFlutter,
    lint: lintFlutter,
  }),
  figma: FIGMA_FORMAT,
};

/** The id of an output format: its key in `OUTPUT_FORMATS`. */
export type FormatId = keyof typeof TABLE;

/** The parsed options of format `Id`. */
export type OptionsOf<Id extends FormatId> = (typeof TABLE)[Id] extends OutputFormat<infer Options> ? Options : never;

/**
 * Every output format by id, in the order the API lists them (the order of the stored bodies): one row per format
 * with its route, content type, parameters, reading of the parameters, render, examples and offline file name.
 * A new format is one view module and one row here.
 * @example OUTPUT_FORMATS.css.render(system, OUTPUT_FORMATS.css.readOptions({ theme: 'media' })) // ':root { ... }'
 */
export const OUTPUT_FORMATS: { readonly [Id in FormatId]: OutputFormat<OptionsOf<Id>> } = TABLE;

/** Whether `id` names an output format. */
export function isFormatId(id: string): id is FormatId {
  return Object.hasOwn(OUTPUT_FORMATS, id);
}

/** Every format id, in the table's order. */
export const OUTPUT_FORMAT_IDS: readonly FormatId[] = Object.keys(OUTPUT_FORMATS).filter(isFormatId);

/** One export to render, as plain data (rendered on this thread or in the render worker with the same result). */
export type ExportJob<Id extends FormatId = FormatId> = {
  [Each in Id]: { readonly format: Each; readonly options: OptionsOf<Each>; readonly part?: FilePart };
}[Id];

/** Which part of a format of several files a job renders: one file by its path, or all of them zipped (absent: the manifest). */
export type FilePart = { readonly file: string } | { readonly zip: true };

/** The job for format `id` with the options `query` asks for; throws `FormatOptionError` as `readOptions` does. */
export function exportJobOf<Id extends FormatId>(id: Id, query: FormatQuery): ExportJob {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  return jobOf(id, format.readOptions(query));
}

/** A job from a format id and options of that format. */
export function jobOf<Id extends FormatId>(format: Id, options: OptionsOf<Id>): ExportJob {
  // The checker cannot tie a generic `Id` to one member of the union; the signature does.
  return { format, options } as ExportJob;
}

/** The route of a format: `/api/v1/export/<name>`. */
export function routeOf(format: OutputFormat<NoOptions>): string {
  return `${API_PREFIX}${format.path}`;
}

/**
 * The URLs of a format's example requests, the plain one first.
 * @example exampleUrlsOf(OUTPUT_FORMATS.json) // ['/api/v1/export/json', '/api/v1/export/json?spec=2025.10']
 */
export function exampleUrlsOf(format: OutputFormat<NoOptions>): string[] {
  return format.examples.map((query) => `${routeOf(format)}${query}`);
}

/** The files of a format of several files (none for a format of one file), listed without rendering them. */
export function filesOf<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): readonly OutputFile[] {
  return listedFiles(system, job).list;
}

/** The file of a format of several files at `path`, or undefined when its manifest does not list one there. */
export function fileAt<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>, path: string): OutputFile | undefined {
  return listedFiles(system, job).byPath.get(path);
}

/** Every compiled system's file lists by format and options. */
const fileLists = perSystem(() => new Map<string, { list: readonly OutputFile[]; byPath: ReadonlyMap<string, OutputFile> }>());

/**
 * A format's file list, once per compiled system and options: each request for one file looks its path up there, and
 * an asset catalog of 5,000 colours must not be listed again per file.
 */
function listedFiles(
  system: CompiledDesignSystem,
  job: { readonly format: FormatId; readonly options: FormatOptions },
): { list: readonly OutputFile[]; byPath: ReadonlyMap<string, OutputFile> } {
  const key = `${job.format}|${JSON.stringify(job.options)}`;
  const lists = fileLists(system);
  let listed = lists.get(key);
  if (listed === undefined) {
    const format = OUTPUT_FORMATS[job.format] as OutputFormat<FormatOptions>;
    const list = format.files?.(system, job.options) ?? [];
    listed = { list, byPath: new Map(list.map((file) => [file.path, file])) };
    lists.set(key, listed);
  }
  return listed;
}

/** Whether a format is a folder of several files. */
export function hasFiles(id: FormatId): boolean {
  return OUTPUT_FORMATS[id].files !== undefined;
}

/** The design system's body in format `Id`, as text (export-jobs.ts wraps it with its ETag and digest). */
export function renderFormat<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): string {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[job.format];
  return format.render(system, job.options);
}
