import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';
import { parseKeysFile } from '../../src/compile/keys/parse-keys-file.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
type Kind = 'system' | 'source' | 'keys';
const SCHEMA_FILES: Record<Kind, string> = { system: 'system.schema.json', source: 'source.schema.json', keys: 'keys.schema.json' };

const ajv = new Ajv({ allErrors: true, strict: true });
const validators = Object.fromEntries(
  await Promise.all(
    Object.entries(SCHEMA_FILES).map(
      async ([kind, file]) => [kind, ajv.compile(JSON.parse(await readFile(join(ROOT, 'schemas', file), 'utf8')) as object)] as const,
    ),
  ),
) as Record<Kind, ValidateFunction>;

function kindOf(path: string): Kind {
  return basename(path) === 'keys.yaml' ? 'keys' : basename(path) === 'system.yaml' ? 'system' : 'source';
}

/** Whether the schema accepts the YAML text, parsed the way the compiler parses it (YAML 1.2 core schema). */
function schemaAccepts(kind: Kind, text: string): boolean {
  return validators[kind](parse(text) ?? null);
}

/**
 * The rules of the errors the compiler (through the server's reducer) reports for one file of a design system; a
 * content file is compiled beside `system` (a system.yaml text).
 */
function compilerErrors(kind: Kind, text: string, system = 'name: X\n'): string[] {
  if (kind === 'keys') return parseKeysFile('keys.yaml', text).diagnostics.map((diagnostic) => diagnostic.rule);
  const files =
    kind === 'system'
      ? [{ path: 'x/system.yaml', text }]
      : [
          { path: 'x/system.yaml', text: system },
          { path: 'x/content.yaml', text },
        ];
  return validateInputSync({ files, keys: undefined, sourcePrefix: '.', now: 0 })
    .diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.rule);
}

async function yamlFilesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

const EXAMPLE_FILES = [
  ...(await yamlFilesBelow(join(ROOT, 'design-systems'))),
  join(ROOT, 'keys.yaml'),
  ...(await yamlFilesBelow(join(FIXTURES, 'valid'))),
];

