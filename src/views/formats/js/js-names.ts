import { tokenWordsOf } from '../../shared/css-names.js';
import type { CompiledDesignSystem } from '../../../compile/types.js';
import type { FormatDiagnostic } from '../output-format.js';
import { jsNameOf, jsNameOfWords } from '../../shared/js-identifiers.js';
import { perSystem } from '../../shared/system-memo.js';
import { itemAt } from '../../../compile/checked-access.js';

/** The export that holds every mode's object by mode name. */
const MODES_EXPORT = 'modes';

/** The exports of a design system that declares breakpoints, with what each holds. */
const BREAKPOINT_EXPORTS = [
  ['breakpoints', 'its breakpoints'],
  ['atBreakpoint', 'its values per breakpoint'],
] as const;

/** The names the JavaScript module exports, and the tokens that could not get theirs. */
export interface JsNames {
  /** Every mode in order with its export; `name` undefined when an earlier export has the name (`modes` holds it). */
  readonly modes: readonly { readonly mode: string; readonly name: string | undefined }[];
  /** The named export of each token by its index in `system.tokens`, undefined for a token that has none. */
  readonly byIndex: readonly (string | undefined)[];
  /** A `js-name-clash` warning per token without a named export. */
  readonly clashes: readonly FormatDiagnostic[];
}

/**
 * The export names of a design system's JavaScript module: `modes` (and `breakpoints` and `atBreakpoint` when it
 * declares breakpoints), then each mode's object (`light`, `dark`, each
 * further mode), then each token's named export in key order; a name already taken stays with what took it first.
 * Worked out once per compiled system (the module, its declarations and the lint share it).
 */
export const assignJsNames: (system: CompiledDesignSystem) => JsNames = perSystem(assignUncached);

function assignUncached(system: CompiledDesignSystem): JsNames {
  // The names exported before any token's, each with what it exports: `modes`, or a mode's object.
  const exportedFirst = new Map<string, string>([[MODES_EXPORT, 'its object of modes']]);
  // Only a design system that declares breakpoints exports these (so the others keep their names as they were).
  if (system.breakpoints !== undefined) for (const [name, what] of BREAKPOINT_EXPORTS) exportedFirst.set(name, what);
  const modes = system.modes.map(({ name: mode }) => {
    const name = jsNameOf(mode);
    if (exportedFirst.has(name)) return { mode, name: undefined };
    exportedFirst.set(name, `the mode \`${mode}\``);
    return { mode, name };
  });
  // By token index, not by key: the exports walk the tokens in order, and a map of 10,000 keys cost more to fill and
  // read than the names did to make. `undefined` up front (not holes), so the list stays a plain array.
  const byIndex = new Array<string | undefined>(system.tokens.length).fill(undefined);
  // The token that holds each token's name: the first in key order (strings, not a holder object per token).
  const holders = new Map<string, string>();
  const clashes: FormatDiagnostic[] = [];
  const words = tokenWordsOf(system);
  for (let index = 0; index < system.tokens.length; index += 1) {
    const { key } = itemAt(system.tokens, index);
    const name = jsNameOfWords(itemAt(words, index));
    const exported = exportedFirst.get(name);
    const holder = exported === undefined ? holders.get(name) : undefined;
    if (exported === undefined && holder === undefined) {
      holders.set(name, key);
      byIndex[index] = name;
      continue;
    }
    const message =
      holder === undefined
        ? `\`${key}\` gets the JavaScript name \`${name}\`, which the JavaScript module exports for ${exported as string}: the token has no named export (the mode objects hold it)`
        : `\`${key}\` and \`${holder}\` get the same JavaScript name \`${name}\`: the JavaScript module keeps \`${holder}\` (first in key order) and gives this one no named export`;
    clashes.push({ token: key, rule: 'js-name-clash', severity: 'warning', message });
  }
  return { modes, byIndex, clashes };
}

/**
 * The named export of each token that has one, by key, in key order: for looking one token up (the MCP `token_usage`
 * tool); the exports walk `assignJsNames(system).byIndex`. Made once per compiled system.
 */
export const jsNamesByKey: (system: CompiledDesignSystem) => ReadonlyMap<string, string> = perSystem((system) => {
  const { byIndex } = assignJsNames(system);
  const byKey = new Map<string, string>();
  for (let index = 0; index < byIndex.length; index += 1) {
    const name = byIndex[index];
    if (name !== undefined) byKey.set(itemAt(system.tokens, index).key, name);
  }
  return byKey;
});

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
