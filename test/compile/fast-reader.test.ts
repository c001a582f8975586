import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../src/compile/yaml/parse-source-file.js';
import { compileDesignSystemFolder } from '../../src/compile/compile-design-system.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

const SOURCES = [...yamlFiles('design-systems'), ...yamlFiles('test/fixtures')].map((path) => ({
  path: relative('.', path),
  text: readFileSync(path, 'utf8'),
}));

describe('the fast reader', () => {
  it('reads every example and fixture file to the same entries as the precise reader, or leaves it to the precise one', () => {
    let fast = 0;
    for (const { path, text } of SOURCES) {
      const isSystemFile = path.endsWith('/system.yaml');
      const quick = parseSourceFile(path, text, isSystemFile);
      const precise = parseSourceFile(path, text, isSystemFile, { precise: true });
      expect(precise.precise).toBe(true);
      if (!quick.precise) fast += 1;
      // Both readers give the same entries, positions included.
      expect({ ...quick, precise: true }, path).toEqual(precise);
    }
    // The examples are well formed: all of them take the fast path.
    expect(fast).toBeGreaterThanOrEqual(yamlFiles('design-systems').length);
  });

  it.each([
    ['keys with leading zeros', 'scales:\n  blue:\n    050: { light: "#FFFFFF", dark: "#000000" }\n'],
    ['keys with trailing zeros', 'tokens:\n  a:\n    1.50: { type: opacity, value: 0.5 }\n'],
    ['anchors and aliases', 'primitives:\n  spacing: &s { a: 1 }\n  radius: *s\n'],
    ['tags', 'tokens:\n  a: { type: !!str opacity, value: 1 }\n'],
    ['a `~` key', 'tokens:\n  ~: { type: opacity, value: 1 }\n'],
    ['binary numbers', 'primitives:\n  spacing: { a: 0b101 }\n'],
    ['a duplicate key', 'primitives:\n  spacing: { a: 1, a: 2 }\n'],
    ['a syntax error', 'primitives:\n  spacing: { a: 1\n'],
    ['an unknown section', 'colors:\n  a: 1\n'],
    ['an invalid key', 'tokens:\n  a b: { type: opacity, value: 1 }\n'],
    [
      'a byte order mark',
      '\uFEFFtokens:\n  a b: { type: opacity, value: 1 }\n  c: { type: opacity, value: &v 1 }\n  d: { type: opacity, value: *v }\n',
    ],
    [
      'keys that differ only as written',
      'tokens:\n  10: { type: opacity, value: 1 }\n  010: { type: opacity, value: 1 }\n  1.50: { b: c }\n',
    ],
    ['an anchored block mapping and its alias', 'tokens:\n  a: &x\n    b: { type: opacity, value: 2 }\n  c: *x\n  d:   *x\n'],
    ['a pair in a flow list', 'tokens:\n  a: { type: opacity, value: [b: 1, c] }\n'],
    ['an empty value after a comment', 'scales:\n  blue:\n    100:\n      light: #BFDBFE\n      dark: "#000000"\n'],
  ])('reads %s like the precise reader', (_name, text) => {
    expect({ ...parseSourceFile('ds/tokens.yaml', text, false), precise: true }).toEqual(
      parseSourceFile('ds/tokens.yaml', text, false, { precise: true }),
    );
  });

  it('reads hex colors that start with `0b`, `0o` or `0x` fast, and leaves such numbers to the precise reader', () => {
    const colors = 'scales:\n  slate:\n    950: { light: "#0BD8DC", dark: "#0x0O0b" }\n    900: { light: "#0B0B0B", dark: "#00F0FF" }\n';
    expect(parseSourceFile('ds/scales.yaml', colors, false).precise).toBe(false);
    for (const number of ['0x1F', '0b101', '0o17', '-0x1F', '[0x1F]']) {
      expect(parseSourceFile('ds/primitives.yaml', `primitives:\n  spacing: { a: ${number} }\n`, false).precise, number).toBe(true);
    }
  });

  it('reports a problem in a fast-read file with its real position', () => {
    const tokens =
      'tokens:\n  color:\n    text: { type: color, scale: gray, step: 900 }\n    link: { type: color, scale: blu, step: 600 }\n';
    const scales =
      'scales:\n  blue:\n    600: { light: "#2563EB", dark: "#60A5FA" }\n  gray:\n    900: { light: "#111827", dark: "#F9FAFB" }\n';
    const files = [
      parseSourceFile('ds/system.yaml', 'name: DS\n', true),
      parseSourceFile('ds/scales.yaml', scales, false),
      parseSourceFile('ds/tokens.yaml', tokens, false),
    ];
    expect(files.map((file) => file.precise)).toEqual([false, false, false]);
    expect(compileDesignSystemFolder('ds', files).diagnostics).toEqual([
      {
        file: 'ds/tokens.yaml',
        line: 4,
        column: 33,
        rule: 'unknown-scale',
        message: '`color.link` refers to unknown scale `blu` (did you mean `blue`?)',
        severity: 'error',
      },
    ]);
  });
});

describe('YAML anchors and aliases', () => {
  it('reads an alias as the node it names, like any YAML tool', () => {
    const tokens =
      'tokens:\n  opacity:\n    base: &half { type: opacity, value: 0.5 }\n    copy: *half\n    muted: { type: opacity, value: &v 0.4 }\n    disabled: { type: opacity, value: *v }\n';
    const { system, diagnostics } = compileDesignSystemFolder('ds', [
      parseSourceFile('ds/system.yaml', 'name: DS\n', true),
      parseSourceFile('ds/tokens.yaml', tokens, false),
    ]);
    expect(diagnostics).toEqual([]);
    expect(system?.tokens.map((token) => [token.key, formatCssValue(token.resolved.light)])).toEqual([
      ['opacity.base', '0.5'],
      ['opacity.copy', '0.5'],
      ['opacity.disabled', '0.4'],
      ['opacity.muted', '0.4'],
    ]);
  });

  it('refuses an alias to a mapping it sits in, with its position, without looping', () => {
    const parsed = parseSourceFile('ds/tokens.yaml', 'tokens:\n  a: &loop\n    b: *loop\n', false);
    expect(parsed.diagnostics).toEqual([
      {
        file: 'ds/tokens.yaml',
        line: 3,
        column: 8,
        rule: 'token-not-a-map',
        message: '`a.b` must be a group or a token ({ type, ... })',
        severity: 'error',
      },
    ]);
  });
});
