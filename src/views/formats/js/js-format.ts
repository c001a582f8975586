import { TEXT_TYPE } from '../../shared/rendered.js';
import { defineFormat, readChoice, withoutParameters } from '../output-format.js';
import type { NoOptions } from '../output-format.js';
import { DECLARATION_FILE_NAMES, renderJsDeclarations } from './export-dts.js';
import { JAVASCRIPT_TYPE, JS_FILE_NAMES, JS_MODULES, renderJsModule } from './export-js.js';
import type { JsModule } from './export-js.js';
import { renderTypeScript } from './export-ts.js';
import { jsNamesByKey, lintJsNames } from './js-names.js';

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

/** The row of `/export/ts`: a TypeScript module. */
export const TS_FORMAT = defineFormat<NoOptions>({
  path: '/export/ts',
  platform: 'web',
  contentType: TEXT_TYPE,
  title: 'TypeScript module',
  description:
    'A TypeScript module: `export const tokens = {...} as const` (light) and `type TokenName`; when `system.yaml` declares `modes`, also `export const modes = { dark: {...}, <mode>: {...} } as const` and `type ModeName`.',
  ...withoutParameters('tokens.ts'),
  render: renderTypeScript,
});

/** The row of `/export/js`: an ES module or its CommonJS twin. */
export const JS_FORMAT = defineFormat<JsOptions>({
  path: '/export/js',
  platform: 'web',
  contentType: JAVASCRIPT_TYPE,
  title: 'JavaScript module: an ES module, or its CommonJS twin with `module=cjs`',
  description:
    'A JavaScript module (`module=esm`, the default) or its CommonJS twin (`module=cjs`): `light`, `dark` and each further mode as one object frozen at every level (a further mode named in camelCase), `modes` by mode name, and one named export per token (its key in camelCase) with its light value; values are the resolved values of `/export/json` (a boolean as `true` or `false`).',
  parameters: JS_MODULE_PARAMETER,
  readOptions: (query) => ({ module: readChoice(query, 'module', JS_MODULE_PARAMETER.module) }),
  render: (system, { module }) => renderJsModule(system, module),
  lint: lintJsNames,
  usage: (system, token) => jsNamesByKey(system).get(token.key),
  examples: ['', '?module=cjs'],
  fileName: ({ module }) => JS_FILE_NAMES[module],
  rules: {
    'js-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one name in the JavaScript module (`font.lineHeight`, `font.line-height`), or a token named like one of its own exports (`dark`, `modes`): the first in key order keeps it (a lint of the `js` export)',
    },
  },
});

/** The row of `/export/dts`: the declarations of the JavaScript module. */
export const DTS_FORMAT = defineFormat<JsOptions>({
  path: '/export/dts',
  platform: 'web',
  contentType: TEXT_TYPE,
  title: 'TypeScript declarations of the JavaScript module (`module=cjs`: of the CommonJS twin)',
  description:
    'TypeScript declarations of `/export/js` (`module=esm`: `tokens.d.mts`; `module=cjs`: `tokens.d.cts`): every value as its literal type, `readonly` at every level, `type ModeName`, `type TokenName`, `@deprecated` on deprecated tokens.',
  parameters: JS_MODULE_PARAMETER,
  readOptions: (query) => ({ module: readChoice(query, 'module', JS_MODULE_PARAMETER.module) }),
  render: (system, { module }) => renderJsDeclarations(system, module),
  examples: ['', '?module=cjs'],
  fileName: ({ module }) => DECLARATION_FILE_NAMES[module],
});
