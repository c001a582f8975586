import type { CompiledDesignSystem, DesignSystemMeta, Token } from '../compile/types.js';
import { buildTokenTree } from './token-tree.js';

export type TokenListFormat = 'flat' | 'nested';

/** A token as the API serves it: key, type and its raw value. */
export function toApiToken(token: Token): { key: string; type: string; value: Token['value'] } {
  return { key: token.key, type: token.type, value: token.value };
}

/**
 * `GET /tokens`: tokens of one type (or all), flat or nested; `total` counts the tokens returned.
 * @example { data: { tokens: [{ key: 'color.brand.primary', type: 'color', value: { scale: 'blue', step: 600, darkStep: 400 } }], total: 1 } }
 */
export function renderTokenList(system: CompiledDesignSystem, options: { type?: string | undefined; format: TokenListFormat }) {
  const tokens = options.type === undefined ? system.tokens : system.tokens.filter((token) => token.type === options.type);
  const listed =
    options.format === 'nested' ? buildTokenTree(tokens, (token) => ({ type: token.type, value: token.value })) : tokens.map(toApiToken);
  return { data: { tokens: listed, total: tokens.length } };
}

/**
 * `GET /tokens/<a>/<b>`: one token.
 * @example { data: { key: 'spacing.md', type: 'spacing', value: { primitive: 'spacing.4' } } }
 */
export function renderToken(token: Token) {
  return { data: toApiToken(token) };
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
 * `GET /scales`: every color scale with its steps ascending.
 * @example { data: { scales: [{ key: 'blue', steps: [{ step: 50, light: '#EFF6FF', dark: '#172554' }] }] } }
 */
export function renderScales(system: CompiledDesignSystem) {
  return { data: { scales: system.scales } };
}

/**
 * `GET /design-system`: metadata of one design system.
 * @example { data: { id: 'acme', name: 'Acme Product', slug: 'acme', description: null, tokenCount: 191, scaleCount: 6, lastUpdated: '2026-11-20T10:00:00.000Z' } }
 */
export function renderDesignSystem(system: CompiledDesignSystem, lastUpdated: string) {
  const { id, name, slug, description } = system.meta;
  return { data: { id, name, slug, description, tokenCount: system.tokens.length, scaleCount: system.scales.length, lastUpdated } };
}

/**
 * `GET /design-systems` (`field` designSystems) and `GET /projects` (`field` projects): the accessible design systems.
 * @example { data: { designSystems: [{ id: 'acme', name: 'Acme Product', slug: 'acme' }] } }
 */
export function renderDesignSystemList(metas: readonly DesignSystemMeta[], field: 'designSystems' | 'projects') {
  return { data: { [field]: metas.map(({ id, name, slug }) => ({ id, name, slug })) } };
}
