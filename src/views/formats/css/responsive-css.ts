import type { BreakpointDefinition, CompiledDesignSystem } from '../../../compile/types.js';
import {
  breakpointCondition,
  fluidTokenIndexes,
  staticSystemOf,
  systemAtBreakpoint,
  tokensChangingAt,
} from '../../shared/breakpoint-systems.js';
import type { CssWriter } from '../../shared/css-writer.js';

/** What writes the rules of some tokens of a system (by index) with a writer of that system: one breakpoint's rules. */
export type RenderRules = (system: CompiledDesignSystem, indexes: readonly number[], writer: CssWriter) => string;

/** The condition `@supports` tests before the fluid values replace their static ones. */
export const CLAMP_SUPPORT = '(width: clamp(1px, 1vw, 2px))';

/**
 * The rules of a system with breakpoints or fluid values: `render`'s rules of its values below the first breakpoint
 * (fluid ones at their static value), then per breakpoint a `@media (min-width)` (or `@container`) block with the rules
 * of the tokens that change there, in every mode (a breakpoint's `:root` rule comes after every mode's rule, so each
 * mode's rule there writes them again); then, in `@supports` of `clamp()`, the same for the fluid tokens with their
 * `clamp()` values. `writerOf` makes a writer of a system whose tokens are those of `system`, by index.
 * @example renderWithBreakpoints(system, indexes, writerOf, render) // ':root {\n  --space: 16px;\n}\n\n@media (min-width: 48rem) {\n  :root {\n    --space: 24px;\n  }\n}\n'
 */
export function renderWithBreakpoints(
  system: CompiledDesignSystem,
  indexes: readonly number[],
  writerOf: (system: CompiledDesignSystem) => CssWriter,
  render: RenderRules,
): string {
  let written = renderAtEachBreakpoint(staticSystemOf(system), indexes, writerOf, render);
  const wanted = new Set(indexes);
  const fluid = fluidTokenIndexes(system).filter((index) => wanted.has(index));
  if (fluid.length > 0) written += `\n@supports ${CLAMP_SUPPORT} {\n${indent(renderAtEachBreakpoint(system, fluid, writerOf, render))}}\n`;
  return written;
}

function renderAtEachBreakpoint(
  system: CompiledDesignSystem,
  indexes: readonly number[],
  writerOf: (system: CompiledDesignSystem) => CssWriter,
  render: RenderRules,
): string {
  let written = render(system, indexes, writerOf(system));
  const wanted = new Set(indexes);
  const changing = tokensChangingAt(system);
  (system.breakpoints ?? []).forEach((breakpoint, at) => {
    const here = (changing[at] ?? []).filter((index) => wanted.has(index));
    if (here.length === 0) return;
    const writer = writerOf(systemAtBreakpoint(system, breakpoint.name));
    // Every mode's rule writes each token that changes here: see above.
    const rules = render(systemAtBreakpoint(system, breakpoint.name), here, { ...writer, redeclares: () => true });
    written += conditionalBlock(breakpoint, rules);
  });
  return written;
}

/**
 * `rules` inside a breakpoint's `@media`, or its `@container`: there `:root` never matches (it is in no container), so
 * `:root` becomes every element (`*`) and a mode's selector `s` also its descendants (`s, s *`), which a mode's rule on
 * the element outside the container reaches.
 */
function conditionalBlock(breakpoint: BreakpointDefinition, rules: string): string {
  if (breakpoint.container === null) return `\n@media ${breakpointCondition(breakpoint)} {\n${indent(rules)}}\n`;
  const inContainer = rules
    .split('\n')
    .map((line) => {
      const rule = /^(\s*)(.+) \{$/.exec(line);
      if (rule === null || (rule[2] ?? '').startsWith('@')) return line;
      const selectors = (rule[2] ?? '').split(', ').map((selector) => (selector === ':root' ? '*' : `${selector}, ${selector} *`));
      return `${rule[1] ?? ''}${selectors.join(', ')} {`;
    })
    .join('\n');
  return `\n@container ${breakpoint.container} ${breakpointCondition(breakpoint)} {\n${indent(inContainer)}}\n`;
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
