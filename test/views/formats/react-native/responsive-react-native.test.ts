import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { systemAtBreakpoint } from '../../../../src/views/shared/breakpoint-systems.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { compileFiles, compileFixture } from '../../../helpers/fixtures.js';
import { readReactNative, runReactNative, typeCheckReactNative } from '../../../helpers/native-read-back/react-native.js';
import type { Run } from '../../../helpers/native-read-back/react-native.js';
import { STRICT_COMPILER_OPTIONS } from '../../../helpers/typescript.js';

/**
 * The React Native module of a design system with breakpoints, as an app uses it: type-checked (`--strict`) with a
 * consumer of `tokensAt`, `useTokensAt`, `tokensByBreakpoint` and `BreakpointName`, and run on Node with a stub
 * `react-native`: every breakpoint's object in every mode holds the values of the system at that breakpoint
 * (`systemAtBreakpoint`, fluid lengths at their `min`), converted as docs/native.md says.
 */
const reactNative = OUTPUT_FORMATS['react-native'];
const exec = promisify(execFile);
const BREAKPOINTS = ['base', 'md', 'lg'] as const;
const WIDTHS = [320, 767, 768, 1023, 1024, 1440];

/** What the runner prints of the module's breakpoints. */
interface BreakpointRun {
  readonly byBreakpoint: Record<string, Record<string, Record<string, unknown>>>;
  readonly breakpoints: unknown;
  readonly at: readonly (readonly [number, unknown, unknown, string])[];
  readonly hook: { readonly dark: string; readonly light: string };
  readonly frozen: boolean;
}

const CONSUMER = [
  "import { breakpoints, tokensAt, tokensByBreakpoint, useTokensAt } from './tokens.js';",
  "import type { BreakpointName, Tokens } from './tokens.js';",
  '',
  'const names: readonly BreakpointName[] = ["base", "md", "lg"];',
  'export const all: readonly Tokens[] = names.map((name) => tokensByBreakpoint[name]["dark-dimmed"]);',
  'export const inset: number = tokensAt("dark", 1024).space.inset;',
  'export const gutter: number = useTokensAt(800).space.gutter;',
  'export const first: "md" = breakpoints[0].name;',
  'export const width: number = breakpoints[1].width;',
  '// @ts-expect-error a breakpoint this design system does not have',
  'export const none = tokensByBreakpoint.xl;',
  '// @ts-expect-error a mode this design system does not have',
  'tokensAt("sepia", 800);',
  '',
].join('\n');

const RUNNER = [
  "const module = await import('./responsive/tokens.ts');",
  'const frozen = (value) => typeof value !== "object" || value === null || (Object.isFrozen(value) && Object.values(value).every(frozen));',
  'const id = (tokens) => {',
  '  for (const [breakpoint, byMode] of Object.entries(module.tokensByBreakpoint))',
  '    for (const [mode, value] of Object.entries(byMode)) if (value === tokens) return `${breakpoint}/${mode}`;',
  '  return "none";',
  '};',
  'const scheme = (value) => { globalThis.colorScheme = value; return id(module.useTokensAt(800)); };',
  'process.stdout.write(JSON.stringify({',
  '  byBreakpoint: module.tokensByBreakpoint,',
  '  breakpoints: module.breakpoints,',
  `  at: ${JSON.stringify(WIDTHS)}.map((width) => [width, module.tokensAt("dark", width).space.inset, module.tokensAt("light", width).space.gutter, id(module.tokensAt("dark-dimmed", width))]),`,
  '  hook: { dark: scheme("dark"), light: scheme(null) },',
  '  frozen: frozen(module.tokensByBreakpoint) && frozen(module.breakpoints),',
  '}));',
  '',
].join('\n');

