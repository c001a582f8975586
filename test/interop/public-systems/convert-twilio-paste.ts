import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenType } from '../../../src/compile/types.js';
import { convertThemes } from './convert-themes.js';
import type { Conversion, ThemeInput } from './convert-themes.js';
import { packageFolder, packageVersion, readStylesheet, resolveReferences } from './package-css.js';

/** Twilio's Paste design tokens: the default theme, dark, and the Twilio, Twilio dark, Evergreen and SendGrid themes. */
export const PASTE_PACKAGE = '@twilio-paste/design-tokens';

const distFolder = (): string => join(packageFolder(PASTE_PACKAGE), 'dist');
const STYLESHEET = 'tokens.custom-properties.css';
/** The themes on a dark background: based on `dark`, the others on `light`. */
const DARK_THEMES = new Set(['dark', 'twilio-dark']);

/** Paste's themes: `light` is its default theme (`dist/`), then `dark`, then every other `dist/themes/<theme>/`, dark ones last. */
export function pasteThemeNames(): string[] {
  const further = readdirSync(join(distFolder(), 'themes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'dark')
    .map((entry) => entry.name);
  further.sort((a, b) => Number(DARK_THEMES.has(a)) - Number(DARK_THEMES.has(b)) || (a < b ? -1 : 1));
  return ['light', 'dark', ...further];
}

/** The properties of one Paste theme, `var()` resolved: `dist/tokens.custom-properties.css` for `light`. */
export function readPasteTheme(theme: string): Map<string, string> {
  return resolveReferences(readPasteThemeAsWritten(theme));
}

/** The properties of one Paste theme as its stylesheet writes them (`var()` kept). */
export function readPasteThemeAsWritten(theme: string): ReadonlyMap<string, string> {
  const path = theme === 'light' ? join(distFolder(), STYLESHEET) : join(distFolder(), 'themes', theme, STYLESHEET);
  const sheet = readStylesheet(path);
  if (sheet.nested.length > 0) throw new Error(`${path}: declarations inside at-rules`);
  return sheet.topLevel;
}

/** The type of each token as Paste's own build describes it (`dist/tokens.raw.json`: `type` and `category`). */
const CATEGORY_TYPES: Readonly<Record<string, TokenType>> = {
  'background-color': 'color',
  'border-color': 'color',
  'text-color': 'color',
  color: 'color',
  'data-visualization': 'color',
  radius: 'radius',
  sizing: 'spacing',
  spacing: 'spacing',
  'font-size': 'font.size',
  'font-weight': 'font.weight',
  'line-height': 'font.lineHeight',
  'border-width': 'dimension',
  'z-index': 'z-index',
  font: 'font.family',
  'box-shadow': 'shadow',
};

/** Property (with `--`) -> the token type its category in `tokens.raw.json` calls for. */
export function pasteTypeHints(): Map<string, TokenType | undefined> {
  const raw = JSON.parse(readFileSync(join(distFolder(), 'tokens.raw.json'), 'utf8')) as {
    props: Record<string, { name: string; category: string }>;
  };
  return new Map(Object.values(raw.props).map((prop) => [`--${prop.name}`, CATEGORY_TYPES[prop.category]]));
}

/** Converts `@twilio-paste/design-tokens` into a design system `paste` with a mode per theme. */
export function convertPaste(): Conversion {
  const names = pasteThemeNames();
  const themes: ThemeInput[] = names.map((name) => ({
    mode: name,
    base: name === 'light' ? null : DARK_THEMES.has(name) && name !== 'dark' ? 'dark' : 'light',
    properties: readPasteTheme(name),
    written: readPasteThemeAsWritten(name),
  }));
  const hints = pasteTypeHints();
  const version = packageVersion(PASTE_PACKAGE);
  return convertThemes({
    slug: 'paste',
    name: `Twilio Paste ${version}`,
    description: `Converted from ${PASTE_PACKAGE}@${version} (dist/**/tokens.custom-properties.css): one mode per theme.`,
    themes,
    typeHint: (property) => hints.get(property),
  });
}
