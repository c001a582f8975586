import { wordsOfKey } from '../../compile/values/key-words.js';

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

/**
 * The JavaScript name of a token key (or a mode name): the words of its segments in camelCase, with a leading `_`
 * when that is a reserved word or starts with a digit.
 * @example jsNameOf('z-index.modal') // 'zIndexModal'; jsNameOf('2xl') -> '_2xl'; jsNameOf('default') -> '_default'
 */
export function jsNameOf(key: string): string {
  return jsNameOfWords(wordsOfKey(key));
}

/** {@link jsNameOf} from the key's words (`wordsOfKey`, joined with `-`). */
export function jsNameOfWords(words: string): string {
  // A loop over the dashes rather than a replace with a callback: this names every token of the system.
  let name = '';
  let start = 0;
  for (let dash = words.indexOf('-'); dash !== -1 && dash + 1 < words.length; dash = words.indexOf('-', start)) {
    // The character after a dash goes uppercase in its place (as `/-([\s\S])/g` would match it: one code unit).
    name += words.slice(start, dash) + words.charAt(dash + 1).toUpperCase();
    start = dash + 2;
  }
  name = start === 0 ? words : name + words.slice(start);
  return name === '' || RESERVED.has(name) || startsWithDigit(name) ? `_${name}` : name;
}

function startsWithDigit(name: string): boolean {
  const code = name.charCodeAt(0);
  return code >= 48 && code <= 57; // '0' to '9'
}
