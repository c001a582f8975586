import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';
import { parseKeysFile } from '../../src/compile/parse-keys-file.js';

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

/** The rules of the errors the compiler (through the server's reducer) reports for one file of a design system. */
function compilerErrors(kind: Kind, text: string): string[] {
  if (kind === 'keys') return parseKeysFile('keys.yaml', text).diagnostics.map((diagnostic) => diagnostic.rule);
  const files =
    kind === 'system'
      ? [{ path: 'x/system.yaml', text }]
      : [
          { path: 'x/system.yaml', text: 'name: X\n' },
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
    ['no-dark-variant', 'shop/tokens.yaml', 'compiler'],
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
    ['a four-digit hex', 'source', 'scales:\n  blue:\n    100: { light: "#ffff", dark: "#000" }\n', 'invalid-hex'],
    ['an unquoted hex (a YAML comment)', 'source', 'scales:\n  blue:\n    100:\n      light: #fff\n      dark: "#000"\n', 'invalid-hex'],
    ['an unknown field in a step', 'source', 'scales:\n  blue:\n    100: { light: "#fff", dark: "#000", mid: "#888" }\n', 'unknown-field'],
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
    ['a spacing in em', 'source', 'tokens:\n  s: { type: spacing, value: 4, unit: em }\n', 'invalid-value'],
    ['a fractional z-index', 'source', 'tokens:\n  z: { type: z-index, value: 1.5 }\n', 'invalid-value'],
    ['a boolean written as a string', 'source', 'tokens:\n  f: { type: boolean, value: "yes" }\n', 'invalid-value'],
    [
      'a shadow without opacity',
      'source',
      'tokens:\n  s: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: c }\n',
      'missing-field',
    ],
    ['a color step 0', 'source', 'tokens:\n  c: { type: color, scale: blue, step: 0 }\n', 'invalid-value'],
    ['a description that is a number', 'source', 'tokens:\n  s: { type: spacing, value: 4, description: 5 }\n', 'invalid-value'],
    ['a key with a space', 'source', 'tokens:\n  "my token": { type: spacing, value: 4 }\n', 'invalid-key'],
    ['a system without name', 'system', 'description: Shop\n', 'system-missing-name'],
    ['an empty system file', 'system', '# nothing yet\n', 'system-missing-name'],
    ['an unknown system field', 'system', 'name: Shop\nversion: 2\n', 'system-unknown-field'],
    ['an empty name', 'system', 'name: ""\n', 'invalid-value'],
    ['an id with a space', 'system', 'name: Shop\nid: shop web\n', 'invalid-value'],
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
});
