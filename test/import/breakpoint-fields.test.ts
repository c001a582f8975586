import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// Written like Carbon's type styles (@carbon/type: `{ fontSize, lineHeight, breakpoints: { lg: {...}, max: {...} } }`,
// each breakpoint giving the fields that change from it up), as DTCG typography.
const SOURCE = {
  type: {
    $type: 'typography',
    'heading-04': {
      $value: {
        fontFamily: 'IBM Plex Sans',
        fontSize: '1.75rem',
        fontWeight: 400,
        lineHeight: 1.28572,
        letterSpacing: '0px',
        breakpoints: { lg: { fontSize: '2rem', lineHeight: 1.25 }, max: { fontSize: '2.625rem' } },
      },
    },
    'body-01': {
      $value: { fontFamily: 'IBM Plex Sans', fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.42857, letterSpacing: '0.16px' },
    },
  },
};

describe('values with their own `breakpoints` (Carbon’s type styles)', () => {
  let dir = '';
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  async function importSource(...options: string[]): Promise<{ stdout: string; status: number | null; tokens: string; system: string }> {
    dir = await mkdtemp(join(tmpdir(), 'breakpoint-fields-'));
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'type.tokens.json'), JSON.stringify(SOURCE, null, 2));
    const run = await runCli(['import', 'src', '--out', 'design-systems/carbon', ...options], { cwd: dir });
    const written = (path: string): string => readFileSync(join(dir, 'design-systems/carbon', path), 'utf8');
    return { stdout: run.stdout, status: run.status, tokens: written('tokens/type.yaml'), system: written('system.yaml') };
  }

  it('become breakpoint entries holding the fields in force there, mobile first, with --breakpoint', async () => {
    const run = await importSource('--breakpoint', 'lg=66rem', '--breakpoint', 'max=99rem');
    expect(run.stdout).toContain('2 tokens written to design-systems/carbon (2 exactly, 0 with loss), 0 left out');
    expect(run.system).toContain('breakpoints:\n  lg: { min-width: 66rem }\n  max: { min-width: 99rem }\n');
    // `max` keeps lg's line height: it sets only the font size.
    expect(run.tokens).toContain(
      '  type.heading-04: { type: typography, fontFamily: "IBM Plex Sans", fontSize: 1.75rem, fontWeight: 400, lineHeight: 1.28572, letterSpacing: 0px, breakpoints: { lg: { fontFamily: "IBM Plex Sans", fontSize: 2rem, fontWeight: 400, lineHeight: 1.25, letterSpacing: 0px }, max: { fontFamily: "IBM Plex Sans", fontSize: 2.625rem, fontWeight: 400, lineHeight: 1.25, letterSpacing: 0px } } }\n',
    );
    expect(run.tokens).toContain(
      '  type.body-01: { type: typography, fontFamily: "IBM Plex Sans", fontSize: 0.875rem, fontWeight: 400, lineHeight: 1.42857, letterSpacing: 0.16px }\n',
    );
    expect(run.status).toBe(0);
  });

  it('are reported with loss, naming the option, when --breakpoint does not give their widths', async () => {
    const run = await importSource('--breakpoint', 'lg=66rem');
    expect(run.stdout).toContain('2 tokens written to design-systems/carbon (1 exactly, 1 with loss), 0 left out');
    expect(run.stdout).toContain(
      "src/type.tokens.json:type.heading-04  with loss  its values at `max` are not imported: give each breakpoint's width with `--breakpoint max=<min-width>`",
    );
    expect(run.tokens).toContain(
      'type.heading-04: { type: typography, fontFamily: "IBM Plex Sans", fontSize: 1.75rem, fontWeight: 400, lineHeight: 1.28572, letterSpacing: 0px, breakpoints: { lg: { fontFamily: "IBM Plex Sans", fontSize: 2rem, fontWeight: 400, lineHeight: 1.25, letterSpacing: 0px } } }\n',
    );
  });
});
