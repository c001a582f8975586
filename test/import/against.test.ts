import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { compareCssValues } from '../../src/import/against/compare-css-values.js';
import { compareWithBuild } from '../../src/import/against/compare-with-build.js';
import { readBuild } from '../../src/import/against/read-build.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { runCli } from '../cli/run-cli.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'against');

const SOURCE = {
  palette: {
    neutral: { '0': { $type: 'color', $value: '#ffffff' }, '900': { $type: 'color', $value: '#16161a' } },
    blue: { '300': { $type: 'color', $value: '#7ab4ff' }, '600': { $type: 'color', $value: '#1f6feb' } },
  },
  color: {
    $type: 'color',
    background: { $value: '{palette.neutral.0}', $extensions: { mode: { dark: '{palette.neutral.900}' } } },
    text: { $value: '{palette.neutral.900}', $extensions: { mode: { dark: '{palette.neutral.0}' } } },
    link: { $value: '{palette.blue.600}', $extensions: { mode: { dark: '{palette.blue.300}' } } },
  },
  space: { md: { $type: 'dimension', $value: '16px' } },
  font: {
    family: { body: { $type: 'fontFamily', $value: ['Inter', 'sans-serif'] } },
    weight: { bold: { $type: 'fontWeight', $value: 700 } },
  },
  motion: { fast: { $type: 'duration', $value: '150ms' } },
};

const imported = () => importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(SOURCE) }], { slug: 'ds', name: 'DS' });

