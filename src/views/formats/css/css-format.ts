import { MODE_NAME } from '../../../compile/fields/read-modes.js';
import { CSS_PREFIX_PATTERN, keyWordsOf, NAMINGS, wordsIn } from '../../shared/css-names.js';
import { CSS_TYPE } from '../../shared/rendered.js';
import { systemAtBreakpoint } from '../../shared/breakpoint-systems.js';
import {
  checkBreakpointOption,
  checkModeOption,
  defineFormat,
  FormatOptionError,
  readChoice,
  readText,
  REFERENCES_PARAMETER,
} from '../output-format.js';
import type { FormatQuery } from '../output-format.js';
import { CSS_THEMES, DARK_SELECTOR_PATTERN, renderCss } from './export-css.js';
import type { CssTheme } from './export-css.js';
import { lintCssNames, lintTailwindNames } from './css-name-lints.js';
import { renderTailwind, tailwindUsage } from './export-tailwind.js';

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
  breakpoint: {
    type: 'string',
    maxLength: 64,
    pattern: MODE_NAME.source,
    description:
      'One breakpoint’s values only, without `@media` blocks (e.g. `md`; `base`: below the first breakpoint), for a design system that declares `breakpoints`.',
  },
} as const;

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
  readonly breakpoint?: string;
};

type TailwindOptions = { readonly theme: CssTheme; readonly darkSelector?: string };

/** The row of `/export/css`: CSS custom properties. */
export const CSS_FORMAT = defineFormat<CssOptions>({
  path: '/export/css',
  platform: 'web',
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
    const breakpoint = readText(query, 'breakpoint', CSS_PARAMETERS.breakpoint);
    // Absent rather than undefined: the options of a request without it are those of today (their cache key with them).
    return breakpoint === undefined
      ? { prefix, naming, theme, darkSelector, mode, references }
      : { prefix, naming, theme, darkSelector, mode, references, breakpoint };
  },
  checkOptions(options, system) {
    checkModeOption(options, system);
    checkBreakpointOption(options, system);
  },
  render: (system, options) =>
    renderCss(options.breakpoint === undefined ? system : systemAtBreakpoint(system, options.breakpoint), options),
  usage: (system, token) => `var(--${wordsIn(keyWordsOf(system), token.key)})`,
  lint: lintCssNames,
  examples: [
    '',
    '?prefix=--acme&naming=camelCase',
    '?naming=snake_case&theme=media',
    '?theme=light-dark',
    '?theme=selector&darkSelector=.dark',
  ],
  fileName: ({ mode, breakpoint }) => ['tokens', mode, breakpoint, 'css'].filter((part) => part !== undefined).join('.'),
  rules: {
    'css-name-clash': {
      severities: ['warning'],
      catches: 'two keys made of the same words (`font.lineHeight`, `font.line-height`) that get one CSS name',
    },
  },
});

/** The row of `/export/tailwind`: a Tailwind CSS v4 stylesheet. */
export const TAILWIND_FORMAT = defineFormat<TailwindOptions>({
  path: '/export/tailwind',
  platform: 'web',
  contentType: CSS_TYPE,
  title: 'Tailwind CSS v4 stylesheet',
  description:
    'A Tailwind CSS v4 stylesheet: `@theme` variables, dark values through `--ds-*` variables, a `@custom-variant` per further mode.',
  parameters: THEME_PARAMETERS,
  readOptions: readTheme,
  render: renderTailwind,
  usage: tailwindUsage,
  lint: lintTailwindNames,
  examples: ['', '?theme=selector&darkSelector=.dark'],
  fileName: () => 'tailwind.css',
  rules: {
    'tailwind-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one Tailwind theme variable (`--text-body` from `font.size.body` and `typography.body`): the first in key order keeps it',
    },
  },
});
