import Color from 'colorjs.io';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { contrastResults, fontSizeFailures, renderContrast } from '../../../src/views/api/contrast.js';
import { compileExample, compileFiles } from '../../helpers/fixtures.js';

// Issue 27, items 1, 2 and 5: every declared pair checked in every mode against WCAG 2.2, ratios as colorjs.io's
// WCAG 2.1 contrast (translucent colors composited first), and the minimum font size per token and mode.

/** A design system of literal colors, one pair per row, compiled from real YAML. */
function systemOf(system: string, tokens: string, contrast: string): CompiledDesignSystem {
  const { system: compiled, diagnostics } = compileFiles('ds', [
    ['ds/system.yaml', system],
    ['ds/tokens.yaml', `tokens:\n${tokens}`],
    ['ds/contrast.yaml', `contrast:\n${contrast}`],
  ]);
  if (compiled === undefined) throw new Error(JSON.stringify(diagnostics));
  return compiled;
}

const srgb = (hex: string): Color => new Color(hex);
/** colorjs.io's own answer: a translucent foreground mixed over its (opaque) background in sRGB, then WCAG 2.1. */
function oracle(foreground: string, background: string): number {
  const fg = srgb(foreground);
  const bg = srgb(background);
  const alpha = Number(fg.alpha);
  fg.alpha = 1;
  const seen = alpha === 1 ? fg : bg.mix(fg, alpha, { space: 'srgb' });
  return Color.contrastWCAG21(seen, bg);
}

// [foreground, background, the ratio WebAIM's checker shows (opaque rows)]
const KNOWN: [string, string, string | undefined][] = [
  ['#000000', '#FFFFFF', '21.00'],
  ['#FFFFFF', '#FFFFFF', '1.00'],
  ['#767676', '#FFFFFF', '4.54'],
  ['#777777', '#FFFFFF', '4.48'],
  ['#0969DA', '#FFFFFF', undefined],
  ['#1F2328', '#F6F8FA', undefined],
  ['#F0F6FC', '#0D1117', undefined],
  ['#FF0000', '#00FF00', undefined],
  ['#00000080', '#FFFFFF', undefined],
  ['#0000001A', '#FFFFFF', undefined],
  ['#FFFFFF99', '#0D1117', undefined],
  ['#1F6FEB66', '#161B22', undefined],
  ['#FF000000', '#FFFFFF', '1.00'],
];

describe('contrastResults', () => {
  const tokens = KNOWN.map(
    ([fg, bg], index) => `  fg.c${index}: { type: color, color: "${fg}" }\n  bg.c${index}: { type: color, color: "${bg}" }\n`,
  ).join('');
  const pairs = KNOWN.map((_, index) => `    p${index}: { foreground: fg.c${index}, background: bg.c${index}, kind: non-text }\n`).join('');
  const system = systemOf('name: Known\n', tokens, `  pairs:\n${pairs}`);
  const results = contrastResults(system);

  it.each(KNOWN.map((row, index) => [...row, index] as const))(
    '%s on %s: colorjs.io’s WCAG 2.1 ratio to two decimals',
    (foreground, background, webaim, index) => {
      const result = results[index];
      expect(result?.pair.name).toBe(`p${index}`);
      for (const mode of ['light', 'dark']) {
        const ratio = result?.modes[mode]?.ratio ?? NaN;
        expect(ratio.toFixed(2)).toBe(oracle(foreground, background).toFixed(2));
        if (webaim !== undefined) expect(ratio.toFixed(2)).toBe(webaim);
      }
    },
  );

  it('is computed once per compiled design system', () => {
    expect(contrastResults(system)).toBe(results);
  });

  it('answers each pair’s ratio (2 decimals), requirement, pass and APCA Lc per mode', () => {
    expect(renderContrast(system).data.pairs[2]).toEqual({
      name: 'p2',
      foreground: 'fg.c2',
      background: 'bg.c2',
      kind: 'non-text',
      level: 'AA',
      severity: 'error',
      typography: null,
      modes: {
        light: { ratio: 4.54, required: 3, pass: true, apca: Number(Color.contrastAPCA(srgb('#FFFFFF'), srgb('#767676')).toFixed(1)) },
        dark: { ratio: 4.54, required: 3, pass: true, apca: Number(Color.contrastAPCA(srgb('#FFFFFF'), srgb('#767676')).toFixed(1)) },
      },
    });
  });
});

