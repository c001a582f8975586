import type { CompiledDesignSystem } from '../../compile/types.js';
import { schemeOf } from '../../views/shared/mode-values.js';

/** What `list_modes` answers: every mode in order (light, dark, then the declared ones) with its base, media query and scheme. */
export interface ListModesAnswer {
  readonly designSystem: string;
  readonly modes: readonly {
    readonly name: string;
    readonly base: string | null;
    readonly media: string | null;
    readonly scheme: 'light' | 'dark';
  }[];
}

/**
 * `list_modes`: the design system's modes, as `GET /design-system` lists the further ones, light and dark first.
 * @example listModes(harbor).modes[2] // { name: 'dark-dimmed', base: 'dark', media: null, scheme: 'dark' }
 */
export function listModes(system: CompiledDesignSystem): ListModesAnswer {
  return {
    designSystem: system.meta.slug,
    modes: system.modes.map(({ name, base, media }) => ({ name, base, media, scheme: schemeOf(system, name) })),
  };
}
