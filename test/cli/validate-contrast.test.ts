import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/views/formats/format-rules.js';
import { runCli } from './run-cli.js';

// Issue 27, item 3: `validate` reports a failing contrast pair at the pair's file:line:column, naming the mode, exits 1
// on an error (not on a warning), checks the minimum font size per token and mode, and writes SARIF 2.1.0 that the
// official OASIS schema accepts.
const SARIF_SCHEMA = fileURLToPath(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url));

const SYSTEM = `name: Shop
modes:
  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }
  dark-high-contrast: { base: dark, media: "(prefers-contrast: more)" }
`;
// In dark, the muted text inherits light's gray (the typical dark-mode bug; dark high contrast has its own); in dark
// high contrast, the accent is the dark blue of light high contrast.
const TOKENS = `tokens:
  color:
    fg.default: { type: color, color: "#1F2328", modes: { dark: { color: "#F0F6FC" } } }
    fg.muted: { type: color, color: "#59636E", modes: { dark-high-contrast: { color: "#9198A1" } } }
    fg.accent: { type: color, color: "#0969DA", modes: { dark: { color: "#4493F8" }, dark-high-contrast: { color: "#0550AE" } } }
    bg.canvas: { type: color, color: "#FFFFFF", modes: { dark: { color: "#0D1117" } } }
    bg.scrim: { type: color, color: "#FFFFFF00", modes: { dark: { color: "#0D111780" } } }
  font.size:
    body: { type: font.size, value: 16 }
    caption: { type: font.size, value: 12, modes: { dark: { value: 11 } } }
`;

