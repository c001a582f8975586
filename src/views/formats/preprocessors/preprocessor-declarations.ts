import type { CompiledDesignSystem, Token } from '../../../compile/types.js';
import type { FormatDiagnostic } from '../output-format.js';
import { wordsOfKey } from '../../../compile/values/key-words.js';
import { joinWords, keyWordsOf, PART_WORDS, tokenWordsOf, wordsIn } from '../../shared/css-names.js';
import { TYPOGRAPHY_PARTS } from '../../shared/css-values.js';
import { createCssWriter } from '../../shared/css-writer.js';
import type { CssWriter, ReferenceHandling } from '../../shared/css-writer.js';
import { itemAt } from '../../../compile/checked-access.js';

/**
 * The declarations the SCSS and Less exports write: the custom properties of the CSS export (default naming, no
 * prefix), each with the name its variable takes and its text in a mode, a kept reference marked so that each
 * language can write it its own way (a variable, an interpolation, or the CSS export's `var()`).
 */
export interface PreprocessorDeclaration {
  readonly token: Token;
  /** The custom property's name without its `--`: `color-accent`, `typography-body-font-size`. */
  readonly name: string;
  /** The typography part this declaration is, when it is one. */
  readonly part?: (typeof TYPOGRAPHY_PARTS)[number];
  /** The CSS text of the value, each reference kept written `var(<MARK><name><MARK>)`. */
  readonly text: string;
  /** Whether `text` is a value Sass and Less write as it is ({@link isTypedLiteral}): tested once for both, every mode. */
  readonly typed: boolean;
}

/** Marks the name of a referenced declaration in a text: a control character, which no CSS value may hold. */
const MARK = '\u0001';
const MARKED = new RegExp(`var\\(${MARK}([^${MARK}]+)${MARK}\\)`, 'g');
const WHOLE = new RegExp(`^var\\(${MARK}([^${MARK}]+)${MARK}\\)$`);

/** The writer of the CSS export with default options, whose kept references name their targets between marks. */
function createMarkedWriter(system: CompiledDesignSystem, references: ReferenceHandling): CssWriter {
  const words = tokenWordsOf(system);
  return createCssWriter(
    system,
    {
      propertyName: (index) => `--${itemAt(words, index)}`,
      partName: (index, part) => `--${joinWords(itemAt(words, index), PART_WORDS[part])}`,
      referenceName: (key) => `${MARK}${wordsIn(keyWordsOf(system), key)}${MARK}`,
    },
    references,
  );
}

/** Each compiled system's declarations by `<references> <mode>`, listed on first use: SCSS, Less and their lints share them. */
const listed = new WeakMap<CompiledDesignSystem, Map<string, readonly PreprocessorDeclaration[]>>();

/**
 * Every declaration of every token in `mode`, in key order (a typography token's parts after it), as the CSS
 * export writes it with the same `references`. Listed once per compiled system, mode and `references` (a compiled
 * system never changes) and shared by every render of it.
 * @example listDeclarations(system, 'dark', 'keep')[0] // { token, name: 'color-accent', text: '#4493F8' }
 */
export function listDeclarations(
  system: CompiledDesignSystem,
  mode: string,
  references: ReferenceHandling,
): readonly PreprocessorDeclaration[] {
  let lists = listed.get(system);
  if (lists === undefined) {
    lists = new Map();
    listed.set(system, lists);
  }
  // `references` holds no space: the key is unambiguous whatever the mode's name.
  const key = `${references} ${mode}`;
  let declarations = lists.get(key);
  if (declarations === undefined) {
    declarations = Object.freeze(listUncached(system, mode, references));
    lists.set(key, declarations);
  }
  return declarations;
}

