import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { compileFiles } from '../helpers/fixtures.js';

// Issue 27, item 1: the `contrast` section (pairs, minFontSize, surface) as the compiler reads it, and every mistake
// in it at its file:line:column with its rule.
const SYSTEM: [string, string] = ['ds/system.yaml', 'name: Contrast\n'];
const TOKENS: [string, string] = [
  'ds/tokens.yaml',
  `tokens:
  color.fg: { type: color, color: "#1F2328" }
  color.bg: { type: color, color: "#FFFFFF" }
  font.size.base: { type: font.size, value: 16 }
  typography.body: { type: typography, fontSize: 16px }
`,
];
const C = 'ds/contrast.yaml';
const compileContrast = (text: string, more: [string, string][] = []) => compileFiles('ds', [SYSTEM, TOKENS, [C, text], ...more]);
const error = (line: number, column: number, rule: RuleId, message: string, file = C): Diagnostic => ({
  file,
  line,
  column,
  rule,
  message,
  severity: 'error',
});

describe('the contrast section', () => {
  it('compiles into the design system, defaults filled in, pairs in written order', () => {
    const { system, diagnostics } = compileContrast(`contrast:
  minFontSize: 0.75rem
  surface: color.bg
  pairs:
    body: { foreground: color.fg, background: color.bg }
    heading: { foreground: color.fg, background: color.bg, typography: typography.body, level: AAA, severity: warning }
    border: { foreground: color.fg, background: color.bg, kind: non-text }
`);
    expect(diagnostics).toEqual([]);
    expect(system?.contrast).toEqual({
      minFontSize: { value: 0.75, unit: 'rem' },
      surface: 'color.bg',
      pairs: [
        { name: 'body', foreground: 'color.fg', background: 'color.bg', kind: 'text', level: 'AA', typography: null, severity: 'error' },
        {
          name: 'heading',
          foreground: 'color.fg',
          background: 'color.bg',
          kind: 'text',
          level: 'AAA',
          typography: 'typography.body',
          severity: 'warning',
        },
        {
          name: 'border',
          foreground: 'color.fg',
          background: 'color.bg',
          kind: 'non-text',
          level: 'AA',
          typography: null,
          severity: 'error',
        },
      ],
    });
  });

  it('leaves a design system without a contrast section (and its content hash) as it was', () => {
    const without = compileFiles('ds', [SYSTEM, TOKENS]).system;
    expect(without).toBeDefined();
    expect(without && 'contrast' in without).toBe(false);
    const withPairs = compileContrast('contrast:\n  pairs:\n    body: { foreground: color.fg, background: color.bg }\n').system;
    expect(withPairs?.contentHash).not.toBe(without?.contentHash);
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      'unknown token, with a suggestion',
      {
        given: 'contrast:\n  pairs:\n    body: { foreground: color.fgg, background: color.bg }\n',
        want: [
          error(
            3,
            25,
            'unknown-reference',
            '`foreground` of contrast pair `body` names unknown token `color.fgg` (did you mean `color.fg`?)',
          ),
        ],
      },
    ],
    [
      'a token that is not a color',
      {
        given: 'contrast:\n  pairs:\n    body: { foreground: color.fg, background: font.size.base }\n',
        want: [
          error(
            3,
            47,
            'reference-type-mismatch',
            '`background` of contrast pair `body` must name a color token; `font.size.base` is a font.size token',
          ),
        ],
      },
    ],
    [
      'a missing background',
      {
        given: 'contrast:\n  pairs:\n    body: { foreground: color.fg }\n',
        want: [error(3, 5, 'missing-field', 'contrast pair `body` is missing `background`')],
      },
    ],
    [
      'an unknown kind, level and severity',
      {
        given: `contrast:
  pairs:
    body:
      foreground: color.fg
      background: color.bg
      kind: large
      level: A
      severity: fatal
`,
        want: [
          error(6, 13, 'invalid-value', '`kind` of contrast pair `body` must be one of text, large-text, non-text, got "large"'),
          error(7, 14, 'invalid-value', '`level` of contrast pair `body` must be one of AA, AAA, got "A" (did you mean `AA`?)'),
          error(8, 17, 'invalid-value', '`severity` of contrast pair `body` must be one of error, warning, got "fatal"'),
        ],
      },
    ],
    [
      'an unknown field in a pair and in the section',
      {
        given: 'contrast:\n  minSize: 12px\n  pairs:\n    body: { foreground: color.fg, background: color.bg, ratio: 4.5 }\n',
        want: [
          error(2, 12, 'unknown-field', 'unknown field `minSize` in `contrast` (allowed: pairs, minFontSize, surface)'),
          error(
            4,
            64,
            'unknown-field',
            'unknown field `ratio` in contrast pair `body` (allowed: foreground, background, kind, level, typography, severity)',
          ),
        ],
      },
    ],
    [
      'a kind beside the typography that decides it',
      {
        given:
          'contrast:\n  pairs:\n    h: { foreground: color.fg, background: color.bg, typography: typography.body, kind: large-text }\n',
        want: [
          error(
            3,
            89,
            'invalid-value',
            'contrast pair `h` names a `typography`, which decides per mode whether the text is large: its `kind` must be `text` (or left out), got "large-text"',
          ),
        ],
      },
    ],
    [
      'pairs written as a list',
      {
        given: 'contrast:\n  pairs:\n    - { foreground: color.fg, background: color.bg }\n',
        want: [
          error(
            3,
            5,
            'invalid-value',
            '`pairs` of `contrast` must be a mapping of pair names to { foreground, background, kind, level, typography, severity }, got [{"foreground":"color.fg","background":"color.bg"}]',
          ),
        ],
      },
    ],
    [
      'a minFontSize that is not a length in px or rem',
      {
        given: 'contrast:\n  minFontSize: 1em\n',
        want: [
          error(2, 16, 'invalid-value', '`minFontSize` of `contrast` must be a length above 0 in px or rem (`12px`, `0.75rem`), got "1em"'),
        ],
      },
    ],
    [
      'a section that is not a mapping',
      {
        given: 'contrast: [1]\n',
        want: [error(1, 11, 'section-not-a-map', '`contrast` must be a mapping')],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const { system, diagnostics } = compileContrast(given);
    expect(diagnostics).toEqual(want);
    expect(system).toBe(undefined);
  });

  it('does not report the pairs naming tokens of a file that cannot be read: that file’s error says why', () => {
    const { diagnostics } = compileFiles('ds', [
      SYSTEM,
      ['ds/tokens.yaml', 'tokens:\n  color.fg: { type: color, color: "#000"\n'],
      [C, 'contrast:\n  pairs:\n    body: { foreground: color.fg, background: color.bg }\n'],
    ]);
    expect(diagnostics.map(({ file, rule }) => `${file} ${rule}`)).toEqual(['ds/tokens.yaml yaml-syntax']);
  });

  it('refuses a second contrast section, naming the first', () => {
    const { diagnostics } = compileContrast('contrast:\n  minFontSize: 12px\n', [['ds/more.yaml', 'contrast:\n  minFontSize: 14px\n']]);
    expect(diagnostics).toEqual([
      error(1, 1, 'duplicate-key', 'the `contrast` section is already defined at ds/contrast.yaml:1:1', 'ds/more.yaml'),
    ]);
  });
});

// Issue 36, finding 2: 14,000 pairs in 102 modes froze the server for seconds a request. A section may ask for at
// most 20,000 checks (pairs × modes, light and dark included); past that it is refused at the section, before any
// pair is read or checked.
describe('the limit on contrast checks', () => {
  const MODES = `name: Contrast\nmodes:\n${Array.from({ length: 100 }, (_, index) => `  m${index}: { base: light }\n`).join('')}`;
  const withPairs = (count: number, indent = '') =>
    compileFiles('ds', [
      ['ds/system.yaml', MODES],
      TOKENS,
      [
        C,
        `${indent}contrast:\n${indent}  pairs:\n${Array.from({ length: count }, (_, index) => `${indent}    p${index}: { foreground: color.fg, background: color.bg }\n`).join('')}`,
      ],
    ]);

  it('checks 196 pairs in 102 modes (19,992 checks): every pair in every mode', () => {
    const { system, diagnostics } = withPairs(196);
    expect(diagnostics).toEqual([]);
    expect(system?.contrastChecks?.ratios).toHaveLength(19_992);
  });

  it('refuses 197 pairs in 102 modes at the section, naming the first pair past the limit', () => {
    const { system, diagnostics } = withPairs(197);
    expect(diagnostics).toEqual([
      error(
        1,
        1,
        'contrast-too-large',
        '`contrast` declares 197 pairs in 102 modes, 20,094 checks, more than 20,000 (the limit), from pair `p196` on: each pair is checked and answered in every mode; declare fewer pairs or use fewer modes',
      ),
    ]);
    expect(system).toBe(undefined);
  });

  it('refuses issue 36’s 14,000 pairs in 102 modes with that one error, no pair read (their unknown tokens unreported)', () => {
    const pairs = Array.from(
      { length: 14_000 },
      (_, index) => `    p${index}: { foreground: color.fg${index}, background: color.bg }\n`,
    ).join('');
    const { diagnostics } = compileFiles('ds', [['ds/system.yaml', MODES], TOKENS, [C, `# every screen\n\ncontrast:\n  pairs:\n${pairs}`]]);
    expect(diagnostics).toEqual([
      error(
        3,
        1,
        'contrast-too-large',
        '`contrast` declares 14,000 pairs in 102 modes, 1,428,000 checks, more than 20,000 (the limit), from pair `p196` on: each pair is checked and answered in every mode; declare fewer pairs or use fewer modes',
      ),
    ]);
  });
});
