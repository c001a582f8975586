import { keyWordsOf, wordsIn } from '../../shared/css-names.js';
import { TEXT_TYPE } from '../../shared/rendered.js';
import { defineFormat, readChoice } from '../output-format.js';
import type { FormatQuery } from '../output-format.js';
import { lessVariable, lintLess, renderLess } from './export-less.js';
import { lintScss, renderScss, sassVariable } from './export-scss.js';

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

/** The row of `/export/scss`: an SCSS module for `@use`. */
export const SCSS_FORMAT = defineFormat<PreprocessorOptions>({
  path: '/export/scss',
  platform: 'web',
  contentType: TEXT_TYPE,
  title: 'SCSS module for `@use`: variables, a map per mode, the mixin `tokens($mode)`',
  description:
    'An SCSS module (`_tokens.scss`, for `@use`): a variable per token with its light value, a map per mode (`$tokens-dark`), and the mixin `tokens($mode)` that writes a mode’s custom properties under the CSS export’s names (`.dark { @include tokens.tokens(dark); }`).',
  parameters: PREPROCESSOR_PARAMETERS,
  readOptions: readPreprocessorOptions,
  render: renderScss,
  lint: lintScss,
  usage: (system, token) => sassVariable(wordsIn(keyWordsOf(system), token.key)),
  examples: ['', '?references=keep'],
  fileName: () => '_tokens.scss',
});

/** The row of `/export/less`: Less variables and a mixin per mode. */
export const LESS_FORMAT = defineFormat<PreprocessorOptions>({
  path: '/export/less',
  platform: 'web',
  contentType: TEXT_TYPE,
  title: 'Less: variables, a mixin per mode',
  description:
    'A Less file: a variable per token with its light value, and a mixin per mode (`.tokens-dark()`) that writes that mode’s custom properties under the CSS export’s names (`.dark { .tokens-dark(); }`).',
  parameters: PREPROCESSOR_PARAMETERS,
  readOptions: readPreprocessorOptions,
  render: renderLess,
  lint: lintLess,
  usage: (system, token) => lessVariable(wordsIn(keyWordsOf(system), token.key)),
  examples: ['', '?references=keep'],
  fileName: () => 'tokens.less',
});
