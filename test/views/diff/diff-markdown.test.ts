import { marked } from 'marked';
import type { Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import type { DesignSystemDiff } from '../../../src/views/diff/diff-design-systems.js';
import { buildContrastRegressionSection, renderDiffMarkdown } from '../../../src/views/diff/diff-markdown.js';
import type { ContrastRegression } from '../../../src/views/diff/contrast-regressions.js';

const NOTHING: DesignSystemDiff = {
  level: 'none',
  tokens: { added: [], removed: [], changed: [], retyped: [] },
  scales: { added: [], removed: [], changed: [] },
  primitives: { added: [], removed: [], changed: [] },
};
const SIDES = {
  from: { ref: 'v1.0.0', sha: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
  to: { ref: null, sha: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
};
const SYSTEM = { name: 'Aurora', slug: 'aurora' };
const MODES = (dimmed: string, contrast: string) => ({ 'dark-dimmed': dimmed, 'light-high-contrast': contrast });

/** The tables of a Markdown text as GitHub-flavoured Markdown reads them: each row's cells, rendered inline. */
function tablesOf(markdown: string): string[][][] {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.Table => token.type === 'table')
    .map((table) => table.rows.map((row) => row.map((cell) => marked.parseInline(cell.text) as string)));
}

describe('renderDiffMarkdown', () => {
  it('writes a change per mode where the value differs, a uniform one once, removals, retypes and scale changes', () => {
    const diff: DesignSystemDiff = {
      level: 'major',
      tokens: {
        added: [],
        removed: [{ key: 'feature.beta', type: 'boolean', value: { light: 'false', dark: null, modes: MODES('false', 'false') } }],
        changed: [
          {
            key: 'color.canvas',
            type: 'color',
            from: { light: '#FFFFFF', dark: '#0D1117', modes: MODES('#212830', '#FFFFFF') },
            to: { light: '#FFFFFF', dark: '#0D1117', modes: { 'dark-dimmed': '#262C36' } },
            affects: ['color.bg', 'color.card'],
          },
        ],
        retyped: [
          {
            key: 'spacing.md',
            from: { type: 'spacing', value: { light: '16px', dark: null } },
            to: { type: 'radius', value: { light: '16px', dark: null } },
          },
        ],
      },
      scales: {
        added: ['teal'],
        removed: [],
        changed: [
          {
            key: 'gray',
            stepsAdded: [950],
            stepsRemoved: [50],
            stepsChanged: [{ step: 0, from: { light: '#FFFFFF', dark: '#0D1117' }, to: { light: '#FFFFFF', dark: '#010409' } }],
          },
        ],
      },
      primitives: { added: [], removed: [{ type: 'font.size', key: 'xs', value: 0.75, unit: 'rem' }], changed: [] },
    };
    expect(renderDiffMarkdown({ system: SYSTEM, ...SIDES, diff })).toBe(
      [
        '### Design token changes in Aurora (`aurora`): major',
        '',
        'From `v1.0.0` (`aaaaaaa`) to the live files (`bbbbbbb`): breaking: something was removed or retyped, or a contrast pair fails where it passed.',
        '',
        '#### Removed (3)',
        '',
        '| Name | Type | Value |',
        '| --- | --- | --- |',
        '| `feature.beta` | boolean | `false` |',
        '| scale step `gray.50` | color | — |',
        '| primitive `font.size.xs` | font.size | `0.75rem` |',
        '',
        '#### Retyped (1)',
        '',
        '| Token | Before | After |',
        '| --- | --- | --- |',
        '| `spacing.md` | spacing `16px` | radius `16px` |',
        '',
        '#### Changed (2)',
        '',
        '| Name | Mode | Before | After |',
        '| --- | --- | --- | --- |',
        '| `color.canvas` (and 2 tokens that refer to it) | dark-dimmed | `#212830` | `#262C36` |',
        '| `color.canvas` (and 2 tokens that refer to it) | light-high-contrast | `#FFFFFF` | — |',
        '| scale step `gray.0` | dark | `#0D1117` | `#010409` |',
        '',
        '#### Added (2)',
        '',
        '| Name | Type | Value |',
        '| --- | --- | --- |',
        '| scale `teal` | color | — |',
        '| scale step `gray.950` | color | — |',
        '',
      ].join('\n'),
    );
  });

  it('puts every value in a code span that no backtick, pipe, newline or tag escapes', () => {
    const hostile = ['`a`', 'b | c', 'd\ne', '<script>alert(1)</script>', '``f``', ' g ', 'h\\', '\\|'];
    const diff: DesignSystemDiff = {
      ...NOTHING,
      level: 'minor',
      tokens: {
        ...NOTHING.tokens,
        added: hostile.map((light, index) => ({ key: `font.f${index}`, type: 'font.family', value: { light, dark: null } })),
      },
    };
    const markdown = renderDiffMarkdown({ system: SYSTEM, ...SIDES, diff });
    expect(tablesOf(markdown)).toEqual([
      [
        ['<code>font.f0</code>', 'font.family', '<code>`a`</code>'],
        ['<code>font.f1</code>', 'font.family', '<code>b | c</code>'],
        ['<code>font.f2</code>', 'font.family', '<code>d e</code>'],
        ['<code>font.f3</code>', 'font.family', '<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>'],
        ['<code>font.f4</code>', 'font.family', '<code>``f``</code>'],
        ['<code>font.f5</code>', 'font.family', '<code> g </code>'],
        ['<code>font.f6</code>', 'font.family', '<code>h\\</code>'],
        ['<code>font.f7</code>', 'font.family', '<code>\\</code>&#8203;<code>|</code>'],
      ],
    ]);
  });

  it('shortens a very long value to 100 characters', () => {
    const diff: DesignSystemDiff = {
      ...NOTHING,
      level: 'minor',
      tokens: { ...NOTHING.tokens, added: [{ key: 'font.long', type: 'font.family', value: { light: 'x'.repeat(500), dark: null } }] },
    };
    expect(tablesOf(renderDiffMarkdown({ system: SYSTEM, ...SIDES, diff }))).toEqual([
      [['<code>font.long</code>', 'font.family', `<code>${'x'.repeat(99)}…</code>`]],
    ]);
  });

  it('spends one row budget across the groups, announcing each group even when none of its rows fit', () => {
    const added = Array.from({ length: 4 }, (_, index) => ({ key: `a.t${index}`, type: 'number', value: { light: '1', dark: null } }));
    const removed = Array.from({ length: 3 }, (_, index) => ({ key: `r.t${index}`, type: 'number', value: { light: '1', dark: null } }));
    const diff: DesignSystemDiff = { ...NOTHING, level: 'major', tokens: { ...NOTHING.tokens, added, removed } };
    const markdown = renderDiffMarkdown({ system: SYSTEM, ...SIDES, diff }, { maxRows: 3, collapseAfter: 2 });
    expect(markdown.split('\n').slice(4)).toEqual([
      '#### Removed (3)',
      '',
      '<details><summary>Show all 3</summary>',
      '',
      '| Name | Type | Value |',
      '| --- | --- | --- |',
      '| `r.t0` | number | `1` |',
      '| `r.t1` | number | `1` |',
      '| `r.t2` | number | `1` |',
      '',
      '</details>',
      '',
      '#### Added (4)',
      '',
      '…and 4 more not shown (the JSON answer lists every change).',
      '',
    ]);
  });
});

describe('buildContrastRegressionSection (the extension point for contrast results)', () => {
  const REGRESSIONS: ContrastRegression[] = [
    { pair: 'text on canvas', mode: 'dark', before: 7.123, after: 2.699, required: 4.5 },
    { pair: 'focus | ring <b>', mode: 'light-high-contrast', before: null, after: 4.499, required: 7 },
  ];

  it('is nothing without regressions', () => {
    expect(buildContrastRegressionSection()).toBeUndefined();
    expect(buildContrastRegressionSection([])).toBeUndefined();
  });

  it('renders the regressions first, ratios cut (never rounded up) to two decimals', () => {
    const markdown = renderDiffMarkdown({
      system: SYSTEM,
      ...SIDES,
      diff: { ...NOTHING, level: 'major', contrastRegressions: REGRESSIONS },
    });
    expect(markdown).toBe(
      [
        '### Design token changes in Aurora (`aurora`): major',
        '',
        'From `v1.0.0` (`aaaaaaa`) to the live files (`bbbbbbb`): breaking: something was removed or retyped, or a contrast pair fails where it passed.',
        '',
        '#### Contrast regressions (2)',
        '',
        '| Pair | Mode | Before | After | Required |',
        '| --- | --- | --- | --- | --- |',
        '| text on canvas | dark | 7.12:1 | 2.69:1 | 4.5:1 |',
        '| focus \\| ring \\<b\\> | light-high-contrast | — | 4.49:1 | 7:1 |',
        '',
      ].join('\n'),
    );
    expect(tablesOf(markdown)[0]?.[1]?.[0]).toBe('focus | ring &lt;b&gt;');
  });
});
