import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenType } from '../../../src/compile/types.js';
import { convertThemes } from './convert-themes.js';
import type { Conversion, ThemeInput } from './convert-themes.js';
import { packageFolder, packageVersion, readDeprecations, readStylesheet, resolveReferences } from './package-css.js';
import type { Deprecation } from './package-css.js';

/** GitHub's Primer design tokens: 14 color themes, built as one stylesheet per theme. */
export const PRIMER_PACKAGE = '@primer/primitives';

const cssFolder = (): string => join(packageFolder(PRIMER_PACKAGE), 'dist', 'css');
const themesFolder = (): string => join(cssFolder(), 'functional', 'themes');
const HIGH_CONTRAST = '-high-contrast';
/** The themes Primer's docs pair with `prefers-contrast: more`. */
const CONTRAST_MEDIA: Readonly<Record<string, string>> = {
  'light-high-contrast': '(prefers-contrast: more)',
  'dark-high-contrast': '(prefers-contrast: more)',
};

/** Every theme Primer ships (`dist/css/functional/themes/<theme>.css`): light, dark, then the others, each after its base. */
export function primerThemeNames(): string[] {
  const names = readdirSync(themesFolder())
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.slice(0, -'.css'.length));
  const further = names.filter((name) => name !== 'light' && name !== 'dark');
  const rank = (name: string): number => (name.endsWith(HIGH_CONTRAST) ? 1 : 0);
  further.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return ['light', 'dark', ...further];
}

/**
 * The mode a theme falls back to: `dark-dimmed-high-contrast` on `dark-dimmed`, `light-colorblind` on `light`,
 * `light-high-contrast` on `light`; `dark` on `light`.
 */
export function primerBase(theme: string, themes: readonly string[]): string | null {
  if (theme === 'light') return null;
  if (theme === 'dark') return 'light';
  const withoutContrast = theme.endsWith(HIGH_CONTRAST) ? theme.slice(0, -HIGH_CONTRAST.length) : undefined;
  if (withoutContrast !== undefined && themes.includes(withoutContrast)) return withoutContrast;
  return theme.split('-')[0] as string;
}

/** The stylesheets that hold no theme: sizes, spacing, typography, motion (every `.css` of `dist/css` outside `themes`). */
function sharedStylesheets(): string[] {
  return readdirSync(cssFolder(), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css') && !file.startsWith(join('functional', 'themes')))
    .sort();
}

/**
 * The properties of one theme as a browser computes them (`var()` resolved): the theme's stylesheet together with the
 * shared ones. Primer writes each theme twice (for `data-color-mode="light|dark"` and, under `prefers-color-scheme`,
 * for `auto`): the second copy must agree with the first.
 */
export function readPrimerTheme(theme: string): Map<string, string> {
  return resolveReferences(readPrimerThemeAsWritten(theme));
}

/** The properties of one theme as the stylesheets write them (`var()` kept): the aliases the conversion keeps. */
export function readPrimerThemeAsWritten(theme: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const file of sharedStylesheets())
    for (const [name, value] of readStylesheet(join(cssFolder(), file)).topLevel) properties.set(name, value);
  const sheet = readStylesheet(join(themesFolder(), `${theme}.css`));
  for (const { property, value } of sheet.nested) {
    if (sheet.topLevel.get(property) !== value) throw new Error(`${theme}.css: ${property} differs in its @media copy`);
  }
  for (const [name, value] of sheet.topLevel) {
    if (properties.has(name)) throw new Error(`${theme}.css redeclares the shared ${name}`);
    properties.set(name, value);
  }
  return properties;
}

/** The token type a Primer property's name calls for. */
export function primerTypeHint(property: string): TokenType | undefined {
  if (/fontStack|fontFamily/.test(property)) return 'font.family';
  if (/lineHeight/.test(property)) return 'font.lineHeight';
  if (/borderWidth|outline.*[Ww]idth/.test(property)) return 'dimension';
  if (/letterSpacing/.test(property)) return 'font.letterSpacing';
  if (/^--(base-)?text-.*(size|Size)/.test(property)) return 'font.size';
  if (/weight/i.test(property)) return 'font.weight';
  if (/zIndex/.test(property)) return 'z-index';
  if (/[Rr]adius/.test(property)) return 'radius';
  if (/[Oo]pacity/.test(property)) return 'opacity';
  return undefined;
}

/** Converts `@primer/primitives` into a design system `primer` with a mode per theme. */
export function convertPrimer(): Conversion {
  const names = primerThemeNames();
  const themes: ThemeInput[] = names.map((name) => {
    const base = primerBase(name, names);
    const media = CONTRAST_MEDIA[name];
    const written = readPrimerThemeAsWritten(name);
    return { mode: name, base, ...(media === undefined ? {} : { media }), properties: resolveReferences(written), written };
  });
  const declared = new Set(themes.flatMap((theme) => [...theme.properties.keys()]));
  const skippedBefore: { property: string; reason: string }[] = [];
  const notes: string[] = [];
  for (const file of sharedStylesheets()) {
    const sheet = readStylesheet(join(cssFolder(), file));
    for (const name of sheet.customMedia)
      skippedBefore.push({ property: name, reason: 'a custom media query (@custom-media), not a value' });
    for (const { property, condition } of sheet.nested) {
      if (declared.has(property))
        notes.push(`${property}: its value under \`${condition}\` (${file}) is not represented; the unconditional one is`);
      else skippedBefore.push({ property, reason: `declared only under ${condition}` });
    }
  }
  const deprecated = new Map<string, Deprecation>();
  const stylesheets = [...sharedStylesheets(), ...names.map((name) => join('functional', 'themes', `${name}.css`))];
  for (const file of stylesheets)
    for (const [property, deprecation] of readDeprecations(join(cssFolder(), file))) deprecated.set(property, deprecation);
  const version = packageVersion(PRIMER_PACKAGE);
  return convertThemes({
    deprecated,
    slug: 'primer',
    name: `Primer Primitives ${version}`,
    description: `Converted from ${PRIMER_PACKAGE}@${version} (dist/css): one mode per theme.`,
    themes,
    typeHint: primerTypeHint,
    skippedBefore: dedupe(skippedBefore),
    notes,
  });
}

function dedupe(entries: readonly { property: string; reason: string }[]): { property: string; reason: string }[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.property) && seen.add(entry.property));
}
