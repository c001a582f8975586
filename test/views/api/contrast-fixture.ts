import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { compileFiles } from '../../helpers/fixtures.js';

// Plain JavaScript without declarations: imported by a path the type checker does not resolve.
const generator = '../../../bench/generate.mjs';
const { createRandom } = (await import(generator)) as { createRandom: (seed: number) => () => number };

/** What {@link contrastSystemFiles} builds: pairs, declared modes (besides light and dark), colors, and a seed. */
export interface ContrastSystemShape {
  readonly pairs: number;
  readonly declaredModes: number;
  readonly colors?: number;
  readonly seed?: number;
}

/**
 * The YAML of a design system with many contrast pairs: colors with their own value in each mode (a fifth
 * translucent), typographies that are large text in some modes, a translucent `surface`, font sizes below
 * `minFontSize` in some modes, and pairs of every kind, level and severity.
 */
export function contrastSystemFiles({ pairs, declaredModes, colors = 60, seed = 36 }: ContrastSystemShape): [string, string][] {
  const random = createRandom(seed);
  const channel = () => Math.floor(random() * 256);
  const rgb = () => `rgb(${channel()}, ${channel()}, ${channel()})`;
  const declared = Array.from({ length: declaredModes }, (_, index) => `mode-${index + 1}`);
  const system = `name: Contrast\n${declared.length === 0 ? '' : 'modes:\n'}${declared
    .map((mode, index) => `  ${mode}: { base: ${index % 2 === 0 ? 'light' : 'dark'} }\n`)
    .join('')}`;
  const perMode = () => [`light: "${rgb()}"`, `dark: "${rgb()}"`, ...declared.map((mode) => `${mode}: "${rgb()}"`)].join(', ');
  const scales = `scales:\n  bench:\n${Array.from({ length: colors }, (_, step) => `    ${step}: { ${perMode()} }\n`).join('')}`;
  const tokens = [
    'tokens:',
    ...Array.from({ length: colors }, (_, index) =>
      index % 5 === 0
        ? `  color.c${index}: { type: color, scale: bench, step: ${index}, alpha: ${(0.4 + random() * 0.5).toFixed(2)} }`
        : `  color.c${index}: { type: color, scale: bench, step: ${index} }`,
    ),
    '  color.surface: { type: color, color: "#F6F8FA80", modes: { dark: { color: "#0D1117CC" } } }',
    ...Array.from(
      { length: 10 },
      (_, index) =>
        `  typography.t${index}: { type: typography, fontSize: ${14 + index}px, fontWeight: ${index % 2 === 0 ? 400 : 700}, modes: { dark: { fontSize: ${16 + index * 2}px } } }`,
    ),
    ...Array.from(
      { length: 6 },
      (_, index) => `  font.size.s${index}: { type: font.size, value: ${9 + index}, modes: { dark: { value: ${11 + index} } } }`,
    ),
  ].join('\n');
  const contrast = [
    'contrast:',
    '  minFontSize: 12px',
    '  surface: color.surface',
    '  pairs:',
    ...Array.from({ length: pairs }, (_, index) => {
      const fg = Math.floor(random() * colors);
      const bg = Math.floor(random() * colors);
      const extra =
        index % 10 === 0
          ? `, typography: typography.t${index % 10}`
          : `, kind: ${['text', 'large-text', 'non-text'][index % 3]}, level: ${index % 4 === 0 ? 'AAA' : 'AA'}`;
      return `    p${index}: { foreground: color.c${fg}, background: color.c${bg}${extra}, severity: ${index % 7 === 0 ? 'warning' : 'error'} }`;
    }),
  ].join('\n');
  return [
    ['ds/system.yaml', system],
    ['ds/scales.yaml', scales],
    ['ds/tokens.yaml', `${tokens}\n`],
    ['ds/contrast.yaml', `${contrast}\n`],
  ];
}

/** {@link contrastSystemFiles}, compiled; throws with the diagnostics when it does not compile. */
export function compileContrastSystem(shape: ContrastSystemShape): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles('ds', contrastSystemFiles(shape));
  if (system === undefined) throw new Error(JSON.stringify(diagnostics.slice(0, 3)));
  return system;
}
