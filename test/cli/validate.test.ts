import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';
import { formatJsonReport } from '../../src/cli/format-diagnostics.js';
import { runCli } from './run-cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/cli', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Case {
  readonly keys?: boolean;
  readonly lines: readonly string[];
  readonly status: number;
}

// One broken fixture per rule: the exact lines (paths relative to the working directory), the summary and the exit status.
const CASES: [string, Case][] = [
  ['valid', { keys: true, lines: ['✔ 1 design system, 18 tokens, 1 key, no problems'], status: 0 }],
  [
    'yaml-syntax',
    {
      lines: [
        'yaml-syntax/shop/tokens.yaml:4:3  error  Flow map in block collection must be sufficiently indented and end with a }  (yaml-syntax)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'unknown-token-type',
    {
      lines: [
        'unknown-token-type/shop/tokens.yaml:3:19  error  unknown token type `colour` for `color.text` (did you mean `color`?); the types are boolean, border, color, dimension, duration, easing, font.family, font.letterSpacing, font.lineHeight, font.size, font.weight, gradient, keyword, opacity, radius, shadow, spacing, strokeStyle, transition, typography, z-index  (unknown-token-type)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'missing-field',
    {
      lines: [
        'missing-field/shop/tokens.yaml:3:5  error  spacing token `spacing.sm` is missing `value`  (missing-field)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'extra-field',
    {
      lines: [
        'extra-field/shop/tokens.yaml:3:42  error  spacing token `spacing.sm` has no field `size` (allowed: value, unit, primitive, ref, modes)  (extra-field)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'invalid-value',
    {
      lines: [
        'invalid-value/shop/tokens.yaml:3:39  error  `value` of `opacity.disabled` must be a number from 0 to 1, got "half"  (invalid-value)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'invalid-hex',
    {
      lines: [
        'invalid-hex/shop/scales.yaml:4:19  error  `light` of step 600 in scale `blue` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got "#2563E"  (invalid-hex)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'unknown-scale',
    {
      lines: [
        'unknown-scale/shop/tokens.yaml:3:34  error  `color.brand` refers to unknown scale `bleu` (did you mean `blue`?)  (unknown-scale)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'unknown-step',
    {
      lines: [
        'unknown-step/shop/tokens.yaml:3:61  error  scale `blue` has no step 500 (it has 100, 600)  (unknown-step)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'unknown-primitive',
    {
      lines: [
        'unknown-primitive/shop/tokens.yaml:3:39  error  `spacing.page` refers to unknown primitive `spacing.mdd` (did you mean `spacing.md`?)  (unknown-primitive)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'primitive-type-mismatch',
    {
      lines: [
        'primitive-type-mismatch/shop/tokens.yaml:3:38  error  radius token `radius.card` cannot use `spacing.md`, a spacing primitive  (primitive-type-mismatch)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'color-token-not-color',
    {
      lines: [
        'color-token-not-color/shop/tokens.yaml:7:71  error  `colorToken` of `shadow.card` must name a color token; `spacing.sm` is a spacing token  (color-token-not-color)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'duplicate-key-in-file',
    {
      lines: [
        'duplicate-key-in-file/shop/tokens.yaml:5:5  error  `text` is defined twice in this mapping (YAML keys must be unique)  (duplicate-key)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'duplicate-key-across-files',
    {
      lines: [
        'duplicate-key-across-files/shop/tokens/dark.yaml:2:3  error  token `color.text` is already defined at duplicate-key-across-files/shop/tokens/base.yaml:3:5  (duplicate-key)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'token-group-clash',
    {
      lines: [
        'token-group-clash/shop/tokens.yaml:3:5  error  `color.brand` is a token here and a group at token-group-clash/shop/tokens.yaml:4:5; a key cannot be both  (token-group-clash)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'invalid-slug',
    {
      lines: [
        'invalid-slug/Shop_Web/system.yaml:1:1  error  design system folder `Shop_Web` must be lowercase letters, digits and single hyphens (e.g. `acme-web`)  (invalid-slug)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'key-unknown-design-system',
    {
      keys: true,
      lines: [
        'key-unknown-design-system/keys.yaml:4:19  error  key `shop-web` is for design system `shopp`, which does not exist (did you mean `shop`?)  (key-unknown-design-system)',
        'key-unknown-design-system/keys.yaml:8:20  error  key `docs` gives access to design system `blog`, which does not exist  (key-unknown-design-system)',
        '✖ 2 problems (2 errors, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'redundant-dark-step',
    {
      lines: [
        'redundant-dark-step/shop/tokens.yaml:3:62  warning  `color.border`: `darkStep` equals `step` and step 500 of `gray` is the same in light and dark  (redundant-dark-step)',
        '⚠ 1 problem (0 errors, 1 warning)',
      ],
      status: 0,
    },
  ],
  [
    'unknown-mode',
    {
      lines: [
        'unknown-mode/shop/tokens.yaml:3:63  error  `color.text` gives a value for unknown mode `dark-dimed` (modes: light, dark, dark-dimmed) (did you mean `dark-dimmed`?)  (unknown-mode)',
        '✖ 1 problem (1 error, 0 warnings)',
      ],
      status: 1,
    },
  ],
  [
    'key-expired',
    {
      keys: true,
      lines: [
        'key-expired/keys.yaml:5:16  warning  key `old-ci` expired on 2024-01-31: the server refuses it (remove it with `token-server keys revoke old-ci`)  (key-expired)',
        '⚠ 1 problem (0 errors, 1 warning)',
      ],
      status: 0,
    },
  ],
];

describe('token-server validate', () => {
  it.each(CASES)('reports fixture %s', async (fixture, want) => {
    const args = ['validate', fixture, ...(want.keys ? ['--keys', `${fixture}/keys.yaml`] : [])];
    const result = await runCli(args, { cwd: FIXTURES });
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: want.status,
      stdout: `${want.lines.join('\n')}\n`,
      stderr: '',
    });
  });

  it('pass the example design systems and keys from the project root with the default source folder', async () => {
    const result = await runCli(['validate', '--keys', 'keys.yaml'], { cwd: ROOT });
    expect(result).toEqual({ status: 0, stdout: '✔ 3 design systems, 272 tokens, 3 keys, no problems\n', stderr: '' });
  });

  it('print the problems of every design system sorted by path, with paths as given from the working directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'validate-many-'));
    try {
      await writeFiles(dir, {
        'tokens/beta/system.yaml': 'name: Beta\n',
        'tokens/beta/tokens.yaml': 'tokens:\n  spacing.sm: { type: spacing, value: 8px }\n',
        'tokens/alpha/system.yaml': 'name: Alpha\n',
        'tokens/alpha/scales.yaml': 'scales:\n  gray:\n    500: { light: "#777", dark: "#777" }\n',
        'tokens/alpha/tokens.yaml':
          'tokens:\n  color.border: { type: color, scale: gray, step: 500, darkStep: 500 }\n  z.top: { type: z-index, value: 1.5 }\n',
      });
      const result = await runCli(['validate', './tokens/'], { cwd: dir });
      expect(result).toEqual({
        status: 1,
        stdout: [
          'tokens/alpha/tokens.yaml:2:66  warning  `color.border`: `darkStep` equals `step` and step 500 of `gray` is the same in light and dark  (redundant-dark-step)',
          'tokens/alpha/tokens.yaml:3:34  error  `value` of `z.top` must be an integer, got 1.5  (invalid-value)',
          'tokens/beta/tokens.yaml:2:39  error  `value` of `spacing.sm` must be a number, a list of 1 to 4 lengths like `[8, 16]` or `[0, auto]` (each a number in `unit`, a length in `px`, `rem`, `em`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, or `auto`), or the keyword `auto` (write a length as `value: 8` and `unit: px`), got "8px"  (invalid-value)',
          '✖ 3 problems (2 errors, 1 warning)',
          '',
        ].join('\n'),
        stderr: '',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('report a large source (parsed in worker threads) exactly as the in-process compiler does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'validate-large-'));
    try {
      const files: Record<string, string> = { 'big/system.yaml': 'name: Big\n' };
      for (let file = 0; file < 12; file += 1) {
        const lines = Array.from({ length: 500 }, (_, index) =>
          index === file * 7
            ? `    t${index}: { type: spacing, value: ten, unit: px }`
            : `    t${index}: { type: spacing, value: ${index}, unit: px, description: Token ${index} of file ${file}. }`,
        );
        files[`big/tokens/part-${file}.yaml`] = `tokens:\n  group${file}:\n${lines.join('\n')}\n`;
      }
      await writeFiles(dir, files);
      expect(Object.values(files).join('').length).toBeGreaterThan(256 * 1024);
      const result = await runCli(['validate', '.', '--format', 'json'], { cwd: dir });
      const expected = validateInputSync({
        files: Object.entries(files).map(([path, text]) => ({ path, text })),
        keys: undefined,
        sourcePrefix: '.',
        now: 0,
      });
      expect(expected.diagnostics).toHaveLength(12);
      expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        status: 1,
        stdout: formatJsonReport(expected),
        stderr: '',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('print the same problems as a JSON array with --format json, and nothing else', async () => {
    const result = await runCli(['validate', 'unknown-scale', '--format', 'json'], { cwd: FIXTURES });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([
      {
        file: 'unknown-scale/shop/tokens.yaml',
        line: 3,
        column: 34,
        severity: 'error',
        rule: 'unknown-scale',
        message: '`color.brand` refers to unknown scale `bleu` (did you mean `blue`?)',
      },
    ]);
    const valid = await runCli(['validate', 'valid', '--format', 'json'], { cwd: FIXTURES });
    expect({ status: valid.status, stdout: valid.stdout }).toEqual({ status: 0, stdout: '[]\n' });
  });

  it.each([
    [['validate', 'missing-folder'], 'token-server: source folder missing-folder does not exist or is not a folder\n'],
    [['validate', 'valid', '--format', 'xml'], 'token-server: --format must be text, json, github or sarif, got xml\n'],
    [['validate', 'valid', '--keys', 'valid/nope.yaml'], 'token-server: keys file valid/nope.yaml does not exist\n'],
    [['validate', 'valid', 'invalid-hex'], 'token-server: validate takes one source folder, got 2: valid invalid-hex\n'],
    [
      ['validate', 'valid/shop/tokens'],
      'token-server: no design system found in valid/shop/tokens (expected valid/shop/tokens/<slug>/system.yaml)\n',
    ],
  ])('exit with status 2 when it cannot run: %j', async (args, stderr) => {
    const result = await runCli(args, { cwd: FIXTURES });
    expect(result).toEqual({ status: 2, stdout: '', stderr });
  });

  it('reject an unknown flag with status 2', async () => {
    const result = await runCli(['validate', '--fix'], { cwd: FIXTURES });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'token-server: unknown option `--fix` for validate; its options are --keys, --format, --code-frame, --help\n',
    );
  });

  it('report an empty folder as having no design system', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'validate-empty-'));
    try {
      const result = await runCli(['validate', '.'], { cwd: dir });
      expect(result).toEqual({
        status: 2,
        stdout: '',
        stderr: 'token-server: no design system found in . (expected ./<slug>/system.yaml)\n',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}
