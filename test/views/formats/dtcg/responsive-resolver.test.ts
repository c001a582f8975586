import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderDtcgResolver } from '../../../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { loadDtcgSchemas, parseWithTerrazzo } from '../../../interop/dtcg-consumers.js';

interface ResolverDocument {
  readonly modifiers: Readonly<Record<string, { readonly contexts: object; readonly default: string; readonly $extensions?: unknown }>>;
  readonly resolutionOrder: readonly unknown[];
}

/** A resolved token's value as Terrazzo gives it, shortened: a dimension `24px`, a color its hex. */
function shortValue(value: unknown): unknown {
  const object = value as { value?: number; unit?: string; hex?: string };
  if (object.unit !== undefined) return `${object.value}${object.unit}`;
  return object.hex ?? value;
}

describe('resolver document of breakpoints (a modifier `breakpoint`), read by Terrazzo', () => {
  let document: ResolverDocument;
  beforeAll(async () => {
    document = JSON.parse(renderDtcgResolver((await compileFixture('responsive')).system as CompiledDesignSystem)) as ResolverDocument;
  });

  it('is valid under the official resolver schema, with a context per breakpoint and their conditions in $extensions', () => {
    const { resolver } = loadDtcgSchemas();
    expect(resolver(document), JSON.stringify(resolver.errors)).toBe(true);
    const breakpoint = document.modifiers['breakpoint'];
    expect(Object.keys(breakpoint?.contexts ?? {})).toEqual(['base', 'md', 'lg']);
    expect(breakpoint?.default).toBe('base');
    expect(breakpoint?.$extensions).toEqual({
      'com.service': {
        breakpoints: {
          md: { minWidth: '48rem', container: null, condition: '(min-width: 48rem)' },
          lg: { minWidth: '1024px', container: null, condition: '(min-width: 1024px)' },
        },
      },
    });
    expect(document.resolutionOrder).toEqual([
      { $ref: '#/sets/tokens' },
      { $ref: '#/modifiers/theme' },
      { $ref: '#/modifiers/breakpoint' },
    ]);
  });

  it.each([
    [
      'light',
      'base',
      { 'space.gutter': '16px', 'space.gap': '16px', 'space.inset': '8px', 'space.stack': '4px', 'font.size.display': '24px' },
    ],
    [
      'light',
      'md',
      { 'space.gutter': '24px', 'space.gap': '24px', 'space.inset': '8px', 'space.stack': '20px', 'font.size.display': '24px' },
    ],
    [
      'light',
      'lg',
      { 'space.gutter': '2rem', 'space.gap': '2rem', 'space.inset': '12px', 'space.stack': '20px', 'font.size.display': '2.5rem' },
    ],
    ['dark', 'base', { 'space.gutter': '16px', 'space.inset': '10px', 'space.stack': '6px', 'color.bg': '#0D1117' }],
    // A value the same in every mode at the breakpoint holds in dark too.
    ['dark', 'md', { 'space.gutter': '24px', 'space.stack': '20px' }],
    ['dark-dimmed', 'lg', { 'space.gutter': '2rem', 'space.stack': '20px' }],
  ])('Terrazzo resolves theme %s at breakpoint %s to the compiled values', async (theme, breakpoint, want) => {
    const { result, messages } = await parseWithTerrazzo(document, 'responsive.resolver.json');
    expect(messages).toEqual([]);
    const resolved = result?.resolver?.apply({ theme, breakpoint }) ?? {};
    const got = Object.fromEntries(Object.keys(want).map((key) => [key, shortValue(resolved[key]?.$value)]));
    expect(got).toEqual(want);
  });

  it('carries the other modes’ values at a breakpoint in $extensions, where a DTCG context cannot depend on the theme', () => {
    const lg = (document.modifiers['breakpoint']?.contexts as Record<string, [{ space: Record<string, unknown> }]>)['lg'];
    expect(lg?.[0].space['inset']).toEqual({
      $type: 'dimension',
      $value: { value: 12, unit: 'px' },
      $extensions: { 'com.service': { dark: { value: 14, unit: 'px' }, modes: { 'dark-dimmed': { value: 14, unit: 'px' } } } },
    });
  });
});