const MODES = `name: Modes
modes:
  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }
  dark-high-contrast: { base: dark, media: "(prefers-contrast: more)" }
`;

describe('checked in every mode', () => {
  it('applies the WCAG 2.2 threshold of each kind and level, and says which mode fails', () => {
    const system = systemOf(
      MODES,
      `  fg: { type: color, color: "#767676", modes: { dark: { color: "#6E7681" }, dark-high-contrast: { color: "#F0F6FC" } } }
  bg: { type: color, color: "#FFFFFF", modes: { dark: { color: "#0D1117" } } }
`,
      `  pairs:
    text: { foreground: fg, background: bg }
    text-aaa: { foreground: fg, background: bg, level: AAA }
    large: { foreground: fg, background: bg, kind: large-text }
    large-aaa: { foreground: fg, background: bg, kind: large-text, level: AAA }
    ui-aaa: { foreground: fg, background: bg, kind: non-text, level: AAA }
`,
    );
    const summary = contrastResults(system).map(({ pair, modes }) => [
      pair.name,
      Object.entries(modes).map(
        ([mode, result]) => `${mode} ${result.ratio.toFixed(2)}/${result.required} ${result.pass ? 'pass' : 'FAIL'}`,
      ),
    ]);
    expect(summary).toEqual([
      ['text', ['light 4.54/4.5 pass', 'dark 4.12/4.5 FAIL', 'light-high-contrast 4.54/4.5 pass', 'dark-high-contrast 17.39/4.5 pass']],
      ['text-aaa', ['light 4.54/7 FAIL', 'dark 4.12/7 FAIL', 'light-high-contrast 4.54/7 FAIL', 'dark-high-contrast 17.39/7 pass']],
      ['large', ['light 4.54/3 pass', 'dark 4.12/3 pass', 'light-high-contrast 4.54/3 pass', 'dark-high-contrast 17.39/3 pass']],
      [
        'large-aaa',
        ['light 4.54/4.5 pass', 'dark 4.12/4.5 FAIL', 'light-high-contrast 4.54/4.5 pass', 'dark-high-contrast 17.39/4.5 pass'],
      ],
      ['ui-aaa', ['light 4.54/3 pass', 'dark 4.12/3 pass', 'light-high-contrast 4.54/3 pass', 'dark-high-contrast 17.39/3 pass']],
    ]);
  });

  it('composites a translucent background over white in light-scheme modes and black in dark-scheme ones, or over `surface`', () => {
    const tokens = `  fg: { type: color, color: "#808080" }
  scrim: { type: color, color: "#FFFFFF80" }
  canvas: { type: color, color: "#0000FF", modes: { light-high-contrast: { color: "#00FF00" } } }
`;
    const pairs = '  pairs:\n    on-scrim: { foreground: fg, background: scrim, kind: non-text }\n';
    const ratios = (system: CompiledDesignSystem) =>
      Object.fromEntries(Object.entries(contrastResults(system)[0]?.modes ?? {}).map(([mode, result]) => [mode, result.ratio.toFixed(2)]));
    const gray = '#808080';
    expect(ratios(systemOf(MODES, tokens, pairs))).toEqual({
      light: oracle(gray, '#FFFFFF').toFixed(2),
      dark: oracle(gray, srgb('#000000').mix('#FFFFFF', 0.5, { space: 'srgb' }).toString({ format: 'hex' })).toFixed(2),
      'light-high-contrast': oracle(gray, '#FFFFFF').toFixed(2),
      'dark-high-contrast': oracle(gray, srgb('#000000').mix('#FFFFFF', 0.5, { space: 'srgb' }).toString({ format: 'hex' })).toFixed(2),
    });
    const overSurface = ratios(systemOf(MODES, tokens, `  surface: canvas\n${pairs}`));
    expect(overSurface['light']).toBe(Color.contrastWCAG21(srgb(gray), srgb('#0000FF').mix('#FFFFFF', 0.5, { space: 'srgb' })).toFixed(2));
    expect(overSurface['light-high-contrast']).toBe(
      Color.contrastWCAG21(srgb(gray), srgb('#00FF00').mix('#FFFFFF', 0.5, { space: 'srgb' })).toFixed(2),
    );
  });

  it('takes text as large in the modes where the typography is 24px, or 18.66px and bold (WCAG)', () => {
    const system = systemOf(
      MODES,
      `  fg: { type: color, color: "#949494" }
  bg: { type: color, color: "#FFFFFF" }
  heading:
    type: typography
    fontSize: 1.5rem
    modes:
      dark: { fontSize: 18px, fontWeight: 700 }
      light-high-contrast: { fontSize: 19px, fontWeight: 700 }
      dark-high-contrast: { fontSize: 23px, fontWeight: 400 }
`,
      '  pairs:\n    heading: { foreground: fg, background: bg, typography: heading }\n',
    );
    const modes = contrastResults(system)[0]?.modes ?? {};
    expect(Object.fromEntries(Object.entries(modes).map(([mode, result]) => [mode, [result.kind, result.required, result.pass]]))).toEqual({
      light: ['large-text', 3, true],
      dark: ['text', 4.5, false],
      'light-high-contrast': ['large-text', 3, true],
      'dark-high-contrast': ['text', 4.5, false],
    });
  });
});

