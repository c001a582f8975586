import type { CompiledDesignSystem, TypedValue } from '../../../compile/types.js';
import { cssTextsOf, formatCssValue, formatTypographyPart, TYPOGRAPHY_PARTS } from '../../shared/css-values.js';
import { perSystem, perSystemAndKey } from '../../shared/system-memo.js';
import { CLOSE_GROUP, OPEN_GROUP, treeWalkOf } from '../../shared/token-tree.js';
import { itemAt } from '../../../compile/checked-access.js';

/**
 * A token's value as a literal of the JavaScript and TypeScript exports: its JSON text, or a typography token's parts'
 * JSON texts in {@link TYPOGRAPHY_PARTS} order (`normal` for a weight or line height it leaves out).
 */
export type JsLiteral = string | readonly string[];

/**
 * A value as the TypeScript module holds it: its CSS text (a boolean's too), a typography token's parts.
 * @example textLiteralOf({ kind: 'boolean', value: false }) // '"false"'
 */
export function textLiteralOf(value: TypedValue): JsLiteral {
  if (value.kind !== 'typography') return JSON.stringify(formatCssValue(value));
  return TYPOGRAPHY_PARTS.map((part) => JSON.stringify(formatTypographyPart(value, part)));
}

/**
 * Each token's value in `mode` (its light value where the mode sets none) as the JavaScript module holds it, by token
 * index: the CSS text the other exports serve ({@link cssTextsOf}), except a boolean, which is `true` or `false` (the
 * string `"false"` would be truthy); a typography token's parts as in `/export/ts`. Worked out once per compiled system
 * and mode: the ES module, its CommonJS twin and the declarations print the same literals.
 * @example jsLiteralsOf(system, 'light')[0] // '"#2563EB"'
 */
export const jsLiteralsOf: (system: CompiledDesignSystem, mode: string) => readonly JsLiteral[] = perSystemAndKey((system, mode) => {
  const light = mode === 'light' ? undefined : jsLiteralsOf(system, 'light');
  const texts = cssTextsOf(system, mode);
  const literals: JsLiteral[] = [];
  const { tokens } = system;
  for (let index = 0; index < tokens.length; index += 1) {
    const { resolved } = itemAt(tokens, index);
    const value = resolved[mode] ?? resolved.light;
    // Most tokens keep their light value in other modes (the same object): its literal is printed already.
    if (light !== undefined && value === resolved.light) literals.push(itemAt(light, index));
    else if (value.kind === 'boolean') literals.push(JSON.stringify(value.value));
    else literals.push(value.kind === 'typography' ? textLiteralOf(value) : JSON.stringify(texts[index]));
  }
  return literals;
});

/** How an export spells an object of tokens: a frozen object (`Object.freeze({ a: 1, })`) or a type (`{ readonly a: 1; }`). */
export interface ObjectSyntax {
  /** Opens an object. */
  readonly open: string;
  /** Closes it. */
  readonly close: string;
  /** Comes before each property's name (`readonly ` in a type). */
  readonly modifier: string;
  /** Ends each property. */
  readonly end: string;
  /** A key segment as a property name. */
  readonly nameOf: (segment: string) => string;
}

/** No deprecation comments: what a value object prints (JSDoc marks the types, not the values). */
export const NO_COMMENTS: ReadonlyMap<string, string> = new Map();

/** Indentation by depth, two spaces a level (shared by every print: a handful of strings). */
const INDENTS: string[] = [''];

function indentOf(depth: number): string {
  while (INDENTS.length <= depth) INDENTS.push(`${itemAt(INDENTS, INDENTS.length - 1)}  `);
  return itemAt(INDENTS, depth);
}

/**
 * The system's tokens nested by key segments as one object literal of `syntax`, each leaf the token's literal from
 * `literals`, its closing brace indented to `depth`; a property whose key path is a deprecated token gets its JSDoc
 * from `comments`. Printed straight from the tokens (the system's {@link treeWalkOf}), with no tree in between.
 * @example printTokenObject(system, jsLiteralsOf(system, 'light'), FROZEN, 0, NO_COMMENTS) // 'Object.freeze({\n  color: Object.freeze({\n ...'
 */
export function printTokenObject(
  system: CompiledDesignSystem,
  literals: readonly JsLiteral[],
  syntax: ObjectSyntax,
  depth: number,
  comments: ReadonlyMap<string, string>,
): string {
  const { steps, paths } = treeWalkOf(system);
  if (steps.length === 0) return `${syntax.open}${syntax.close}`;
  const names = stepNamesOf(system, syntax.nameOf);
  // One string grown by `+=` (V8 joins the pieces once, when the text is read): measured faster than parts joined.
  let text = `${syntax.open}\n`;
  let level = depth + 1;
  for (let step = 0; step < steps.length; step += 1) {
    const token = itemAt(steps, step);
    if (token === CLOSE_GROUP) {
      level -= 1;
      text += `${indentOf(level)}${syntax.close}${syntax.end}\n`;
      continue;
    }
    const indent = indentOf(level);
    const path = itemAt(paths, step);
    if (comments.size > 0) text += commentLine(comments, path, indent);
    text += `${indent}${syntax.modifier}${itemAt(names, step)}: `;
    if (token === OPEN_GROUP) {
      text += `${syntax.open}\n`;
      level += 1;
    } else {
      text += `${printLiteral(itemAt(literals, token), syntax, level, path, comments)}${syntax.end}\n`;
    }
  }
  return `${text}${indentOf(depth)}${syntax.close}`;
}

/** Each system's step names by how they are spelled (`nameOf`): every mode's object has the same keys. */
const stepNamesBySpelling = perSystem(() => new Map<(segment: string) => string, readonly string[]>());

/**
 * The segment of each step of the system's walk as `nameOf` spells it (a property name, a type's key), once per system
 * and spelling: each export prints an object per mode, all with the same keys, and `nameOf` tests each key.
 */
function stepNamesOf(system: CompiledDesignSystem, nameOf: (segment: string) => string): readonly string[] {
  const bySpelling = stepNamesBySpelling(system);
  let names = bySpelling.get(nameOf);
  if (names === undefined) {
    const { steps, segments } = treeWalkOf(system);
    names = segments.map((segment, step) => (steps[step] === CLOSE_GROUP ? '' : nameOf(segment)));
    bySpelling.set(nameOf, names);
  }
  return names;
}

/** A literal as `syntax` prints it: a typography token's parts as an object (key paths `path.part`), at `depth`. */
export function printLiteral(
  literal: JsLiteral,
  syntax: ObjectSyntax,
  depth: number,
  path: string,
  comments: ReadonlyMap<string, string>,
): string {
  if (typeof literal === 'string') return literal;
  const indent = indentOf(depth + 1);
  let text = `${syntax.open}\n`;
  TYPOGRAPHY_PARTS.forEach((part, index) => {
    if (comments.size > 0) text += commentLine(comments, path === '' ? part : `${path}.${part}`, indent);
    text += `${indent}${syntax.modifier}${syntax.nameOf(part)}: ${itemAt(literal, index)}${syntax.end}\n`;
  });
  return `${text}${indentOf(depth)}${syntax.close}`;
}

/** The JSDoc line of the property at `path` when its token is deprecated, else nothing. */
function commentLine(comments: ReadonlyMap<string, string>, path: string, indent: string): string {
  const comment = comments.get(path);
  return comment === undefined ? '' : `${indent}${comment}\n`;
}