const FILES: Record<string, Record<string, string>> = {
  'only-dark': {
    'shop/system.yaml': SYSTEM,
    'shop/tokens.yaml': TOKENS,
    'shop/contrast.yaml': `contrast:
  pairs:
    body: { foreground: color.fg.default, background: color.bg.canvas }
    muted: { foreground: color.fg.muted, background: color.bg.canvas }
`,
  },
  'only-high-contrast': {
    'shop/system.yaml': SYSTEM,
    'shop/tokens.yaml': TOKENS,
    'shop/contrast.yaml': `contrast:
  pairs:
    link:
      foreground: color.fg.accent
      background: color.bg.canvas
`,
  },
  warnings: {
    'shop/system.yaml': SYSTEM,
    'shop/tokens.yaml': TOKENS,
    'shop/contrast.yaml': `contrast:
  pairs:
    muted: { foreground: color.fg.muted, background: color.bg.scrim, severity: warning }
`,
  },
  clean: {
    'shop/system.yaml': SYSTEM,
    'shop/tokens.yaml': TOKENS,
    'shop/contrast.yaml':
      'contrast:\n  minFontSize: 11px\n  pairs:\n    body: { foreground: color.fg.default, background: color.bg.canvas, level: AAA }\n',
  },
  'min-font-size': {
    'shop/system.yaml': SYSTEM,
    'shop/tokens.yaml': TOKENS,
    'shop/contrast.yaml': 'contrast:\n  minFontSize: 12px\n',
  },
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'validate-contrast-'));
  for (const [fixture, files] of Object.entries(FILES)) {
    for (const [path, text] of Object.entries(files)) {
      const file = join(root, fixture, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      // Every fixture with problems is also a design system of one source folder, `all/`, for the SARIF log.
      if (fixture === 'clean') continue;
      const together = join(root, 'all', path.replace(/^shop\//, `${fixture}/`));
      await mkdir(dirname(together), { recursive: true });
      await writeFile(together, text);
    }
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('validate with contrast pairs', () => {
  it('fails when only dark fails, naming the pair’s file:line:column and the mode', async () => {
    const result = await runCli(['validate', 'only-dark'], { cwd: root });
    expect(result.stdout).toBe(
      [
        'only-dark/shop/contrast.yaml:4:5  error  contrast pair `muted` (`color.fg.muted` on `color.bg.canvas`) is 3.10:1 in mode `dark`: WCAG 2.2 AA needs 4.5:1 for text (1.4.3); APCA Lc -20.8 (advice)  (contrast-too-low)',
        '✖ 1 problem (1 error, 0 warnings)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });

  it('fails when only a high-contrast mode fails', async () => {
    const result = await runCli(['validate', 'only-high-contrast'], { cwd: root });
    expect(result.stdout).toBe(
      [
        'only-high-contrast/shop/contrast.yaml:3:5  error  contrast pair `link` (`color.fg.accent` on `color.bg.canvas`) is 2.49:1 in mode `dark-high-contrast`: WCAG 2.2 AA needs 4.5:1 for text (1.4.3); APCA Lc -15.9 (advice)  (contrast-too-low)',
        '✖ 1 problem (1 error, 0 warnings)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });

  it('reports a pair with `severity: warning` without failing', async () => {
    const result = await runCli(['validate', 'warnings', '--format', 'json'], { cwd: root });
    expect(JSON.parse(result.stdout)).toEqual([
      {
        file: 'warnings/shop/contrast.yaml',
        line: 3,
        column: 5,
        severity: 'warning',
        rule: 'contrast-too-low',
        message:
          'contrast pair `muted` (`color.fg.muted` on `color.bg.scrim`) is 3.27:1 in mode `dark`: WCAG 2.2 AA needs 4.5:1 for text (1.4.3); APCA Lc -21.2 (advice)',
      },
    ]);
    expect(result.status).toBe(0);
  });

  it('fails on a font size below minFontSize, per token and mode, at the token', async () => {
    const result = await runCli(['validate', 'min-font-size'], { cwd: root });
    expect(result.stdout).toBe(
      [
        'min-font-size/shop/tokens.yaml:10:5  error  `font.size.caption` is 11px in mode `dark`, below the minimum font size 12px (`minFontSize` at min-font-size/shop/contrast.yaml:2:16)  (font-size-too-small)',
        'min-font-size/shop/tokens.yaml:10:5  error  `font.size.caption` is 11px in mode `dark-high-contrast`, below the minimum font size 12px (`minFontSize` at min-font-size/shop/contrast.yaml:2:16)  (font-size-too-small)',
        '✖ 2 problems (2 errors, 0 warnings)',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });
});

describe('validate --format sarif', () => {
  it('writes SARIF 2.1.0 that the official schema accepts: every problem a result, every rule listed', async () => {
    // A CommonJS module: `module.exports` is the class, and its `default` too (which the types describe).
    const ajv = new AjvDraft04.default({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(await readFile(SARIF_SCHEMA, 'utf8')) as object);
    // The schema does refuse what is not SARIF.
    expect(validate({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false);

    const result = await runCli(['validate', 'all', '--format', 'sarif'], { cwd: root });
    expect(result.status).toBe(1);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: {
        tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string } }[] } };
        results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: unknown[] }[];
      }[];
    };
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    expect(run?.tool.driver.name).toBe('token-server');
    // Every rule: the compiler's and the formats' (their rows'), sorted by id.
    const ruleIds = ALL_RULES.map(([id]) => id);
    expect(run?.tool.driver.rules.map((rule) => rule.id)).toEqual(ruleIds);
    const first = run?.results[0];
    expect(first).toEqual({
      ruleId: 'font-size-too-small',
      ruleIndex: ruleIds.indexOf('font-size-too-small'),
      level: 'error',
      message: {
        text: '`font.size.caption` is 11px in mode `dark`, below the minimum font size 12px (`minFontSize` at all/min-font-size/contrast.yaml:2:16)',
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'all/min-font-size/tokens.yaml', uriBaseId: '%SRCROOT%' },
            region: { startLine: 10, startColumn: 5 },
          },
        },
      ],
    });
    expect(run?.results.map((problem) => `${problem.ruleId} ${problem.level}`)).toEqual([
      'font-size-too-small error',
      'font-size-too-small error',
      'contrast-too-low error',
      'contrast-too-low error',
      'contrast-too-low warning',
    ]);
  });

  it('writes an empty run for a source without problems, and exits 0', async () => {
    const result = await runCli(['validate', 'clean', '--format', 'sarif'], { cwd: root });
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as { runs: { results: unknown[] }[] }).runs[0]?.results).toEqual([]);
  });
});
