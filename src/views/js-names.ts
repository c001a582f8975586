import { wordsOfKey } from '../compile/values/key-words.js';
import { keyWordsOf, wordsIn } from './css-names.js';
import type { CompiledDesignSystem } from '../compile/types.js';
import type { FormatDiagnostic } from './output-format.js';
import { perSystem } from './system-memo.js';

/**
 * Names a module cannot bind: the reserved words of strict-mode module code (`await` included), `eval` and
 * `arguments`, and the names CommonJS gives every module (a `const module` would hide them in `tokens.cjs`).
 */
const RESERVED = new Set([
  ...['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum'],
  ...['export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null'],
  ...['return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield'],
  ...['let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await'],
  ...['eval', 'arguments', 'exports', 'require', 'module', '__filename', '__dirname'],
]);

/** The export that holds every mode's object by mode name. */
const MODES_EXPORT = 'modes';

/**
 * The JavaScript name of a token key (or a mode name): the words of its segments in camelCase, with a leading `_`
 * when that is a reserved word or starts with a digit.
 * @example jsNameOf('z-index.modal') // 'zIndexModal'; jsNameOf('2xl') -> '_2xl'; jsNameOf('default') -> '_default'
 */
export function jsNameOf(key: string): string {
  return jsNameOfWords(wordsOfKey(key));
}

/** {@link jsNameOf} from the key's words (`wordsOfKey`, joined with `-`). */
function jsNameOfWords(words: string): string {
  const name = words.replace(/-([\s\S])/g, (_, first: string) => first.toUpperCase());
  return name === '' || RESERVED.has(name) || /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The names the JavaScript module exports, and the tokens that could not get theirs. */
export interface JsNames {
  /** Every mode in order with its export; `name` undefined when an earlier export has the name (`modes` holds it). */
  readonly modes: readonly { readonly mode: string; readonly name: string | undefined }[];
  /** The named export of each token that has one, in key order. */
  readonly tokens: ReadonlyMap<string, string>;
  /** A `js-name-clash` warning per token without a named export. */
  readonly clashes: readonly FormatDiagnostic[];
}

/**
 * The export names of a design system's JavaScript module: `modes`, then each mode's object (`light`, `dark`, each
 * further mode), then each token's named export in key order; a name already taken stays with what took it first.
 * Worked out once per compiled system (the module, its declarations and the lint share it).
 */
export const assignJsNames: (system: CompiledDesignSystem) => JsNames = perSystem(assignUncached);

function assignUncached(system: CompiledDesignSystem): JsNames {
  // What holds each name: `modes`, a mode (by its name) or a token (by its key).
  const holders = new Map<string, { readonly mode?: string; readonly token?: string }>([[MODES_EXPORT, {}]]);
  const modes = system.modes.map(({ name: mode }) => {
    const name = jsNameOf(mode);
    if (holders.has(name)) return { mode, name: undefined };
    holders.set(name, { mode });
    return { mode, name };
  });
  const tokens = new Map<string, string>();
  const clashes: FormatDiagnostic[] = [];
  const words = keyWordsOf(system);
  for (const { key } of system.tokens) {
    const name = jsNameOfWords(wordsIn(words, key));
    const holder = holders.get(name);
    if (holder === undefined) {
      holders.set(name, { token: key });
      tokens.set(key, name);
      continue;
    }
    const exported = holder.mode === undefined ? 'its object of modes' : `the mode \`${holder.mode}\``;
    const message =
      holder.token === undefined
        ? `\`${key}\` gets the JavaScript name \`${name}\`, which the JavaScript module exports for ${exported}: the token has no named export (the mode objects hold it)`
        : `\`${key}\` and \`${holder.token}\` get the same JavaScript name \`${name}\`: the JavaScript module keeps \`${holder.token}\` (first in key order) and gives this one no named export`;
    clashes.push({ token: key, rule: 'js-name-clash', severity: 'warning', message });
  }
  return { modes, tokens, clashes };
}

/** The `js` format's lint: a `js-name-clash` warning per token that gets no named export. */
export function lintJsNames(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return assignJsNames(system).clashes;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A key segment as the property name of an object literal: bare when it is an identifier, quoted otherwise; `__proto__`
 * computed, since `__proto__: x` would set the prototype instead of defining a property.
 * @example jsPropertyKey('z-index') // '"z-index"'
 */
export function jsPropertyKey(segment: string): string {
  if (segment === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(segment) ? segment : JSON.stringify(segment);
}

/**
 * A key segment as a property name in a type literal: bare when it is an identifier (`__proto__` included: a type has
 * no prototype to set), quoted otherwise.
 * @example jsTypeKey('2xl') // '"2xl"'
 */
export function jsTypeKey(segment: string): string {
  return IDENTIFIER.test(segment) ? segment : JSON.stringify(segment);
}
