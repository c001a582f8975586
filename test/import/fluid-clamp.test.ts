import { readFileSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { compareCssValues } from '../../src/import/against/compare-css-values.js';
import { compareWithBuild } from '../../src/import/against/compare-with-build.js';
import { fluidOfClamp } from '../../src/import/css-fluid.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { runCli } from '../cli/run-cli.js';

// Written like @amsterdam/design-system-tokens 4.0.1: DTCG without `$type`, `clamp()` strings, aliases of them.
const FIXTURE = join(import.meta.dirname, 'fixtures', 'fluid-clamp');

const sourceFiles = (): { path: string; text: string }[] =>
  readdirSync(join(FIXTURE, 'src/brand/ams'))
    .sort()
    .map((name) => ({ path: `src/brand/ams/${name}`, text: readFileSync(join(FIXTURE, 'src/brand/ams', name), 'utf8') }));

describe('`clamp()` lengths imported as fluid values (Amsterdam)', () => {
  it.each([
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', { min: '1rem', max: '1.5rem', from: '320px', to: '1440px' }],
    ['clamp(2.5rem, 10vw, 5rem)', { min: '2.5rem', max: '5rem', from: '400px', to: '800px' }],
    ['clamp(16px, 2.5vw + 8px, 24px)', { min: '16px', max: '24px', from: '320px', to: '640px' }],
    ['clamp(1rem, calc(100vw - 60rem), 4rem)', { min: '1rem', max: '4rem', from: '976px', to: '1024px' }],
    ['clamp(1rem, 3rem - 2vw, 3rem)', { min: '3rem', max: '1rem', from: '0px', to: '1600px' }],
    ['clamp(1rem, 1em + 2vw, 3rem)', { reason: 'its preferred value `1em + 2vw` is not a sum of px, rem and vw' }],
    ['clamp(1rem, 2rem, 3rem)', { reason: 'its preferred value `2rem` does not grow with the viewport (no vw)' }],
    ['clamp(3rem, 2vw, 1rem)', { reason: 'its minimum is not below its maximum' }],
    ['clamp(1rem, 2rem + 1vw, 3rem)', { reason: 'it reaches its minimum at a negative viewport width' }],
    ['clamp(1rem, min(2vw, 2rem), 3rem)', { reason: 'only `clamp(min, a + b vw, max)` of lengths, without functions inside but `calc()`' }],
  ])('`%s`', (text, want) => {
    expect(fluidOfClamp(text)).toEqual(want);
  });

  it.each([
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'equal'],
    // The same line written in px, and with coefficients rounded otherwise: the same length at every width.
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'clamp(16px, 13.7143px + 0.7143vw, 24px)', 'equal-rem'],
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'clamp(1rem, 0.857rem + 0.714vw, 1.5rem)', 'equal'],
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'clamp(1rem, 0.8571rem + 0.72vw, 1.5rem)', 'differ'],
    ['clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', '1rem', 'differ'],
  ])('`%s` and `%s`: %s', (build, ours, want) => {
    expect(compareCssValues(build, ours)).toBe(want);
  });

  it('writes each as `{ min, max, from, to }`, keeps the aliases, leaves out the one it cannot hold, and serves its build’s values', () => {
    const result = importDesignSystem(sourceFiles(), { slug: 'ams', name: 'Amsterdam' });
    expect(result.files.get('tokens/ams.yaml')).toContain(
      '  ams.space.xs: { type: dimension, value: { min: 0.25rem, max: 0.375rem, from: 320px, to: 1440px } }\n',
    );
    const system = result.compiled.system as CompiledDesignSystem;
    const fields = Object.fromEntries(result.tokens.map((token) => [token.key, token.fields]));
    expect(fields['ams.gap']).toEqual({ type: 'dimension', ref: 'ams.space.m' });
    expect(fields['ams.heading.1.font-size']).toEqual({ type: 'dimension', ref: 'ams.typography.heading.1.font-size' });
    expect(fields['ams.space.page']).toEqual({ type: 'dimension', value: { min: '1rem', max: '4rem', from: '976px', to: '1024px' } });
    expect(result.issues).toEqual([
      {
        source: 'src/brand/ams/space.tokens.json:ams.space.text-inline',
        level: 'skipped',
        reason:
          '`clamp(1rem, 1em + 2vw, 3rem)` is not a fluid length we read: its preferred value `1em + 2vw` is not a sum of px, rem and vw',
      },
    ]);
    const build = [{ path: 'dist/index.css', text: readFileSync(join(FIXTURE, 'built/index.css'), 'utf8') }];
    const [light] = compareWithBuild(system, ['light'], build).modes;
    expect(light).toMatchObject({
      matched: 'dist/index.css :root',
      compared: 7,
      equal: 7,
      differ: [],
      onlyBuild: ['--ams-space-text-inline'],
    });
  });

  describe('the command', () => {
    let dir = '';
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    it('imports the folder and reports every fluid value equal to the build', async () => {
      dir = await mkdtemp(join(tmpdir(), 'fluid-clamp-'));
      await cp(join(FIXTURE, 'src'), join(dir, 'src'), { recursive: true });
      // The build's output, kept as `built/` here (`dist/` is ignored in this repository), copied where the build writes it.
      await cp(join(FIXTURE, 'built'), join(dir, 'dist'), { recursive: true });
      const run = await runCli(['import', 'src', '--out', 'design-systems/ams', '--against', 'dist/index.css'], { cwd: dir });
      expect(run.stdout).toContain('7 tokens written to design-systems/ams (7 exactly, 0 with loss), 1 left out (read as dtcg)');
      expect(run.stdout).toContain(
        '  light: 7 of 7 equal (100%), matched with dist/index.css :root; 1 name only in the build, 0 only served',
      );
      expect(run.status).toBe(0);
    });
  });
});