describe('the React Native module of a design system with breakpoints, in its consumers', () => {
  let dir: string;
  let system: CompiledDesignSystem;
  let run: BreakpointRun;
  let consumerDiagnostics: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-react-native-responsive-'));
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    await runReactNative(dir, [{ name: 'responsive', system, body: reactNative.render(system, {}) }]);
    await writeFile(join(dir, 'responsive', 'consumer-at.ts'), CONSUMER);
    await writeFile(join(dir, 'run-at.mjs'), RUNNER);
    run = JSON.parse((await exec(process.execPath, ['run-at.mjs'], { cwd: dir })).stdout) as BreakpointRun;
    const program = ts.createProgram([join(dir, 'react-native.d.ts'), join(dir, 'responsive', 'consumer-at.ts')], {
      ...STRICT_COMPILER_OPTIONS,
      strict: true,
    });
    consumerDiagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('type-checks under --strict with consumers of the modes and of tokensAt, useTokensAt and tokensByBreakpoint', () => {
    expect(typeCheckReactNative(dir, ['responsive'])).toEqual([]);
    expect(consumerDiagnostics).toEqual([]);
  });

  it('holds every token in every mode at every breakpoint as the system at that breakpoint has it, frozen', () => {
    expect(Object.keys(run.byBreakpoint)).toEqual([...BREAKPOINTS]);
    for (const breakpoint of BREAKPOINTS) {
      const there = systemAtBreakpoint(system, breakpoint);
      const read = readReactNative(there, { modes: run.byBreakpoint[breakpoint] } as unknown as Run);
      expect([breakpoint, read.problems]).toEqual([breakpoint, []]);
      expect([breakpoint, Object.fromEntries(read.actual)]).toEqual([breakpoint, Object.fromEntries(read.expected)]);
      expect([breakpoint, read.expected.size]).toEqual([breakpoint, system.tokens.length * system.modes.length]);
    }
    expect(run.byBreakpoint['lg']?.['dark']?.['space']).toEqual({ gap: 32, gutter: 32, inset: 14, stack: 20 });
    // The fluid display size at its `min`: 24px below lg, 2.5rem from it.
    expect([run.byBreakpoint['md']?.['light']?.['font'], run.byBreakpoint['lg']?.['light']?.['font']]).toEqual([
      { size: { body: 16, display: 24 } },
      { size: { body: 16, display: 40 } },
    ]);
    expect(run.frozen).toBe(true);
  });

  it('gives the breakpoints in dp and picks a mode’s tokens by width, mobile first', () => {
    expect(run.breakpoints).toEqual([
      { name: 'md', width: 768, container: null },
      { name: 'lg', width: 1024, container: null },
    ]);
    expect(run.at).toEqual([
      [320, 10, 16, 'base/dark-dimmed'],
      [767, 10, 16, 'base/dark-dimmed'],
      [768, 10, 24, 'md/dark-dimmed'],
      [1023, 10, 24, 'md/dark-dimmed'],
      [1024, 14, 32, 'lg/dark-dimmed'],
      [1440, 14, 32, 'lg/dark-dimmed'],
    ]);
    expect(run.hook).toEqual({ dark: 'md/dark', light: 'md/light' });
  });
});

describe('the React Native module of a design system with breakpoints', () => {
  it('leaves out a token it cannot write at a breakpoint, its lint naming the mode and breakpoint', () => {
    const odd = compileFiles(
      'odd',
      Object.entries({
        'odd/system.yaml':
          'name: Odd\nmodes:\n  use-tokens-at: { base: light }\nbreakpoints:\n  md: { min-width: 600px, container: card }\n',
        'odd/tokens.yaml': [
          'tokens:',
          '  space.gutter: { type: spacing, value: 16, breakpoints: { md: { value: 24 } } }',
          '  space.wide: { type: spacing, value: 4, breakpoints: { md: { modes: { dark: { value: 0.5, unit: em } } } } }',
          '',
        ].join('\n'),
      }),
    ).system as CompiledDesignSystem;
    expect(reactNative.lint?.(odd)).toEqual([
      {
        token: 'space.wide',
        rule: 'react-native-value-left-out',
        severity: 'warning',
        message:
          '`space.wide` is `0.5em` in mode `dark` at breakpoint `md`: a length in `em` has no size outside a typography in React Native; the React Native export leaves the token out',
      },
    ]);
    const body = reactNative.render(odd, {});
    expect(body).not.toMatch(/\bwide:/);
    // A mode named like one of the breakpoint exports has none of its own; `modes` holds it, and its breakpoint object is named.
    expect(body).toContain('  "use-tokens-at": freezeDeep<Tokens>({\n    space: {\n      gutter: 16,\n    },\n  } as const),\n');
    expect(body).toContain('\nexport const mdUseTokensAt: Tokens = freezeDeep({\n  space: {\n    gutter: 24,\n  },\n} as const);\n');
    expect(body).toContain('  { name: "md", width: 600, container: "card" },\n');
    expect(body).toContain('  md: Object.freeze({\n    light: mdLight,\n    dark: mdDark,\n    "use-tokens-at": mdUseTokensAt,\n  }),\n');
  });
});
