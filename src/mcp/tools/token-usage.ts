import { TAILWIND_NAMESPACES, tailwindVariable } from '../../compile/resolve/tailwind-names.js';
import type { CompiledDesignSystem, Token } from '../../compile/types.js';
import { keyWordsOf, wordsIn } from '../../views/shared/css-names.js';
import { androidSymbolOf, lintAndroid } from '../../views/formats/android/export-android.js';
import { composeSymbolOf, lintCompose } from '../../views/formats/compose/export-compose.js';
import { flutterSymbolOf, lintFlutter } from '../../views/formats/flutter/export-flutter.js';
import { iosSymbolOf, lintIos } from '../../views/formats/ios/export-ios.js';
import { lintReactNative, reactNativeSymbolOf } from '../../views/formats/react-native/export-react-native.js';
import { lessVariable } from '../../views/formats/preprocessors/export-less.js';
import { sassVariable } from '../../views/formats/preprocessors/export-scss.js';
import { jsNamesByKey } from '../../views/formats/js/js-names.js';
import type { FormatDiagnostic } from '../../views/formats/output-format.js';
import { perSystem } from '../../views/shared/system-memo.js';

/** The utilities each Tailwind theme namespace feeds, the most used first (`--color-*` makes `bg-*`, `text-*`, ...). */
const TAILWIND_UTILITIES: Readonly<Record<string, readonly string[]>> = {
  color: ['bg', 'text', 'border'],
  spacing: ['p', 'm', 'gap'],
  radius: ['rounded'],
  text: ['text'],
  font: ['font'],
  'font-weight': ['font'],
  leading: ['leading'],
  tracking: ['tracking'],
  shadow: ['shadow'],
  ease: ['ease'],
  'transition-duration': ['duration'],
  opacity: ['opacity'],
  'z-index': ['z'],
};

/** How code uses a token in each output the server has that names it; a format that gives it no name is left out. */
export interface TokenUsage {
  /** The CSS export's custom property (default naming, no prefix), as `var()`. */
  readonly css: string;
  /** The Tailwind export's theme variable and the utility classes it makes (none for a plain theme variable). */
  readonly tailwind?: { readonly variable: string; readonly classes: readonly string[] };
  /** The JavaScript module's named export (absent when another token took the name: `js-name-clash`). */
  readonly js?: string;
  readonly scss: string;
  readonly less: string;
  /** The iOS export's Swift expression (`Tokens.Color.Brand.primary`). */
  readonly ios?: string;
  /** The Android export's resource, in XML (`@color/color_brand_primary`) and in code (`R.color.color_brand_primary`). */
  readonly android?: { readonly resource: string; readonly code: string };
  /** The Compose export's property (`LocalTokens.current.colorBrandPrimary`). */
  readonly compose?: string;
  /** The Flutter export's field (`DesignTokens.of(context).colorBrandPrimary`). */
  readonly flutter?: string;
  /** The React Native module's property (`useTokens().color.brand.primary`). */
  readonly 'react-native'?: string;
  /** Why each native format that leaves the token out does: its lint's message. Absent when none does. */
  readonly leftOut?: Partial<Record<NativeFormat, string>>;
}

/** The native formats, each with its symbol and its lint. */
type NativeFormat = 'ios' | 'android' | 'compose' | 'flutter' | 'react-native';
const NATIVE: readonly (readonly [NativeFormat, (system: CompiledDesignSystem) => readonly FormatDiagnostic[]])[] = [
  ['ios', lintIos],
  ['android', lintAndroid],
  ['compose', lintCompose],
  ['flutter', lintFlutter],
  ['react-native', lintReactNative],
];

/** Each native format's lint message by token key (the first, when one token has several). */
const leftOutMessages = perSystem(
  (system) =>
    new Map(
      NATIVE.map(([id, lint]) => {
        const messages = new Map<string, string>();
        for (const { token, message } of lint(system)) if (!messages.has(token)) messages.set(token, message);
        return [id, messages] as const;
      }),
    ),
);

/** Each native format's symbol of a token, and why each that has none leaves it out. */
function nativeUsage(system: CompiledDesignSystem, token: Token): Pick<TokenUsage, NativeFormat | 'leftOut'> {
  const symbols = {
    ios: iosSymbolOf(system, token.key),
    android: androidSymbolOf(system, token.key),
    compose: composeSymbolOf(system, token.key),
    flutter: flutterSymbolOf(system, token.key),
    'react-native': reactNativeSymbolOf(system, token.key),
  };
  const usage: Record<string, unknown> = {};
  const leftOut: Partial<Record<NativeFormat, string>> = {};
  for (const [id] of NATIVE) {
    if (symbols[id] !== undefined) usage[id] = symbols[id];
    else
      leftOut[id] =
        leftOutMessages(system).get(id)?.get(token.key) ??
        // Android alone writes no resource for some types, without a warning (docs/native.md).
        `The Android export writes no resource for a \`${token.type}\` token (docs/native.md).`;
  }
  return { ...usage, ...(Object.keys(leftOut).length === 0 ? {} : { leftOut }) };
}

/**
 * How to use `token` in each output format, with each format's own naming functions: the CSS export's property name,
 * the Tailwind export's theme variable and utilities, the JavaScript module's export, the SCSS and Less variables.
 * @example tokenUsage(acme, colorBrandPrimary) // { css: 'var(--color-brand-primary)', tailwind: { variable: '--color-brand-primary', classes: ['bg-brand-primary', ...] }, js: 'colorBrandPrimary', scss: '$color-brand-primary', less: '@color-brand-primary' }
 */
export function tokenUsage(system: CompiledDesignSystem, token: Token): TokenUsage {
  const words = wordsIn(keyWordsOf(system), token.key);
  const variable = tailwindVariable(token, words);
  const namespace = token.type === 'boolean' ? null : TAILWIND_NAMESPACES[token.type];
  const js = jsNamesByKey(system).get(token.key);
  const classes =
    variable === undefined || namespace === null
      ? []
      : (TAILWIND_UTILITIES[namespace] ?? []).map((utility) => `${utility}-${variable.slice(namespace.length + 3)}`);
  return {
    css: `var(--${words})`,
    ...(variable === undefined ? {} : { tailwind: { variable, classes } }),
    ...(js === undefined ? {} : { js }),
    scss: sassVariable(words),
    less: lessVariable(words),
    ...nativeUsage(system, token),
  };
}