function listUncached(system: CompiledDesignSystem, mode: string, references: ReferenceHandling): PreprocessorDeclaration[] {
  const writer = createMarkedWriter(system, references);
  const words = tokenWordsOf(system);
  const declarations: PreprocessorDeclaration[] = [];
  const { tokens } = system;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = itemAt(tokens, index);
    // The names straight from the key's words: the writer's `--<words>` would only be cut again.
    const tokenWords = itemAt(words, index);
    const text = writer.text(index, mode);
    declarations.push({ token, name: tokenWords, text, typed: isTypedLiteral(text) });
    if (!writer.hasParts(index, mode)) continue;
    for (const part of TYPOGRAPHY_PARTS) {
      const name = joinWords(tokenWords, PART_WORDS[part]);
      const text = writer.partText(index, mode, part);
      declarations.push({ token, name, part, text, typed: isTypedLiteral(text) });
    }
  }
  return declarations;
}

/** The CSS export's text of a declaration: each marked reference as `var(--<name>)`. */
export function cssTextOf(text: string): string {
  return text.includes(MARK) ? text.replace(MARKED, (_, name: string) => `var(--${name})`) : text;
}

/** The name a text refers to as a whole (`var(--x)` and nothing else), or undefined. */
export function wholeReferenceOf(text: string): string | undefined {
  return WHOLE.exec(text)?.[1];
}

const ALPHA = new RegExp(`^rgb\\(from var\\(${MARK}([^${MARK}]+)${MARK}\\) r g b / ([0-9.]+)\\)$`);

/**
 * A color written as a reference with its own alpha (the CSS export's `rgb(from var(--x) r g b / 0.5)`): the name it
 * refers to and the alpha, or undefined. Each language has its own way to set a color's alpha.
 */
export function alphaReferenceOf(text: string): { readonly name: string; readonly alpha: string } | undefined {
  const match = ALPHA.exec(text);
  return match === null ? undefined : { name: itemAt(match, 1), alpha: itemAt(match, 2) };
}

/** The text with each marked reference written by `write` (an interpolation of its variable). */
export function replaceReferences(text: string, write: (name: string) => string): string {
  return text.replace(MARKED, (_, name: string) => write(name));
}

/** Whether `text` refers to another declaration (with references kept); resolved texts never do. */
export function holdsReferences(text: string): boolean {
  return text.includes(MARK);
}

/** The names `text` refers to, in order. */
export function referencesOf(text: string): string[] {
  return text.includes(MARK) ? [...text.matchAll(MARKED)].map((match) => itemAt(match, 1)) : [];
}

/**
 * Whether a CSS text is a value Sass and Less both read as a typed value and write back as it is: a `#RRGGBB` or
 * `#RRGGBBAA` color, or a number with an optional unit that neither rounds (both keep 8 decimals; Less writes a long
 * integer in exponent notation). Anything else is written as a string of its CSS text.
 * @example isTypedLiteral('16px') // true
 */
