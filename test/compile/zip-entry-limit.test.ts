import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ZIP_ENTRIES } from '../../src/compile/resolve/zip-entry-limit.js';
import { runCli } from '../cli/run-cli.js';
import { compileFiles } from '../helpers/fixtures.js';

// docs/security.md "Limits at a glance": the iOS asset catalog (a color set per color token, plus Tokens.swift and
// its Contents.json) holds at most 10,000 files, refused at compile time at the first color token past it.
const SCALES = 'scales:\n  gray:\n    100: { light: "#EEEEEE", dark: "#111111" }\n';

/** 100 spacings (not files of the catalog), then `colors` colors, in 2 files of tokens. */
function files(colors: number): [string, string][] {
  let spacing = 'tokens:\n';
  for (let index = 0; index < 100; index++) spacing += `  space.s${index}: { type: spacing, value: ${index} }\n`;
  let color = 'tokens:\n';
  for (let index = 0; index < colors; index++)
    color += `  color.c${String(index).padStart(5, '0')}: { type: color, scale: gray, step: 100 }\n`;
  return [
    ['big/system.yaml', 'name: Big\n'],
    ['big/scales.yaml', SCALES],
    ['big/tokens/a-spacing.yaml', spacing],
    ['big/tokens/colors.yaml', color],
  ];
}

const REFUSED = {
  file: 'big/tokens/colors.yaml',
  line: 10_000,
  column: 3,
  rule: 'zip-too-large',
  message:
    '9,999 color tokens make an iOS asset catalog of 10,001 files (a color set each), more than 10,000 (the most a zip holds), from `color.c09998` on; split the design system',
  severity: 'error',
};

describe('a design system whose asset catalog would be too large a zip is refused at compile time', () => {
  it('holds the number the docs name', () => {
    expect(MAX_ZIP_ENTRIES).toBe(10_000);
  });

  it('9,998 colors (a catalog of 10,000 files) compile; one more is refused at the color token past the cap', () => {
    expect(compileFiles('big', files(9_998)).diagnostics).toEqual([]);
    const { system, diagnostics } = compileFiles('big', files(9_999));
    expect(system).toBeUndefined();
    expect(diagnostics).toEqual([REFUSED]);
  });

  it('validate reports it with the token’s file, line and column', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dts-zip-limit-'));
    try {
      for (const [path, text] of files(9_999)) {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const result = await runCli(['validate', '.', '--format', 'json'], { cwd: dir });
      expect({ status: result.status, problems: JSON.parse(result.stdout) as unknown, stderr: result.stderr }).toEqual({
        status: 1,
        problems: [REFUSED],
        stderr: '',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