describe('JSON schemas of the YAML files', () => {
  it.each(EXAMPLE_FILES.map((file) => [relative(ROOT, file)]))(
    'accept example %s, which names its schema on the first line',
    async (relativePath) => {
      const path = join(ROOT, relativePath);
      const text = await readFile(path, 'utf8');
      const kind = kindOf(path);
      const valid = schemaAccepts(kind, text);
      expect(valid ? [] : validators[kind].errors).toEqual([]);
      const schemaLine = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text);
      expect(schemaLine).not.toBeNull();
      expect(resolve(dirname(path), schemaLine?.[1] ?? '')).toBe(join(ROOT, 'schemas', SCHEMA_FILES[kind]));
    },
  );

  it('agree with the compiler, which finds no problem in the examples', async () => {
    const dir = join(ROOT, 'design-systems');
    const files = await Promise.all(
      (await yamlFilesBelow(dir)).map(async (path) => ({ path: relative(dir, path), text: await readFile(path, 'utf8') })),
    );
    const keys = { path: 'keys.yaml', text: await readFile(join(ROOT, 'keys.yaml'), 'utf8') };
    const report = validateInputSync({ files, keys, sourcePrefix: '.', now: 0 });
    expect(report.diagnostics).toEqual([]);
  });

  // The broken CLI fixtures, by what an editor can see. `schema`: the schema rejects the file too; `parser`: the
  // YAML itself is broken (editors underline it before any schema applies); `compiler`: only `validate` can tell,
  // because the problem is a reference across files or design systems, or a value legal on its own.
  const FIXTURE_FILES: [string, string, 'schema' | 'parser' | 'compiler'][] = [
    ['yaml-syntax', 'shop/tokens.yaml', 'parser'],
    ['duplicate-key-in-file', 'shop/tokens.yaml', 'parser'],
    ['unknown-token-type', 'shop/tokens.yaml', 'schema'],
    ['missing-field', 'shop/tokens.yaml', 'schema'],
    ['extra-field', 'shop/tokens.yaml', 'schema'],
    ['invalid-value', 'shop/tokens.yaml', 'schema'],
    ['invalid-hex', 'shop/scales.yaml', 'schema'],
    ['unknown-scale', 'shop/tokens.yaml', 'compiler'],
    ['unknown-step', 'shop/tokens.yaml', 'compiler'],
    ['unknown-primitive', 'shop/tokens.yaml', 'compiler'],
    ['primitive-type-mismatch', 'shop/tokens.yaml', 'compiler'],
    ['color-token-not-color', 'shop/tokens.yaml', 'compiler'],
    ['duplicate-key-across-files', 'shop/tokens/dark.yaml', 'compiler'],
    ['token-group-clash', 'shop/tokens.yaml', 'compiler'],
    ['invalid-slug', 'Shop_Web/system.yaml', 'compiler'],
    ['key-unknown-design-system', 'keys.yaml', 'compiler'],
    ['key-expired', 'keys.yaml', 'compiler'],
    ['redundant-dark-step', 'shop/tokens.yaml', 'compiler'],
    ['unknown-mode', 'shop/tokens.yaml', 'compiler'],
  ];

  it.each(FIXTURE_FILES)('classify broken fixture %s/%s as caught by the %s', async (fixture, file, caughtBy) => {
    const text = await readFile(join(FIXTURES, fixture, file), 'utf8');
    const yamlErrors = parseDocument(text, { uniqueKeys: true }).errors.length > 0;
    expect(yamlErrors).toBe(caughtBy === 'parser');
    if (!yamlErrors) expect(schemaAccepts(kindOf(file), text)).toBe(caughtBy !== 'schema');
  });

  // Structural and type problems: each must be refused by the schema and by the compiler (with the given rule).
  const BROKEN: [string, Kind, string, string][] = [
    ['a scale step without dark', 'source', 'scales:\n  blue:\n    100: { light: "#fff" }\n', 'missing-field'],
    ['a five-digit hex', 'source', 'scales:\n  blue:\n    100: { light: "#fffff", dark: "#000" }\n', 'invalid-hex'],
    ['a seven-digit hex', 'source', 'scales:\n  blue:\n    100: { light: "#fffffff", dark: "#000" }\n', 'invalid-hex'],
    ['rgba() with an alpha above 1', 'source', 'scales:\n  blue:\n    100: { light: "rgba(0, 0, 0, 1.5)", dark: "#000" }\n', 'invalid-hex'],
    [
      'rgba() with an alpha above 100%',
      'source',
      'scales:\n  blue:\n    100: { light: "rgba(0 0 0 / 101%)", dark: "#000" }\n',
      'invalid-hex',
    ],
    ['rgb() with a channel above 255', 'source', 'scales:\n  blue:\n    100: { light: "rgb(256, 0, 0)", dark: "#000" }\n', 'invalid-hex'],
    ['a named color other than transparent', 'source', 'scales:\n  blue:\n    100: { light: "red", dark: "#000" }\n', 'invalid-hex'],
    ['an unquoted hex (a YAML comment)', 'source', 'scales:\n  blue:\n    100:\n      light: #fff\n      dark: "#000"\n', 'invalid-hex'],
    [
      'a step field that is no mode name',
      'source',
      'scales:\n  blue:\n    100: { light: "#fff", dark: "#000", Mid: "#888" }\n',
      'unknown-field',
    ],
    [
      'a step color for a mode name with an underscore',
      'source',
      'scales:\n  blue:\n    0: { light: "#fff", dark: "#000", dark_dim: "#111" }\n',
      'unknown-field',
    ],
    ['a step that is not a number', 'source', 'scales:\n  blue:\n    light: { light: "#fff", dark: "#000" }\n', 'invalid-step'],
    ['an unknown section', 'source', 'colors:\n  blue: {}\n', 'unknown-section'],
    ['an unknown primitive type', 'source', 'primitives:\n  spacings: { sm: 4 }\n', 'unknown-primitive-type'],
    ['an opacity primitive above 1', 'source', 'primitives:\n  opacity: { half: 2 }\n', 'invalid-value'],
    ['an easing with x1 out of range', 'source', 'primitives:\n  easing: { odd: "cubic-bezier(1.5, 0, 0, 1)" }\n', 'invalid-value'],
    ['a font family with a semicolon', 'source', 'primitives:\n  "font.family": { bad: "Inter; color: red" }\n', 'invalid-value'],
    ['a token that is a number', 'source', 'tokens:\n  spacing:\n    sm: 4\n', 'token-not-a-map'],
    ['a type that is not a string', 'source', 'tokens:\n  a: { type: 5 }\n', 'invalid-type'],
    ['a color with a primitive', 'source', 'tokens:\n  c: { type: color, primitive: spacing.sm }\n', 'primitive-not-allowed'],
    ['a primitive reference with a value', 'source', 'tokens:\n  s: { type: spacing, primitive: spacing.sm, value: 4 }\n', 'extra-field'],
    ['a spacing in %', 'source', 'tokens:\n  s: { type: spacing, value: 4, unit: "%" }\n', 'invalid-value'],
    ['a fractional z-index', 'source', 'tokens:\n  z: { type: z-index, value: 1.5 }\n', 'invalid-value'],
    ['a boolean written as a string', 'source', 'tokens:\n  f: { type: boolean, value: "yes" }\n', 'invalid-value'],
    [
      'a shadow without opacity',
      'source',
      'tokens:\n  s: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: c }\n',
      'missing-field',
    ],
    ['a negative color step', 'source', 'tokens:\n  c: { type: color, scale: blue, step: -1 }\n', 'invalid-value'],
    ['a negative scale step', 'source', 'scales:\n  blue:\n    -1: { light: "#fff", dark: "#000" }\n', 'invalid-step'],
    ['a literal color and a scale', 'source', 'tokens:\n  c: { type: color, color: "#fff", scale: blue, step: 1 }\n', 'extra-field'],
    ['a literal color and a darkStep', 'source', 'tokens:\n  c: { type: color, color: "#fff", darkStep: 1 }\n', 'extra-field'],
    ['a color with neither a scale nor a literal', 'source', 'tokens:\n  c: { type: color, alpha: 0.5 }\n', 'missing-field'],
    ['a literal color that is not a color', 'source', 'tokens:\n  c: { type: color, color: "#12345" }\n', 'invalid-value'],
    ['an alpha above 1', 'source', 'tokens:\n  c: { type: color, color: "#fff", alpha: 1.5 }\n', 'invalid-value'],
    [
      'a token value for light under modes',
      'source',
      'tokens:\n  s: { type: spacing, value: 4, modes: { light: { value: 2 } } }\n',
      'invalid-mode',
    ],
    [
      'a token mode name with a capital',
      'source',
      'tokens:\n  s: { type: spacing, value: 4, modes: { Dark: { value: 2 } } }\n',
      'unknown-mode',
    ],
    ['an empty mode override', 'source', 'tokens:\n  s: { type: spacing, value: 4, modes: { dark: {} } }\n', 'invalid-value'],
    ['modes that is not a mapping', 'source', 'tokens:\n  s: { type: spacing, value: 4, modes: dark }\n', 'invalid-value'],
    [
      'a field the type does not take, in a mode',
      'source',
      'tokens:\n  r: { type: radius, value: 4, modes: { dark: { blur: 2 } } }\n',
      'extra-field',
    ],
    [
      'a value out of range, in a mode',
      'source',
      'tokens:\n  o: { type: opacity, value: 0.5, modes: { dark: { value: 2 } } }\n',
      'invalid-value',
    ],
    [
      'a primitive and a value in one mode',
      'source',
      'tokens:\n  s: { type: spacing, value: 4, modes: { dark: { primitive: spacing.md, value: 2 } } }\n',
      'extra-field',
    ],
    [
      'a color with a primitive in a mode',
      'source',
      'tokens:\n  c: { type: color, color: "#fff", modes: { dark: { primitive: c.d } } }\n',
      'primitive-not-allowed',
    ],
    [
      'a literal and a step in one mode',
      'source',
      'tokens:\n  c: { type: color, color: "#fff", modes: { dark: { color: "#000", step: 1 } } }\n',
      'extra-field',
    ],
    [
      'a dark step given twice',
      'source',
      'scales:\n  g:\n    1: { light: "#fff", dark: "#000" }\n    2: { light: "#eee", dark: "#111" }\ntokens:\n  c: { type: color, scale: g, step: 1, darkStep: 2, modes: { dark: { step: 2 } } }\n',
      'extra-field',
    ],
    [
      'a typography without fontSize',
      'source',
      'tokens:\n  t: { type: typography, fontFamily: Inter, fontWeight: 400, lineHeight: 1.5 }\n',
      'missing-field',
    ],
    ['a border style wavy', 'source', 'tokens:\n  b: { type: border, width: 1, style: wavy, color: "#000" }\n', 'invalid-value'],
    [
      'a shadow with both layers and x',
      'source',
      'tokens:\n  s: { type: shadow, x: 0, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#000" }] }\n',
      'extra-field',
    ],
    ['a ref with another value field', 'source', 'tokens:\n  s: { type: spacing, ref: space.md, value: 4 }\n', 'extra-field'],
    ['a gradient with one stop', 'source', 'tokens:\n  g: { type: gradient, stops: [{ color: "#fff", position: 0 }] }\n', 'invalid-value'],
    ['a deprecated that is a number', 'source', 'tokens:\n  s: { type: spacing, value: 4, deprecated: 3 }\n', 'invalid-value'],
    ['a description that is a number', 'source', 'tokens:\n  s: { type: spacing, value: 4, description: 5 }\n', 'invalid-value'],
    ['a key with a space', 'source', 'tokens:\n  "my token": { type: spacing, value: 4 }\n', 'invalid-key'],
    ['a system without name', 'system', 'description: Shop\n', 'system-missing-name'],
    ['an empty system file', 'system', '# nothing yet\n', 'system-missing-name'],
    ['an unknown system field', 'system', 'name: Shop\nversion: 2\n', 'system-unknown-field'],
    ['an empty name', 'system', 'name: ""\n', 'invalid-value'],
    ['an id with a space', 'system', 'name: Shop\nid: shop web\n', 'invalid-value'],
    ['a mode named light', 'system', 'name: Shop\nmodes:\n  light: { base: dark }\n', 'invalid-mode'],
    ['a mode named dark', 'system', 'name: Shop\nmodes:\n  dark: { base: light }\n', 'invalid-mode'],
    ['a mode name with a capital and an underscore', 'system', 'name: Shop\nmodes:\n  Dark_Dimmed: { base: dark }\n', 'invalid-mode'],
    ['a mode name with a double hyphen', 'system', 'name: Shop\nmodes:\n  dark--dimmed: { base: dark }\n', 'invalid-mode'],
    ['a mode name starting with a digit', 'system', 'name: Shop\nmodes:\n  2x: { base: dark }\n', 'invalid-mode'],
    ['a mode name of 65 characters', 'system', `name: Shop\nmodes:\n  ${'a'.repeat(65)}: { base: dark }\n`, 'invalid-mode'],
    ['a mode without base', 'system', 'name: Shop\nmodes:\n  dim: { media: "(prefers-contrast: less)" }\n', 'missing-field'],
    ['a mode that is not a mapping', 'system', 'name: Shop\nmodes:\n  dim: dark\n', 'invalid-mode'],
    ['a mode with an unknown field', 'system', 'name: Shop\nmodes:\n  dim: { base: dark, scheme: dark }\n', 'invalid-mode'],
    ['a base that is no mode name', 'system', 'name: Shop\nmodes:\n  dim: { base: Dark }\n', 'unknown-mode'],
    [
      'a media query without parentheses',
      'system',
      'name: Shop\nmodes:\n  hc: { base: light, media: "prefers-contrast: more" }\n',
      'invalid-mode',
    ],
    [
      'a media query that could close its rule',
      'system',
      'name: Shop\nmodes:\n  hc: { base: light, media: "(a) { x }" }\n',
      'invalid-mode',
    ],
    ['modes that is a list', 'system', 'name: Shop\nmodes: [dim]\n', 'invalid-mode'],
    ['a key without sha256', 'keys', 'keys:\n  - name: ci\n    designSystem: shop\n', 'missing-field'],
    ['a short sha256', 'keys', 'keys:\n  - name: ci\n    sha256: abc\n    designSystem: shop\n', 'invalid-value'],
    [
      'a plain key in the file',
      'keys',
      `keys:\n  - name: ci\n    key: dts_x\n    sha256: ${'a'.repeat(64)}\n    designSystem: shop\n`,
      'unknown-field',
    ],
    ['an uppercase design system', 'keys', `keys:\n  - name: ci\n    sha256: ${'a'.repeat(64)}\n    designSystem: Shop\n`, 'invalid-value'],
    [
      'an expiry that is not a date',
      'keys',
      `keys:\n  - name: ci\n    sha256: ${'a'.repeat(64)}\n    designSystem: shop\n    expiresAt: soon\n`,
      'invalid-value',
    ],
    ['an unknown top-level field', 'keys', 'keys: []\nadmins: []\n', 'unknown-section'],
  ];

  it.each(BROKEN)('reject %s in both the %s schema and the compiler', (_, kind, text, rule) => {
    expect(schemaAccepts(kind, text)).toBe(false);
    expect(compilerErrors(kind, text)).toContain(rule);
  });

  const VALID: [string, Kind, string][] = [
    ['an empty content file', 'source', '# work in progress\n'],
    ['empty sections', 'source', 'scales:\nprimitives:\ntokens:\n'],
    ['three- and six-digit hex', 'source', 'scales:\n  g:\n    1: { light: "#abc", dark: "#ABCDEF" }\n'],
    ['a four-digit hex (#RGBA)', 'source', 'scales:\n  blue:\n    100: { light: "#ffff", dark: "#0008" }\n'],
    [
      'every color syntax, and step 0',
      'source',
      [
        'scales:',
        '  g:',
        '    0: { light: "#1F232826", dark: "transparent" }',
        '    1: { light: "rgb(255, 0, 0)", dark: "rgba(1, 4, 9, 0.4)" }',
        '    2: { light: " rgb(0 128 255 / 50%) ", dark: "rgba(0,0,0,.5)" }',
        '    3: { light: "TRANSPARENT", dark: "rgba(10, 20, 30, 100%)" }',
        'tokens:',
        '  c: { type: color, scale: g, step: 0, darkStep: 3 }',
        '',
      ].join('\n'),
    ],
    ['a literal color with alpha', 'source', 'tokens:\n  focus: { type: color, color: "#0969DA", alpha: 0.5 }\n'],
    [
      'a color from another scale in dark, alpha per mode, a literal in dark',
      'source',
      [
        'scales:',
        '  gray:',
        '    0: { light: "#FFFFFF", dark: "#0D1117" }',
        '  white:',
        '    0: { light: "#FFFFFF", dark: "#FFFFFF" }',
        'tokens:',
        '  on-emphasis: { type: color, scale: white, step: 0, modes: { dark: { scale: gray, step: 0 } } }',
        '  backdrop: { type: color, scale: gray, step: 0, alpha: 0.4, modes: { dark: { alpha: 0.6 } } }',
        '  line: { type: color, scale: gray, step: 0, modes: { dark: { color: "#30363D" } } }',
        '',
      ].join('\n'),
    ],
    [
      'values per mode for other token types, inline or from a primitive',
      'source',
      [
        'primitives:',
        '  spacing: { md: 16 }',
        '  shadow: { soft: "0 1px 2px rgba(0, 0, 0, 0.1)" }',
        'tokens:',
        '  space: { type: spacing, value: 4, modes: { dark: { primitive: spacing.md } } }',
        '  gap: { type: spacing, primitive: spacing.md, modes: { dark: { value: 8, unit: rem } } }',
        '  card: { type: shadow, primitive: shadow.soft, modes: { dark: { primitive: shadow.soft } } }',
        '  dim: { type: opacity, value: 0.5, modes: { dark: { value: 0.7 } } }',
        '  beta: { type: boolean, value: false, modes: { dark: { value: true } } }',
        '',
      ].join('\n'),
    ],
    [
      'a system with modes',
      'system',
      'name: Shop\nmodes:\n  dark-dimmed: { base: dark }\n  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }\n',
    ],
    [
      'a mode on a further mode, declared before it',
      'system',
      'name: Shop\nmodes:\n  dark-dimmed-2: { base: dark-dimmed }\n  dark-dimmed: { base: dark }\n',
    ],
    ['a system declaring no further mode', 'system', 'name: Shop\nmodes: {}\n'],
    ['a system with an empty modes field', 'system', 'name: Shop\nmodes:\n'],
    ['an easing with spaces and y out of 0..1', 'source', 'primitives:\n  easing: { back: " cubic-bezier(0.3,-0.5, 1, 1.5) " }\n'],
    [
      'a negative rem spacing and a dotted group key',
      'source',
      'tokens:\n  layout.gutter:\n    neg: { type: spacing, value: -0.5, unit: rem }\n',
    ],
    [
      'a token with a primitive and a description',
      'source',
      'primitives:\n  radius: { md: 6 }\ntokens:\n  r: { type: radius, primitive: radius.md, description: Cards. }\n',
    ],
    ['a system with a null description', 'system', 'name: Shop\ndescription:\nid: shop_2\n'],
    ['a keys file with no keys', 'keys', 'keys:\n'],
  ];

  it.each(VALID)('accept %s in both the %s schema and the compiler', (_, kind, text) => {
    expect(schemaAccepts(kind, text)).toBe(true);
    expect(compilerErrors(kind, text)).toEqual([]);
  });

  const MODES = 'name: Shop\nmodes:\n  dark-dimmed: { base: dark }\n';
  // Content that uses the modes system.yaml declares: valid beside MODES.
  const VALID_WITH_MODES: [string, string][] = [
    [
      'a step color and a token value for a declared mode',
      [
        'scales:',
        '  gray:',
        '    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }',
        'tokens:',
        '  canvas: { type: color, scale: gray, step: 0, modes: { dark-dimmed: { color: "#22272E80" } } }',
        '  radius: { type: radius, value: 6, modes: { dark-dimmed: { value: 4 } } }',
        '',
      ].join('\n'),
    ],
  ];

  it.each(VALID_WITH_MODES)('accept %s in both the source schema and the compiler, beside a system.yaml declaring it', (_, text) => {
    expect(schemaAccepts('source', text)).toBe(true);
    expect(compilerErrors('source', text, MODES)).toEqual([]);
    // Without the declaration, only the compiler can tell: a file alone does not say which modes exist.
    expect(compilerErrors('source', text)).not.toEqual([]);
  });

  // Legal on their own, wrong in their design system: the schema accepts them, only `validate` (the compiler) can tell.
  const COMPILER_ONLY: [string, Kind, string, string][] = [
    [
      'a token value for a mode system.yaml does not declare',
      'source',
      'tokens:\n  s: { type: spacing, value: 4, modes: { dark-dim: { value: 2 } } }\n',
      'unknown-mode',
    ],
    [
      'a step color for a mode system.yaml does not declare',
      'source',
      'scales:\n  g:\n    0: { light: "#fff", dark: "#000", dark-dim: "#111" }\n',
      'unknown-field',
    ],
    ['a base naming a mode nobody declares', 'system', 'name: Shop\nmodes:\n  dim: { base: dimmer }\n', 'unknown-mode'],
    ['modes whose bases make a cycle', 'system', 'name: Shop\nmodes:\n  a: { base: b }\n  b: { base: a }\n', 'mode-cycle'],
    [
      'an inline value over a primitive that leaves out a required field',
      'source',
      'primitives:\n  shadow: { soft: "0 1px 2px rgba(0, 0, 0, 0.1)" }\ntokens:\n  card: { type: shadow, primitive: shadow.soft, modes: { dark: { opacity: 0.3 } } }\n',
      'missing-field',
    ],
  ];

  it.each(COMPILER_ONLY)('accept %s in the %s schema; the compiler refuses it', (_, kind, text, rule) => {
    expect(schemaAccepts(kind, text)).toBe(true);
    expect(compilerErrors(kind, text)).toContain(rule);
  });
});
