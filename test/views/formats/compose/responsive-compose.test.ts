import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { systemAtBreakpoint } from '../../../../src/views/shared/breakpoint-systems.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { canonical, expectedPrintout, runCompose } from '../../../helpers/native-read-back/compose.js';
import { NATIVE_TOOLS_AVAILABLE } from '../../../helpers/native-tools.js';

const compose = OUTPUT_FORMATS.compose;
const BREAKPOINTS = ['base', 'md', 'lg'] as const;

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Compose export of breakpoints, compiled by kotlinc and run', () => {
  let dir: string;
  let system: CompiledDesignSystem;
  let kotlin: string;
  let printout: string[] = [];
  let compilerOutput = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compose-responsive-'));
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    kotlin = compose.render(system, compose.readOptions({ package: 'responsive.tokens' }));
    ({ printout, compilerOutput } = await runCompose(
      dir,
      [{ id: 'responsive', pkg: 'responsive.tokens', kotlin }],
      [
        '    for ((breakpoint, byMode) in responsive.tokens.tokensByBreakpoint) for ((mode, t) in byMode) dump_responsive(breakpoint + "/" + mode, t)',
        '    println("breakpoints|" + responsive.tokens.breakpoints)',
        '    for (width in listOf(320f, 767f, 768f, 1023f, 1024f, 1440f)) println("at|" + width + "|" + responsive.tokens.tokensAt("dark", androidx.compose.ui.unit.Dp(width))?.spaceInset + "|" + responsive.tokens.tokensAt("light", androidx.compose.ui.unit.Dp(width))?.spaceGutter)',
        '    println("unknown|" + responsive.tokens.tokensAt("sepia", androidx.compose.ui.unit.Dp(800f)))',
      ],
    ));
  }, 240_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compiles without a warning on Tokens.kt', () => {
    expect(compilerOutput.split('\n').filter((line) => line.includes('Tokens.kt'))).toEqual([]);
  });

  it('holds every token in every mode at every breakpoint as the system at that breakpoint has it', () => {
    const expected = BREAKPOINTS.flatMap((breakpoint) =>
      expectedPrintout(systemAtBreakpoint(system, breakpoint)).lines.map((line) => `${breakpoint}/${line}`),
    ).sort();
    const printed = printout
      .filter((line) => line.startsWith('responsive|') && line.includes('/'))
      .map((line) => canonical(line.slice('responsive|'.length)))
      .sort();
    expect(printed).toEqual(expected);
    expect(printed).toContain('lg/dark|spaceInset|14.dp');
  });

  it('gives the breakpoints in dp and picks a mode’s object by width, mobile first', () => {
    expect(printout.filter((line) => !line.startsWith('responsive|'))).toEqual([
      'breakpoints|[(md, 768.0.dp), (lg, 1024.0.dp)]',
      'at|320.0|10.0.dp|16.0.dp',
      'at|767.0|10.0.dp|16.0.dp',
      'at|768.0|10.0.dp|24.0.dp',
      'at|1023.0|10.0.dp|24.0.dp',
      'at|1024.0|14.0.dp|32.0.dp',
      'at|1440.0|14.0.dp|32.0.dp',
      'unknown|null',
    ]);
  });
});