describe('--against: what the import serves, compared with the system’s own build', () => {
  it.each([
    ['#ffffff', '#FFFFFF', 'equal'],
    ['rgba(255, 255, 255, 0.5)', '#FFFFFF80', 'equal'],
    ['hsl(0 0% 100%)', '#FFFFFF', 'equal'],
    ['#ffffff', '#FFFFFE', 'differ'],
    ['1.125rem', '18px', 'equal-rem'],
    ['0', '0px', 'equal'],
    ['0.15s', '150ms', 'equal'],
    ['30%', '0.3', 'equal'],
    ['bold', '700', 'equal'],
    ['"Inter", sans-serif', 'Inter, sans-serif', 'equal'],
    ['cubic-bezier(0.4,0,0.2,1)', 'cubic-bezier(0.4, 0, 0.2, 1)', 'equal'],
    ['0 1px 2px rgba(0,0,0,0.2)', '0px 1px 2px rgba(0, 0, 0, 0.2)', 'equal'],
    ['1.5', '24px', 'differ'],
    ['300ms cubic-bezier(0.3, 0.8, 0.6, 1)', '300ms cubic-bezier(0.3, 0.8, 0.6, 1) 0ms', 'equal'],
    // Auro's build (Style Dictionary 3) writes shadows without a zero spread and gradients without default positions.
    ['0px 0px 5px rgba(0, 0, 0, 0.15)', '0px 0px 5px 0px rgba(0, 0, 0, 0.15)', 'equal'],
    ['0px 1px 0px rgba(0, 0, 0, 0.15), 0 2px 4px #0000', '0px 1px 0px 0px #00000026, 0 2px 4px 0px #0000', 'equal'],
    ['0px 0px 5px rgba(0, 0, 0, 0.15)', '0px 0px 5px 1px rgba(0, 0, 0, 0.15)', 'differ'],
    ['4px 0px', '4px', 'differ'],
    [
      'linear-gradient(180deg, rgba(255, 255, 255, 0), rgba(255, 255, 255, 0.5))',
      'linear-gradient(180deg, #FFFFFF00 0%, #FFFFFF80 100%)',
      'equal',
    ],
    ['linear-gradient(180deg, #fff, #000)', 'linear-gradient(180deg, #FFFFFF 0%, #000000 90%)', 'differ'],
    ['linear-gradient(90deg, #fff, #000)', 'linear-gradient(180deg, #FFFFFF, #000000)', 'differ'],
    // Primer's build writes a font shorthand with spaces around the slash; ours without.
    ['400 0.8125rem / 1.5 "Mona Sans VF", sans-serif', "400 13px/1.5 'Mona Sans VF', sans-serif", 'equal-rem'],
    ['400 1rem / 1.5 Inter', '400 1rem/1.25 Inter', 'differ'],
    // Open Forms' build writes a border's style first; a border shorthand's parts may come in any order.
    ['solid 1px #767676', '1px solid #767676', 'equal'],
    ['#767676 dashed 0.0625rem', '1px dashed #767676', 'equal-rem'],
    ['solid 1px #767676', '1px dashed #767676', 'differ'],
    ['solid 2px #767676', '1px solid #767676', 'differ'],
  ])('`%s` and `%s`: %s', (build, ours, want) => {
    expect(compareCssValues(build, ours)).toBe(want);
  });

  it('reads CSS rules (var() followed, media queries kept), JSON groups and JS constants as places of the build', () => {
    const files = ['variables.css', 'tokens.json', 'tokens.js'].map((name) => ({
      path: `dist/${name}`,
      text: readFixture(name),
    }));
    const { contexts, unread } = readBuild(files);
    expect(unread).toEqual([]);
    expect(contexts.map((context) => [context.label, context.root, context.values.size])).toEqual([
      ['dist/variables.css :root', true, 12],
      ['dist/variables.css @media (prefers-color-scheme: dark) :root', false, 3],
      ['dist/tokens.json', false, 3],
      ['dist/tokens.js', false, 3],
    ]);
    expect(contexts[1]?.values.get('--ds-color-background')).toBe('#16161a');
  });

  it('matches each mode with the place that fits it, names after the build’s prefix, and lists every difference', () => {
    const result = imported();
    const files = [{ path: 'dist/variables.css', text: readFixture('variables.css') }];
    const against = compareWithBuild(result.compiled.system as CompiledDesignSystem, ['light', 'dark'], files);
    expect(against.prefix).toEqual({ build: 'ds', ours: '' });
    expect(
      against.modes.map(({ mode, matched, compared, equal, equalRem, differ, onlyBuild }) => ({
        mode,
        matched,
        compared,
        equal,
        equalRem,
        differ,
        onlyBuild,
      })),
    ).toEqual([
      {
        mode: 'light',
        matched: 'dist/variables.css :root',
        compared: 11,
        equal: 11,
        equalRem: 1,
        differ: [],
        onlyBuild: ['--ds-build-only'],
      },
      {
        mode: 'dark',
        matched: 'dist/variables.css @media (prefers-color-scheme: dark) :root',
        compared: 11,
        equal: 10,
        equalRem: 1,
        differ: [{ name: '--ds-color-link', build: '#7AB4FE', ours: '#7AB4FF' }],
        onlyBuild: ['--ds-build-only'],
      },
    ]);
    expect(against.allEqual).toBe(false);
  });

  it('follows a `var()` after the cascade: a dark stylesheet over the light one changes what the light one’s aliases give', () => {
    // Gestalt's dist/css/classic: variables.css writes every token, variables-dark.css (loaded over it) only what
    // differs, so `--color-background-checkbox` (a `var()` in the light file) takes the dark file's form-field color.
    const source = {
      color: {
        background: {
          formfield: { primary: { value: '#ffffff' } },
          checkbox: { value: '{color.background.formfield.primary}' },
        },
      },
    };
    const dark = { color: { background: { formfield: { primary: { value: '#030303' } } } } };
    const result = importDesignSystem(
      [
        { path: 'tokens/classic/sema-color-light.json', text: JSON.stringify(source) },
        { path: 'tokens/classic/sema-color-dark.json', text: JSON.stringify(dark) },
      ],
      { slug: 'gestalt', name: 'Gestalt' },
    );
    const files = [
      { path: 'dist/css/classic/variables-dark.css', text: ':root {\n  --color-background-formfield-primary: #030303;\n}\n' },
      {
        path: 'dist/css/classic/variables.css',
        text: ':root {\n  --color-background-formfield-primary: #ffffff;\n  --color-background-checkbox: var(--color-background-formfield-primary);\n}\n',
      },
    ];
    const against = compareWithBuild(result.compiled.system as CompiledDesignSystem, ['light', 'dark'], files);
    expect(against.modes.map(({ mode, matched, compared, differ }) => ({ mode, matched, compared, differ }))).toEqual([
      {
        mode: 'light',
        matched: 'dist/css/classic/variables-dark.css :root + dist/css/classic/variables.css :root',
        compared: 2,
        differ: [],
      },
      { mode: 'dark', matched: 'dist/css/classic/variables-dark.css :root (over the other root rules)', compared: 2, differ: [] },
    ]);
  });

  describe('the command', () => {
    let dir = '';
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    it('reports per mode what it matched, each difference, and exits 1 when a value differs', async () => {
      dir = await mkdtemp(join(tmpdir(), 'against-'));
      const { writeFile, cp } = await import('node:fs/promises');
      await writeFile(join(dir, 'tokens.json'), JSON.stringify(SOURCE));
      // The build's output, kept as `built/` in the repository (`dist/` is ignored there), copied where a build writes it.
      await cp(join(FIXTURE, 'built'), join(dir, 'dist'), { recursive: true });
      const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/ds', '--against', 'dist/variables.css'], { cwd: dir });
      expect(run.status).toBe(1);
      expect(run.stdout.split('\n').slice(-6)).toEqual([
        'against the build (names after `ds` in the build):',
        '  light: 11 of 11 equal (100%; 1 with rem = 16px), matched with dist/variables.css :root; 1 name only in the build, 0 only served',
        '  dark: 10 of 11 equal (90.9%; 1 with rem = 16px), matched with dist/variables.css @media (prefers-color-scheme: dark) :root; 1 name only in the build, 0 only served',
        '    --ds-color-link (dark): build #7AB4FE, served #7AB4FF',
        'against: 1 value differs',
        '',
      ]);
      const equal = await runCli(
        ['import', 'tokens.json', '--out', 'design-systems/ds', '--force', '--against', 'light=dist/variables.css'],
        { cwd: dir },
      );
      expect(equal.stdout).toContain('  dark: 10 of 11 equal');
    });

    it('says when another mode is matched with light’s own place and differs there (Voorbeeld builds no dark)', async () => {
      dir = await mkdtemp(join(tmpdir(), 'against-'));
      const { writeFile, mkdir } = await import('node:fs/promises');
      await writeFile(join(dir, 'tokens.json'), JSON.stringify(SOURCE));
      await mkdir(join(dir, 'dist'), { recursive: true });
      // The build's light rule alone: its dark block is not built.
      const built = readFileSync(join(FIXTURE, 'built', 'variables.css'), 'utf8');
      await writeFile(join(dir, 'dist/variables.css'), built.slice(0, built.indexOf('@media')));
      const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/ds', '--against', 'dist/variables.css'], { cwd: dir });
      expect(run.status).toBe(1);
      const lines = run.stdout.split('\n');
      const dark = lines.findIndex((line) => line.startsWith('  dark: '));
      expect(lines[dark]).toContain('matched with dist/variables.css :root;');
      expect(lines[dark + 1]).toBe(
        "    no place of the build fits `dark` better than light's: it may build no `dark` of its own. If it does, name its files: --against dark=<file>",
      );
      expect(lines.filter((line) => line.includes('no place of the build fits'))).toHaveLength(1);
    });

    it('reads the stylesheets a build file `@import`s before it (Rotterdam: `dist/index.css` imports `./design-tokens.css`)', async () => {
      dir = await mkdtemp(join(tmpdir(), 'against-'));
      const { writeFile, cp } = await import('node:fs/promises');
      await writeFile(join(dir, 'tokens.json'), JSON.stringify(SOURCE));
      await cp(join(FIXTURE, 'built'), join(dir, 'dist'), { recursive: true });
      const index =
        '/* @import "./missing.css"; */\n@import "./variables.css";\n@import url("https://fonts.example/inter.css");\n.ds-theme .button { color: red; }\n';
      await writeFile(join(dir, 'dist/index.css'), index);
      const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/ds', '--against', 'dist/index.css'], { cwd: dir });
      expect(run.stdout.split('\n').slice(-6, -3)).toEqual([
        'against the build (names after `ds` in the build):',
        '  light: 11 of 11 equal (100%; 1 with rem = 16px), matched with dist/variables.css :root; 1 name only in the build, 0 only served',
        '  dark: 10 of 11 equal (90.9%; 1 with rem = 16px), matched with dist/variables.css @media (prefers-color-scheme: dark) :root; 1 name only in the build, 0 only served',
      ]);
    });

    it('says so when no name of the build is one it serves (Auro: `dist/themes` builds other themes than the source)', async () => {
      dir = await mkdtemp(join(tmpdir(), 'against-'));
      const { writeFile, mkdir } = await import('node:fs/promises');
      await writeFile(join(dir, 'tokens.json'), JSON.stringify(SOURCE));
      await mkdir(join(dir, 'dist/themes/alaska'), { recursive: true });
      const css = ':root {\n  --ds-advanced-color-button-flat-text: #676767;\n  --ds-advanced-color-button-ghost-text: #0074ca;\n}\n';
      await writeFile(join(dir, 'dist/themes/alaska/CSSCustomProperties--alaska.css'), css);
      const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/ds', '--against', 'dist/themes'], { cwd: dir });
      expect(run.status).toBe(1);
      const hint =
        "    no name there is one we serve (the build's `--ds-advanced-color-button-flat-text`, ours `--color-background`): is it the build of these files? Give the files its build writes for them";
      expect(run.stdout.split('\n').slice(-6)).toEqual([
        '  light: 0 of 0 equal (0%), matched with dist/themes/alaska/CSSCustomProperties--alaska.css :root; 2 names only in the build, 11 only served',
        hint,
        '  dark: 0 of 0 equal (0%), matched with dist/themes/alaska/CSSCustomProperties--alaska.css :root; 2 names only in the build, 11 only served',
        hint,
        'against: a mode matched nothing in the build',
        '',
      ]);
    });
  });
});

function readFixture(name: string): string {
  return readFileSync(join(FIXTURE, 'built', name), 'utf8');
}
