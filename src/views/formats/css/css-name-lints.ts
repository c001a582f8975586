import { dottedWordsOfKey, wordsOfKey } from '../../../compile/values/key-words.js';
import type { CompiledDesignSystem } from '../../../compile/types.js';
import { perSystem } from '../../shared/system-memo.js';
import type { FormatDiagnostic } from '../output-format.js';
import { dottedTailwindName, tailwindVariable } from './tailwind-names.js';

/** The two lints of the CSS family, found in one pass over the tokens in key order. */
interface CssNameClashes {
  readonly css: readonly FormatDiagnostic[];
  readonly tailwind: readonly FormatDiagnostic[];
}

/**
 * Two keys made of the same words get one CSS name (`css-name-clash`), and two tokens one Tailwind theme variable
 * (`tailwind-name-clash`, told only of a token whose CSS name is its own): the later in key order is the one told.
 */
const cssNameClashesOf = perSystem((system: CompiledDesignSystem): CssNameClashes => {
  const { tokens } = system;
  // Names are compared in their dotted spelling (`dottedWordsOfKey`), which is the key itself for most keys: no string
  // per token to make and hash. The names as exported are spelled out only for a message.
  const names = tokens.map((token) => dottedWordsOfKey(token.key));
  // Keys differ, so a key that is its own name (a plain key) shares it only with a key whose words spell it: the other
  // plain keys need no look-up in `namedBy`, which would hash all 10,000 keys.
  const spelledNames = new Set<string>();
  names.forEach((name, index) => {
    if (name !== tokens[index]?.key) spelledNames.add(name);
  });
  const css: FormatDiagnostic[] = [];
  const tailwind: FormatDiagnostic[] = [];
  const namedBy = new Map<string, string>();
  const tailwindNamedBy = new Map<string, string>();
  tokens.forEach((token, index) => {
    const { key } = token;
    const name = names[index] ?? dottedWordsOfKey(key);
    const mayClash = name !== key || spelledNames.has(name);
    const clash = mayClash ? namedBy.get(name) : undefined;
    if (clash === undefined) {
      if (mayClash) namedBy.set(name, key);
    } else {
      const message = `\`${key}\` and \`${clash}\` get the same CSS name \`--${wordsOfKey(key)}\`: the CSS export would declare it twice`;
      css.push({ token: key, rule: 'css-name-clash', message, severity: 'warning' });
    }
    const tailwindName = dottedTailwindName(token, name);
    if (tailwindName === undefined) return;
    const tailwindClash = tailwindNamedBy.get(tailwindName);
    if (tailwindClash === undefined) tailwindNamedBy.set(tailwindName, key);
    else if (clash === undefined) {
      const message = `\`${key}\` and \`${tailwindClash}\` get the same Tailwind theme variable \`${tailwindVariable(token) ?? ''}\`: the Tailwind export keeps \`${tailwindClash}\` (first in key order) and leaves this one out`;
      tailwind.push({ token: key, rule: 'tailwind-name-clash', message, severity: 'warning' });
    }
  });
  return { css, tailwind };
});

/**
 * The CSS export's lint: two keys made of the same words (`font.lineHeight`, `font.line-height`) that get one name.
 * @example lintCssNames(system) // [{ token: 'font.line-height', rule: 'css-name-clash', message: '`font.line-height` and `font.lineHeight` get the same CSS name `--font-line-height`: the CSS export would declare it twice', severity: 'warning' }]
 */
export const lintCssNames = (system: CompiledDesignSystem): readonly FormatDiagnostic[] => cssNameClashesOf(system).css;

/**
 * The Tailwind export's lint: two tokens that get one theme variable (`font.size.body` and `typography.body`: `--text-body`).
 * @example lintTailwindNames(system) // [{ token: 'typography.body', rule: 'tailwind-name-clash', ... }]
 */
export const lintTailwindNames = (system: CompiledDesignSystem): readonly FormatDiagnostic[] => cssNameClashesOf(system).tailwind;