export function isTypedLiteral(text: string): boolean {
  return /^(#[0-9A-F]{6}([0-9A-F]{2})?|-?\d{1,15}(\.\d{1,8})?(px|rem|em|%|ch|ex|vw|vh|dvh|svh|lvh|ms)?)$/.test(text);
}

/**
 * The declarations of `declarations` in an order where each comes after the ones it refers to (its key order
 * otherwise): Sass reads a variable only after its declaration. References never form a cycle (the compiler refuses one).
 */
export function inDependencyOrder(declarations: readonly PreprocessorDeclaration[]): readonly PreprocessorDeclaration[] {
  // Values resolved (the default) refer to nothing: key order is the order.
  if (!declarations.some((declaration) => holdsReferences(declaration.text))) return declarations;
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const done = new Set<PreprocessorDeclaration>();
  const ordered: PreprocessorDeclaration[] = [];
  for (const root of declarations) {
    // Depth first without recursion: a chain of aliases may be long.
    const stack: { declaration: PreprocessorDeclaration; expanded: boolean }[] = [{ declaration: root, expanded: false }];
    while (stack.length > 0) {
      const top = stack.pop() as { declaration: PreprocessorDeclaration; expanded: boolean };
      if (done.has(top.declaration)) continue;
      if (top.expanded) {
        done.add(top.declaration);
        ordered.push(top.declaration);
        continue;
      }
      stack.push({ declaration: top.declaration, expanded: true });
      const targets = referencesOf(top.declaration.text);
      for (let index = targets.length - 1; index >= 0; index -= 1) {
        const target = byName.get(itemAt(targets, index));
        if (target !== undefined && !done.has(target)) stack.push({ declaration: target, expanded: false });
      }
    }
  }
  return ordered;
}

/** How a lint names one language's variables. */
export interface VariableLanguage {
  /** `Sass`, `Less`. */
  readonly label: string;
  /** The variable of a declaration's name, as written: `$color-accent`. */
  variable(name: string): string;
  /** Names the module itself declares, each with what it is (`the module’s map of the mode `dark``). */
  readonly reserved: ReadonlyMap<string, string>;
}

/**
 * Two declarations on one variable, and a token on a variable the module declares itself: a later declaration of a
 * variable overrides the earlier one without a word from either compiler. Two whole tokens on one name are the
 * compiler's `css-name-clash` already and are not repeated here.
 * @example lintVariables(system, SASS) // [{ token: 'text.body-font-size', rule: 'css-name-clash', ... }]
 */
export function lintVariables(system: CompiledDesignSystem, language: VariableLanguage): FormatDiagnostic[] {
  const diagnostics: FormatDiagnostic[] = [];
  const owners = new Map<string, PreprocessorDeclaration>();
  const warned = new Set<Token>();
  const warn = (token: Token, message: string): void => {
    if (warned.has(token)) return;
    warned.add(token);
    diagnostics.push({ token: token.key, rule: 'css-name-clash', message, severity: 'warning' });
  };
  for (const declaration of listDeclarations(system, 'light', 'resolve')) {
    const variable = language.variable(declaration.name);
    const reserved = language.reserved.get(declaration.name);
    if (reserved !== undefined) {
      warn(
        declaration.token,
        `${describe(declaration)} gets the ${language.label} variable \`${variable}\`, ${reserved}: the map overrides it`,
      );
    }
    const owner = owners.get(declaration.name);
    if (owner === undefined) owners.set(declaration.name, declaration);
    else if (owner.part !== undefined || declaration.part !== undefined) {
      const [first, second] = declaration.part === undefined ? [declaration, owner] : [owner, declaration];
      warn(
        declaration.token,
        `${describe(first)} and ${describe(second)} get the same ${language.label} variable \`${variable}\` (and custom property \`--${declaration.name}\`): the later one overrides the other`,
      );
    }
  }
  return diagnostics;
}

const describe = (declaration: PreprocessorDeclaration): string =>
  declaration.part === undefined ? `\`${declaration.token.key}\`` : `the \`${declaration.part}\` of \`${declaration.token.key}\``;

/**
 * A stylesheet's variables: one line per declaration (`<variable>: <value>;`), each token's deprecation comment
 * first, written as one string (`+=`), not as a list of lines joined at the end: fewer allocations.
 */
export function variableLines(
  declarations: readonly PreprocessorDeclaration[],
  variable: (name: string) => string,
  valueOf: (declaration: PreprocessorDeclaration) => string,
): string {
  let lines = '';
  for (const declaration of declarations) {
    const comment = declaration.part === undefined ? deprecationText(declaration.token, variable) : undefined;
    if (comment !== undefined) lines += `${comment}\n`;
    lines += `${variable(declaration.name)}: ${valueOf(declaration)};\n`;
  }
  return lines;
}

/** The text of a deprecated token's comment: its message and the variable to use instead. */
export function deprecationText(token: Token, variable: (name: string) => string): string | undefined {
  if (token.deprecated === undefined) return undefined;
  const { message, replacement } = token.deprecated;
  const why = message === null ? '' : ` ${message}`;
  const instead = replacement === null ? '' : ` Use ${variable(wordsOfKey(replacement))} instead.`;
  // A line comment ends at a line break: the designer's text stays on one line.
  return `// Deprecated.${why.replace(/[\r\n\f\u2028\u2029]+/g, ' ')}${instead}`;
}