describe('fontSizeFailures', () => {
  it('lists every font size and typography below minFontSize, per mode (rem as 16px; em and % cannot be compared)', () => {
    const system = systemOf(
      MODES,
      `  font.size.caption: { type: font.size, value: 11, modes: { light-high-contrast: { value: 13 } } }
  font.size.tiny: { type: font.size, value: 0.625, unit: rem }
  font.size.relative: { type: font.size, value: 0.5, unit: em }
  font.size.body: { type: font.size, value: 16 }
  typography.small: { type: typography, fontSize: "{font.size.caption}" }
  typography.body: { type: typography, fontSize: 1rem, modes: { dark: { fontSize: 10px } } }
`,
      '  minFontSize: 12px\n',
    );
    const length = ({ value, unit }: { value: number; unit: string }): string => `${value}${unit}`;
    expect(
      fontSizeFailures(system).map(({ token, mode, size, minimum }) => `${token} ${mode} ${length(size)} < ${length(minimum)}`),
    ).toEqual([
      'font.size.caption light 11px < 12px',
      'font.size.caption dark 11px < 12px',
      'font.size.caption dark-high-contrast 11px < 12px',
      'font.size.tiny light 0.625rem < 12px',
      'font.size.tiny dark 0.625rem < 12px',
      'font.size.tiny light-high-contrast 0.625rem < 12px',
      'font.size.tiny dark-high-contrast 0.625rem < 12px',
      'typography.body dark 10px < 12px',
      'typography.body dark-high-contrast 10px < 12px',
      'typography.small light 11px < 12px',
      'typography.small dark 11px < 12px',
      'typography.small dark-high-contrast 11px < 12px',
    ]);
  });
});

describe('the example design systems', () => {
  it.each(['acme', 'acme-docs', 'harbor'])('%s declares pairs and every pair passes in every mode', async (slug) => {
    const system = await compileExample(slug);
    const results = contrastResults(system);
    expect(results.length).toBeGreaterThan(0);
    const failing = results.flatMap(({ pair, modes }) =>
      Object.entries(modes).flatMap(([mode, result]) => (result.pass ? [] : [`${pair.name} ${mode} ${result.ratio.toFixed(2)}`])),
    );
    expect(failing).toEqual([]);
    for (const { modes } of results) expect(Object.keys(modes)).toEqual(system.modes.map((mode) => mode.name));
    expect(fontSizeFailures(system)).toEqual([]);
  });
});
