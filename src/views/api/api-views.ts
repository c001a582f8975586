import { MAX_REFERENCE_DEPTH } from '../../compile/resolve/resolve-tokens.js';
import type { CompiledDesignSystem, DesignSystemMeta, Token } from '../../compile/types.js';
import { formatCssNumber, formatHex } from '../shared/css-values.js';
import { furtherModes } from '../shared/mode-values.js';
import { buildSystemTree, buildTokenTree } from '../shared/token-tree.js';
import type { ApiDesignSystemMeta, ApiScale, ApiToken } from './api-answers.js';
import { valueAt } from '../../compile/checked-access.js';

export type TokenListFormat = 'flat' | 'nested';

/** A token as the API serves it: key, type, its value as written, the fields written per mode and per breakpoint and its deprecation when it has them. */
export function toApiToken(token: Token): ApiToken {
  return {
    key: token.key,
    type: token.type,
    value: token.value,
    ...(token.modes === undefined ? {} : { modes: token.modes }),
    ...(token.breakpoints === undefined ? {} : { breakpoints: token.breakpoints }),
    ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
  };
}

/** A token as a leaf of the nested tree: its key is the path to it. */
function nestedLeaf(token: Token): Omit<ApiToken, 'key'> {
  const { key: _, ...leaf } = toApiToken(token);
  return leaf;
}

/**
 * `GET /tokens`: tokens of one type (or all), flat or nested; `total` counts the tokens returned.
 * @example { data: { tokens: [{ key: 'color.brand.primary', type: 'color', value: { scale: 'blue', step: 600, darkStep: 400 } }], total: 1 } }
 */
export function renderTokenList(system: CompiledDesignSystem, options: { type?: string | undefined; format: TokenListFormat }) {
  const tokens = options.type === undefined ? system.tokens : system.tokens.filter((token) => token.type === options.type);
  // Every token: the system's tree plan (worked out once per system) nests them.
  const nested = () => (tokens === system.tokens ? buildSystemTree(system, nestedLeaf) : buildTokenTree(tokens, nestedLeaf));
  const listed = options.format === 'nested' ? nested() : tokens.map(toApiToken);
  return { data: { tokens: listed, total: tokens.length } };
}

/**
 * `GET /tokens/<a>/<b>`: one token; `references` says, per mode, what its value resolves through (`chain`, the
 * token it names first, followed through `tokensByKey` to the one that has the value) and which parts refer to which
 * token (`parts`, `adjusted`), when it refers to any.
 * @example { data: { key: 'spacing.md', type: 'spacing', value: { primitive: 'spacing.4' } } }
 * @example { data: { key: 'color.link', ..., references: { light: { chain: ['color.button.bg', 'color.brand.primary'] } } } }
 */
export function renderToken(token: Token, tokensByKey: ReadonlyMap<string, Token>) {
  if (token.references === undefined) return { data: toApiToken(token) };
  const references: Record<string, Record<string, unknown>> = {};
  for (const [mode, { ref, ...parts }] of Object.entries(token.references)) {
    references[mode] = ref === undefined ? parts : { chain: chainFrom(ref, mode, tokensByKey), ...parts };
  }
  return { data: { ...toApiToken(token), references } };
}

/** Every token a reference to `key` resolves through in `mode`: `key`, the token it names, and so on. */
function chainFrom(key: string, mode: string, tokensByKey: ReadonlyMap<string, Token>): string[] {
  const chain = [key];
  // The compiler refuses longer chains and cycles; the bound only keeps a walk finite by construction.
  for (let next = tokensByKey.get(key)?.references?.[mode]?.ref; next !== undefined && chain.length <= MAX_REFERENCE_DEPTH;) {
    chain.push(next);
    next = tokensByKey.get(next)?.references?.[mode]?.ref;
  }
  return chain;
}

/**
 * `GET /primitives`: primitive type -> primitives, types and keys sorted.
 * @example { data: { primitives: { spacing: [{ key: '4', value: 16, unit: 'px' }] } } }
 */
export function renderPrimitives(system: CompiledDesignSystem, type?: string) {
  const primitives = type === undefined ? system.primitives : { [type]: system.primitives[type] ?? [] };
  return { data: { primitives } };
}

/**
 * `GET /scales`: every color scale with its steps ascending, each step's colors as hex (`#RRGGBBAA` when translucent);
 * `modes` has each further mode's color when the design system declares further modes.
 * @example { data: { scales: [{ key: 'blue', steps: [{ step: 50, light: '#EFF6FF', dark: '#172554' }] }] } }
 */
export function renderScales(system: CompiledDesignSystem): { data: { scales: ApiScale[] } } {
  const further = furtherModes(system).map((mode) => mode.name);
  const scales = system.scales.map((scale) => ({
    key: scale.key,
    steps: scale.steps.map(({ step, colors }) => {
      const served = { step, light: formatHex(colors.light), dark: formatHex(colors.dark) };
      if (further.length === 0) return served;
      return { ...served, modes: Object.fromEntries(further.map((mode) => [mode, formatHex(valueAt(colors, mode))])) };
    }),
  }));
  return { data: { scales } };
}

/**
 * `GET /design-system`: metadata of one design system; `modes` lists its further modes (besides light and dark) with
 * the mode each takes unset values from and its media query, only when it has any.
 * @example { data: { id: 'acme', name: 'Acme Product', slug: 'acme', description: null, tokenCount: 191, scaleCount: 6, lastUpdated: '2026-11-20T10:00:00.000Z' } }
 * @example { data: { id: 'aurora', ..., lastUpdated: '...', modes: [{ name: 'dark-dimmed', base: 'dark', media: null }] } }
 */
export function renderDesignSystem(system: CompiledDesignSystem, lastUpdated: string): { data: ApiDesignSystemMeta } {
  const { id, name, slug, description } = system.meta;
  const meta = { id, name, slug, description, tokenCount: system.tokens.length, scaleCount: system.scales.length, lastUpdated };
  const further = furtherModes(system).map((mode) => ({ name: mode.name, base: mode.base, media: mode.media }));
  const withModes = further.length === 0 ? meta : { ...meta, modes: further };
  if (system.breakpoints === undefined) return { data: withModes };
  const breakpoints = system.breakpoints.map(({ name, minWidth, container }) => ({
    name,
    minWidth: `${formatCssNumber(minWidth.value)}${minWidth.unit}`,
    container,
  }));
  return { data: { ...withModes, breakpoints } };
}

/**
 * `GET /design-systems` (`field` designSystems) and `GET /projects` (`field` projects): the accessible design systems.
 * @example { data: { designSystems: [{ id: 'acme', name: 'Acme Product', slug: 'acme' }] } }
 */
export function renderDesignSystemList(metas: readonly DesignSystemMeta[], field: 'designSystems' | 'projects') {
  return { data: { [field]: metas.map(({ id, name, slug }) => ({ id, name, slug })) } };
}
