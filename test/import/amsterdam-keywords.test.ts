import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

// Written like @amsterdam/design-system-tokens 4.0.1's src/: DTCG files, mostly without `$type` (its own type under
// `$extensions`), `currentColor` as a `$type: color`, `initial` as a `$type: dimension`.
const FILES = {
  'src/brand/ams/cursor.tokens.json': {
    ams: {
      cursor: {
        interactive: {
          $value: 'pointer',
          $description: 'All interactive elements in their default state that lack a cursor style.',
          $extensions: { 'nl.amsterdam.type': 'cursor' },
        },
        disabled: { $value: 'not-allowed', $extensions: { 'nl.amsterdam.type': 'cursor' } },
      },
    },
  },
  'src/brand/ams/typography.tokens.json': {
    ams: {
      typography: {
        heading: { 'text-wrap': { $value: 'balance', $extensions: { 'nl.amsterdam.type': 'textWrap' } } },
      },
    },
  },
  'src/common/ams/links.tokens.json': {
    ams: {
      links: {
        subtle: {
          'text-decoration-line': { $value: 'none', $extensions: { 'nl.amsterdam.type': 'textDecorationLine' } },
          hover: { 'text-decoration-line': { $value: 'underline', $extensions: { 'nl.amsterdam.type': 'textDecorationLine' } } },
        },
      },
    },
  },
  'src/components/ams/button.tokens.json': {
    ams: {
      button: {
        cursor: { $value: '{ams.cursor.interactive}', $extensions: { 'nl.amsterdam.type': 'cursor' } },
        secondary: {
          'border-color': { $value: 'currentColor', $type: 'color' },
          hover: { 'border-color': { $value: '{ams.button.secondary.border-color}', $type: 'color' } },
          color: { $value: '#004699', $type: 'color' },
        },
      },
      dialog: {
        'inline-size': { $value: '40rem', $type: 'dimension' },
        medium: {
          'inline-size': {
            $deprecated: 'Use `ams.dialog.vi-medium.inline-size` instead. Will be removed on or after 2026-10-20.',
            $value: 'initial',
            $type: 'dimension',
          },
        },
      },
      'link-list': {
        link: {
          'text-decoration-line': {
            $value: '{ams.links.subtle.text-decoration-line}',
            $extensions: { 'nl.amsterdam.type': 'textDecorationLine' },
          },
        },
      },
    },
  },
};

describe('CSS keywords in a DTCG source (Amsterdam)', () => {
  it('imports cursors, text decorations, `text-wrap`, `currentColor` and `initial` as `keyword` tokens; aliases stay references', () => {
    const result = importDesignSystem(
      Object.entries(FILES).map(([path, tree]) => ({ path, text: JSON.stringify(tree) })),
      { slug: 'amsterdam', name: 'Amsterdam' },
    );
    const system = result.compiled.system as CompiledDesignSystem;
    expect(result.compiled.diagnostics).toEqual([]);
    expect(
      Object.fromEntries(system.tokens.map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved['light'] as never)}`])),
    ).toEqual({
      'ams.button.cursor': 'keyword pointer',
      'ams.button.secondary.border-color': 'keyword currentColor',
      'ams.button.secondary.color': 'color #004699',
      'ams.button.secondary.hover.border-color': 'keyword currentColor',
      'ams.cursor.disabled': 'keyword not-allowed',
      'ams.cursor.interactive': 'keyword pointer',
      'ams.dialog.inline-size': 'dimension 40rem',
      'ams.dialog.medium.inline-size': 'keyword initial',
      'ams.link-list.link.text-decoration-line': 'keyword none',
      'ams.links.subtle.hover.text-decoration-line': 'keyword underline',
      'ams.links.subtle.text-decoration-line': 'keyword none',
      'ams.typography.heading.text-wrap': 'keyword balance',
    });
    const refOf = (key: string) => system.tokens.find((token) => token.key === key)?.references?.['light']?.ref;
    expect([
      refOf('ams.button.cursor'),
      refOf('ams.button.secondary.hover.border-color'),
      refOf('ams.link-list.link.text-decoration-line'),
    ]).toEqual(['ams.cursor.interactive', 'ams.button.secondary.border-color', 'ams.links.subtle.text-decoration-line']);
    expect(result.issues).toEqual([]);
    expect(result.notes).toContain(
      '3 tokens whose value is a CSS keyword its type cannot hold (`currentColor`, `initial`) imported as `keyword` tokens, which CSS reads as written',
    );
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });

  it('`--type` keeps its choice: `dimension=keyword` reads every dimension as a keyword, a length then left out', () => {
    const result = importDesignSystem(
      Object.entries(FILES).map(([path, tree]) => ({ path, text: JSON.stringify(tree) })),
      { slug: 'amsterdam', name: 'Amsterdam', types: { dimension: 'keyword' } },
    );
    const system = result.compiled.system as CompiledDesignSystem;
    expect(system.tokens.find((token) => token.key === 'ams.dialog.medium.inline-size')?.type).toBe('keyword');
    expect(result.issues.map(({ source, reason }) => `${source}: ${reason}`)).toEqual([
      'src/components/ams/button.tokens.json:ams.dialog.inline-size: CSS keywords `"40rem"`',
    ]);
  });
});
