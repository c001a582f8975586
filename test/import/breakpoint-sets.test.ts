import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { breakpointsOf } from '../../src/import/breakpoint-sets.js';
import { runCli } from '../cli/run-cli.js';

// Written like @adobe/spectrum-tokens (Style Dictionary `sets: { desktop, mobile }` and `sets: { light, dark }`), with
// a build written like @spectrum-css/tokens' dist/css/index.css (a class per color theme and per scale).
const FIXTURE = join(import.meta.dirname, 'fixtures', 'breakpoint-sets');

describe('sets read as breakpoints (Spectrum’s desktop and mobile)', () => {
  it.each([
    [
      ['mobile=0', 'desktop=64rem'],
      [
        { name: 'mobile', minWidth: '0' },
        { name: 'desktop', minWidth: '64rem' },
      ],
    ],
    [
      ['lg=1024px', 'md=48rem'],
      [
        { name: 'md', minWidth: '48rem' },
        { name: 'lg', minWidth: '1024px' },
      ],
    ],
    [
      ['desktop'],
      '--breakpoint takes <set>=<min-width>, the set a mode the source has (not light or base), the width 0 (the base: below every breakpoint) or a length in px, rem or em: got `desktop`',
    ],
    [['md=48rem', 'tablet=768px'], '--breakpoint gives `md` and `tablet` the same width 768px'],
    [['md=48rem', 'md=60rem'], '--breakpoint names `md` twice'],
  ])('%j', (written, want) => {
    expect(breakpointsOf(written)).toEqual(want);
  });

  describe('the command', () => {
    let dir = '';
    afterEach(async () => rm(dir, { recursive: true, force: true }));

    it('writes mobile as the values below the breakpoint and desktop at it, and compares both with the build in each mode', async () => {
      dir = await mkdtemp(join(tmpdir(), 'breakpoint-sets-'));
      await cp(join(FIXTURE, 'src'), join(dir, 'src'), { recursive: true });
      // The build's output, kept as `built/` here (`dist/` is ignored in this repository), copied where the build writes it.
      await cp(join(FIXTURE, 'built'), join(dir, 'dist'), { recursive: true });
      const args = ['import', 'src', '--out', 'design-systems/spectrum', '--breakpoint', 'mobile=0', '--breakpoint', 'desktop=64rem'];
      const run = await runCli([...args, '--against', 'dist/index.css'], { cwd: dir });
      expect(run.stdout).toContain(
        '  mode `mobile` is read from 2 tokens that write their own values per mode (`sets`: 2); read as the values below every breakpoint (--breakpoint)\n',
      );
      expect(run.stdout).toContain(
        '  mode `desktop` is read from 2 tokens that write their own values per mode (`sets`: 2); read as breakpoint `desktop` (from 64rem up) (--breakpoint)\n',
      );
      const written = (path: string): string => readFileSync(join(dir, 'design-systems/spectrum', path), 'utf8');
      expect(written('system.yaml')).toBe(
        [
          '# yaml-language-server: $schema=../../schemas/system.schema.json',
          'name: spectrum',
          'breakpoints:',
          '  desktop: { min-width: 64rem }',
          '',
        ].join('\n'),
      );
      expect(written('tokens/component-height-100.yaml')).toContain(
        '  component-height-100: { type: dimension, value: 40, unit: px, breakpoints: { desktop: { value: 32, unit: px } } }\n',
      );
      // The same at both: no breakpoint entry.
      expect(written('tokens/font-size-100.yaml')).toContain('  font-size-100: { type: font.size, value: 14, unit: px }\n');
      expect(run.stdout.split('\n').slice(-7)).toEqual([
        'against the build (names after `spectrum` in the build):',
        '  light at base: 5 of 5 equal (100%), matched with dist/index.css .spectrum--light + .spectrum--large; 0 names only in the build, 0 only served',
        '  light at desktop: 5 of 5 equal (100%), matched with dist/index.css .spectrum--light + .spectrum--medium; 0 names only in the build, 0 only served',
        '  dark at base: 5 of 5 equal (100%), matched with dist/index.css .spectrum--dark + .spectrum--large; 0 names only in the build, 0 only served',
        '  dark at desktop: 5 of 5 equal (100%), matched with dist/index.css .spectrum--dark + .spectrum--medium; 0 names only in the build, 0 only served',
        'against: every compared value equal',
        '',
      ]);
      expect(run.status).toBe(0);
      // The record keeps the options for --update.
      expect((JSON.parse(written('.token-server-import.json')) as { args: string[] }).args).toEqual([
        'src',
        '--breakpoint',
        'mobile=0',
        '--breakpoint',
        'desktop=64rem',
      ]);
    });
  });
});
