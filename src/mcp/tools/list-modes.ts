import type { CompiledDesignSystem } from '../../compile/types.js';
import { schemeOf } from '../../views/shared/mode-values.js';
import { breakpointCondition } from '../../views/shared/breakpoint-systems.js';
import { formatCssNumber } from '../../views/shared/css-values.js';

/** What `list_modes` answers: every mode in order (light, dark, then the declared ones) with its base, media query and scheme. */
export interface ListModesAnswer {
  readonly designSystem: string;
  readonly modes: readonly {
    readonly name: string;
    readonly base: string | null;
    readonly media: string | null;
    readonly scheme: 'light' | 'dark';
  }[];
  /**
   * Only when `system.yaml` declares breakpoints: each, narrowest first, with its width (`48rem`), the container it
   * queries (null: the viewport) and its condition as a media or container query and `matchMedia` take it.
   */
  readonly breakpoints?: readonly {
    readonly name: string;
    readonly minWidth: string;
    readonly container: string | null;
    readonly condition: string;
  }[];
}

/**
 * `list_modes`: the design system's modes, as `GET /design-system` lists the further ones, light and dark first, and
 * its breakpoints when it declares any.
 * @example listModes(harbor).modes[2] // { name: 'dark-dimmed', base: 'dark', media: null, scheme: 'dark' }
 */
export function listModes(system: CompiledDesignSystem): ListModesAnswer {
  const answer = {
    designSystem: system.meta.slug,
    modes: system.modes.map(({ name, base, media }) => ({ name, base, media, scheme: schemeOf(system, name) })),
  };
  if (system.breakpoints === undefined) return answer;
  const breakpoints = system.breakpoints.map((breakpoint) => ({
    name: breakpoint.name,
    minWidth: `${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit}`,
    container: breakpoint.container,
    condition: breakpointCondition(breakpoint),
  }));
  return { ...answer, breakpoints };
}
