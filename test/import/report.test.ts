import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { runCli } from '../cli/run-cli.js';

/** A DTCG source shaped like a Figma variables export: unitless numbers named by the design tool, a few broken references. */
const SOURCE = {
  color: { $type: 'color', ink: { $value: '#111111' } },
  border: {
    $type: 'border',
    // Its color names a token that does not exist: written as its value (with loss), which is no color (left out).
    broken: { $value: { width: '1px', style: 'solid', color: '{color.gone}' } },
  },
  font: {
    $type: 'typography',
    // Two parts name tokens that are not imported: one token, two reasons, one line.
    body: {
      $value: {
        fontFamily: 'Inter',
        fontSize: '16px',
        fontWeight: 400,
        lineHeight: '{font.leading}',
        letterSpacing: '{font.tracking}',
      },
    },
    leading: { $type: 'number', $value: 1.5 },
    tracking: { $type: 'number', $value: 0 },
  },
  surface: Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`level${index + 1}`, { $type: 'number', $value: index + 1 }])),
};

describe('token-server import: one verdict per token, counts equal to the lines', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-report-'));
    await writeFile(join(dir, 'tokens.json'), JSON.stringify(SOURCE, null, 2));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints one line per token not carried exactly, one hint for many left out for one reason, and verifies only the source’s modes', async () => {
    const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/report', '--verify'], { cwd: dir });
    const numberReason =
      'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)';
    expect(run.stdout.split('\n')).toEqual([
      '2 tokens written to design-systems/report (1 exactly, 1 with loss), 15 left out (read as dtcg)',
      '  color 1, typography 1',
      'tokens.json:font.body  with loss  `font.leading` is not imported: its value is written instead of the reference; `font.tracking` is not imported: its value is written instead of the reference',
      `14 tokens left out: ${numberReason} (tokens.json:font.leading, tokens.json:font.tracking, tokens.json:surface.level1, and 11 more; each one with --format json)`,
      'tokens.json:border.broken  left out  its color `{color.gone}` is left out or names no token: its value is not known (after: `color.gone` is not imported: its value is written instead of the reference)',
      'verify: every value equal (light 2)',
      '',
    ]);
    expect(run.status).toBe(0);
  });

  it('gives the same numbers and every line in --format json', async () => {
    const run = await runCli(['import', 'tokens.json', '--out', 'design-systems/json', '--format', 'json', '--verify'], { cwd: dir });
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect([report['imported'], report['exact'], report['lossy'], report['skipped']]).toEqual([2, 1, 1, 15]);
    expect((report['verdicts'] as { level: string }[]).map((verdict) => verdict.level)).toEqual([
      'lossy',
      ...Array.from({ length: 15 }, () => 'skipped'),
    ]);
    expect((report['verify'] as { compared: unknown }).compared).toEqual({ light: 2 });
  });
});

describe('import: the report names every mode read and where it came from', () => {
  it('counts the tokens that gave each mode, per extension (a `light` entry is the base, not a mode)', () => {
    const document = {
      color: {
        $type: 'color',
        ink: { $value: '#111111', $extensions: { mode: { light: '#222222', dark: '#EEEEEE' } } },
        link: { $value: '#0000FF', $extensions: { 'org.primer.overrides': { dark: '{color.ink}', 'dark-dimmed': '#333333' } } },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'ext', name: 'Ext' });
    expect(result.notes).toEqual([
      'mode `dark` is read from 2 tokens that write their own values per mode (`$extensions.mode`: 1, `$extensions["org.primer.overrides"]`: 1)',
      'mode `dark-dimmed` is read from 1 token that writes its own values per mode (`$extensions["org.primer.overrides"]`: 1)',
    ]);
  });
});
