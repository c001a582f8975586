import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileDesignSystemFolder } from '../../src/compile/compile-design-system.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { MAX_DIAGNOSTICS_PER_FILE } from '../../src/compile/diagnostics/cap-diagnostics.js';
import { parseSourceFile } from '../../src/compile/yaml/parse-source-file.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from '../../src/compile/yaml/read-limits.js';
import { runCli } from '../cli/run-cli.js';
import { positionOf } from '../helpers/text-position.js';

// Attack files are generated here (in memory, or in a temp dir where a real file matters), never checked in.

const SYSTEM = parseSourceFile('ds/system.yaml', 'name: DS\n', true);

/** 10 aliases per level, 7 levels: 704 bytes that a naive reader expands to millions of nodes. */
function aliasBomb(): string {
  const lines = ['tokens:', '  l0: &l0 { type: opacity, value: 1 }'];
  for (let level = 1; level <= 7; level += 1) {
    const refs = 'abcdefghij'.split('').map((name) => `${name}: *l${level - 1}`);
    lines.push(`  l${level}: &l${level} { ${refs.join(', ')} }`);
  }
  return `${lines.join('\n')}\n`;
}

/** The fastest of a few runs, in milliseconds: the least disturbed by other work on the machine. */
function fastestMs(run: () => void, times = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('YAML aliases are bounded', () => {
  it('refuses an alias bomb quickly, at the alias that passes the limit, with both readers', () => {
    const text = aliasBomb();
    expect(text.length).toBeLessThan(1024);
    // Each `l<n>` mapping counts itself, its keys and what they expand to: l0 = 5, l1 = 61, l2 = 621, l3 = 6,211
    // nodes; the aliases of l1..l3 add 50 + 610 + 6,210 = 6,870 nodes, and the first `*l3` adds 6,211 more.
    const { line, column } = positionOf(text, '*l3');
    const want = [
      {
        file: 'ds/tokens.yaml',
        line,
        column,
        rule: 'alias-limit',
        message: `aliases in this file expand to more than ${MAX_ALIAS_NODES} YAML nodes (the limit); \`*l3\` crosses it: copy the values instead`,
        severity: 'error',
      },
    ];
    const start = performance.now();
    expect(parseSourceFile('ds/tokens.yaml', text, false).diagnostics).toEqual(want);
    expect(parseSourceFile('ds/tokens.yaml', text, false, { precise: true }).diagnostics).toEqual(want);
    const result = compileDesignSystemFolder('ds', [SYSTEM, parseSourceFile('ds/tokens.yaml', text, false)]);
    expect(result.system).toBeUndefined();
    expect(result.diagnostics).toEqual(want);
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('refuses the same bomb built from lists (values only shown in messages are bounded too)', () => {
    const lines = ['primitives:', '  spacing:', '    l0: &l0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]'];
    for (let level = 1; level <= 7; level += 1)
      lines.push(`    l${level}: &l${level} [${Array.from({ length: 10 }, () => `*l${level - 1}`).join(', ')}]`);
    const text = `${lines.join('\n')}\n`;
    // l0 = 11 nodes, l1 = 111, l2 = 1,111: the aliases of l1 and l2 add 110 + 1,110, and the 8th `*l2` of l3 passes 10,000.
    const [problem] = parseSourceFile('ds/p.yaml', text, false).diagnostics;
    expect(problem).toMatchObject({ rule: 'alias-limit', ...positionOf(text, '*l2', 7) });
  });

  it('still reads a few aliases, and refuses nesting made deep through aliases', () => {
    expect(
      parseSourceFile('ds/tokens.yaml', 'tokens:\n  a: &a { type: opacity, value: 1 }\n  b: *a\n', false).tokens.map((token) => token.key),
    ).toEqual(['a', 'b']);
    // Each level nests the previous one 30 deep: the fourth passes 100 without any level doing so on its own.
    const deep = (inner: string): string => `${'['.repeat(30)}${inner}${']'.repeat(30)}`;
    const text = `primitives:\n  spacing:\n    a: &a ${deep('1')}\n    b: &b ${deep('*a')}\n    c: &c ${deep('*b')}\n    d: ${deep('*c')}\n`;
    for (const precise of [false, true]) {
      const [problem] = parseSourceFile('ds/p.yaml', text, false, { precise }).diagnostics;
      expect(problem).toMatchObject({ rule: 'nesting-limit', ...positionOf(text, '*c') });
    }
  });
});

describe('nesting depth is bounded', () => {
  const message = `this file nests mappings and lists more than ${MAX_NESTING_DEPTH} levels deep (the limit)`;

  it.each([
    ['flow lists', `tokens: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, '['],
    ['flow mappings', `tokens: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`, '{'],
    ['block lists', `tokens:\n  a:\n${'- '.repeat(5000)}1\n`, '- '],
  ])('refuses 5,000 levels of %s with a position, never a stack overflow', (_name, text, opener) => {
    for (const precise of [false, true]) {
      const { diagnostics } = parseSourceFile('ds/tokens.yaml', text, false, { precise });
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({
        file: 'ds/tokens.yaml',
        line: opener === '- ' ? 3 : 1,
        rule: 'nesting-limit',
        message,
        severity: 'error',
      });
      // It points inside the run of openers, past the limit (a flow pair takes the parser a little less room).
      const column = diagnostics[0]?.column as number;
      const lineStart = opener === '- ' ? text.lastIndexOf('\n', text.length - 2) + 1 : 0;
      const openersBefore = text.slice(lineStart, lineStart + column - 1).split(opener).length - 1;
      expect(openersBefore).toBeGreaterThanOrEqual(MAX_NESTING_DEPTH - 2);
      expect(openersBefore).toBeLessThanOrEqual(MAX_NESTING_DEPTH * 1.5);
    }
  });

  it('refuses 1,000 levels of block mappings (as deep as 1 MiB allows) and reads 60', () => {
    const nested = (depth: number): string => Array.from({ length: depth }, (_, level) => `${' '.repeat(level + 1)}g${level}:`).join('\n');
    const tooDeep = `tokens:\n${nested(1000)}\n`;
    for (const precise of [false, true]) {
      const [problem, ...rest] = parseSourceFile('ds/tokens.yaml', tooDeep, false, { precise }).diagnostics;
      expect(rest).toEqual([]);
      expect(problem).toMatchObject({ rule: 'nesting-limit', message });
    }
    const fine = `tokens:\n${nested(60)} { type: opacity, value: 1 }\n`;
    const parsed = parseSourceFile('ds/tokens.yaml', fine, false);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.tokens).toHaveLength(1);
  });
});

describe('problems per file are capped', () => {
  it('lists the first 100 of 30,000 bad keys and counts the rest', () => {
    const text = `tokens:\n${Array.from({ length: 30000 }, (_, index) => `  "a b${index}": 1\n`).join('')}`;
    const { diagnostics } = compileDesignSystemFolder('ds', [SYSTEM, parseSourceFile('ds/tokens.yaml', text, false)]);
    expect(diagnostics).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(diagnostics[0]).toMatchObject({ line: 2, column: 3, rule: 'invalid-key' });
    expect(diagnostics.at(-1)).toEqual({
      file: 'ds/tokens.yaml',
      line: 102,
      column: 3,
      rule: 'too-many-problems',
      message: '29900 more problems in this file not shown (only the first 100 are reported)',
      severity: 'error',
    });
  });

  it('keeps 30,000 bad references with "did you mean" linear: suggestions only for the problems shown', () => {
    const primitives = `primitives:\n  spacing:\n${Array.from({ length: 15000 }, (_, index) => `    p${index}: ${index % 50}\n`).join('')}`;
    const bad = (from: number): string =>
      `tokens:\n${Array.from({ length: 15000 }, (_, index) => `  t${from + index}: { type: spacing, primitive: spacing.q${from + index}x }\n`).join('')}`;
    const start = performance.now();
    const files = [
      SYSTEM,
      parseSourceFile('ds/p.yaml', primitives, false),
      parseSourceFile('ds/a.yaml', bad(0), false),
      parseSourceFile('ds/b.yaml', bad(15000), false),
    ];
    const { diagnostics } = compileDesignSystemFolder('ds', files);
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(diagnostics).toHaveLength(2 * (MAX_DIAGNOSTICS_PER_FILE + 1));
    expect(diagnostics[0]).toEqual({
      file: 'ds/a.yaml',
      line: 2,
      column: 35,
      rule: 'unknown-primitive',
      message: '`t0` refers to unknown primitive `spacing.q0x` (did you mean `spacing.p0`?)',
      severity: 'error',
    });
    expect(diagnostics.filter((diagnostic) => diagnostic.rule === 'too-many-problems').map((diagnostic) => diagnostic.message)).toEqual([
      '14900 more problems in this file not shown (only the first 100 are reported)',
      '14900 more problems in this file not shown (only the first 100 are reported)',
    ]);
  });
});

describe('parse cost', () => {
  const keyed = (prefix: string): string => {
    const lines = ['primitives:', '  spacing:'];
    let size = 24;
    for (let index = 0; size < 1024 * 1024 - 40; index += 1) {
      const line = `    ${prefix}${index}: ${index % 100}`;
      lines.push(line);
      size += line.length + 1;
    }
    return `${lines.join('\n')}\n`;
  };

  it('reads 1 MiB of digit-led keys in about the time of letter-led ones, keys as written', () => {
    const digits = keyed('0');
    const letters = keyed('k');
    const parsed = parseSourceFile('ds/p.yaml', digits, false);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.primitives.slice(0, 3).map((primitive) => primitive.key)).toEqual(['00', '01', '02']);
    const lettersMs = fastestMs(() => parseSourceFile('ds/p.yaml', letters, false));
    const digitsMs = fastestMs(() => parseSourceFile('ds/p.yaml', digits, false));
    // Linear work: the old per-key search of the whole text took over 100 times as long.
    expect(digitsMs).toBeLessThan(lettersMs * 3 + 50);
  });

  it('gives a file with a typo, an alias or only warnings its positions without reading it twice', () => {
    const lines = ['tokens:'];
    for (let index = 0; index < 5000; index += 1) lines.push(`  t${index}: { type: color, scale: blue, step: 600, darkStep: 600 }`);
    // Every token names a redundant dark step: 5,000 warnings, of which 100 are listed.
    const same = parseSourceFile('ds/scales.yaml', 'scales:\n  blue:\n    600: { light: "#2563EB", dark: "#2563EB" }\n', false);
    const clean = `${lines.join('\n')}\n`;
    const warnings = compileDesignSystemFolder('ds', [SYSTEM, same, parseSourceFile('ds/tokens.yaml', clean, false)]);
    expect(warnings.system?.tokens).toHaveLength(5000);
    expect(warnings.diagnostics[0]).toMatchObject({
      file: 'ds/tokens.yaml',
      line: 2,
      column: (lines[1] as string).indexOf('darkStep: 600') + 'darkStep: '.length + 1,
      rule: 'redundant-dark-step',
      severity: 'warning',
    });
    expect(warnings.diagnostics.at(-1)).toMatchObject({
      line: 102,
      rule: 'too-many-problems',
      severity: 'warning',
      message: '4900 more problems in this file not shown (only the first 100 are reported)',
    });
    // Errors are listed before warnings: the one typo among them is not hidden by the cap.
    const typo = clean.replace('t2500: { type: color, scale: blue', 't2500: { type: color, scale: bleu');
    const aliased = clean.replace('t1: {', 't1: &one {').replace(/t4999: .*\n/, 't4999: *one\n');
    for (const text of [typo, aliased]) expect(parseSourceFile('ds/tokens.yaml', text, false).precise).toBe(false);
    const withTypo = compileDesignSystemFolder('ds', [SYSTEM, same, parseSourceFile('ds/tokens.yaml', typo, false)]).diagnostics;
    expect(withTypo.filter((diagnostic) => diagnostic.rule === 'unknown-scale')).toEqual([
      {
        file: 'ds/tokens.yaml',
        line: 2502,
        column: 32,
        rule: 'unknown-scale',
        message: '`t2500` refers to unknown scale `bleu` (did you mean `blue`?)',
        severity: 'error',
      },
    ]);
    expect(withTypo).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(withTypo.find((diagnostic) => diagnostic.rule === 'too-many-problems')).toMatchObject({
      line: 101,
      severity: 'warning',
      message: '4900 more problems in this file not shown (only the first 100 are reported)',
    });
  });
});

describe('source text', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('reports bytes that are not UTF-8 where they are, instead of serving U+FFFD', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hostile-utf8-'));
    const path = join(dir, 'tokens.yaml');
    await writeFile(
      path,
      Buffer.concat([Buffer.from('tokens:\n  a: { type: font.family, value: "Caf'), Buffer.from([0xc3, 0x28]), Buffer.from('" }\n')]),
    );
    const text = await readFile(path, 'utf8');
    const want = {
      file: 'ds/tokens.yaml',
      line: 2,
      column: 38,
      rule: 'invalid-utf8',
      message: 'this file is not valid UTF-8 (byte sequence shown as U+FFFD); save it as UTF-8',
      severity: 'error',
    };
    expect(parseSourceFile('ds/tokens.yaml', text, false).diagnostics).toEqual([want]);
    expect(compileDesignSystemFolder('ds', [SYSTEM, parseSourceFile('ds/tokens.yaml', text, false)])).toEqual({
      system: undefined,
      diagnostics: [want],
    });
    // The escape still writes the character.
    const escaped = parseSourceFile('ds/tokens.yaml', 'tokens:\n  a: { type: font.family, value: "x\\uFFFD" }\n', false);
    expect(escaped.diagnostics).toEqual([]);
    expect(escaped.tokens[0]?.fields['value']?.value).toBe('x\uFFFD');
  });

  it.each([false, true])('takes keys as written: `10` and `010` are two keys (precise reader: %s)', (precise) => {
    const text =
      'tokens:\n  size:\n    10: { type: spacing, value: 10 }\n    010: { type: spacing, value: 8 }\n    1.5: { type: spacing, value: 1 }\n    1.50: { type: spacing, value: 2 }\n';
    const parsed = parseSourceFile('ds/tokens.yaml', text, false, { precise });
    expect(parsed.diagnostics).toEqual([]);
    const { system } = compileDesignSystemFolder('ds', [SYSTEM, parsed]);
    expect(system?.tokens.map((token) => [token.key, formatCssValue(token.resolved.light)])).toEqual([
      ['size.1.5', '1px'],
      ['size.1.50', '2px'],
      ['size.10', '10px'],
      ['size.010', '8px'],
    ]);
    // The same key written plain and quoted is still one key.
    expect(parseSourceFile('ds/tokens.yaml', 'tokens:\n  a: 1\n  "a": 2\n', false, { precise }).diagnostics).toEqual([
      {
        file: 'ds/tokens.yaml',
        line: 3,
        column: 3,
        rule: 'duplicate-key',
        message: '`"a"` is defined twice in this mapping (YAML keys must be unique)',
        severity: 'error',
      },
    ]);
  });
});

describe('token-server validate', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('ends on an alias bomb with exit 1 and the alias-limit diagnostic', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hostile-validate-'));
    await mkdir(join(dir, 'ds'));
    await writeFile(join(dir, 'ds', 'system.yaml'), 'name: DS\n');
    await writeFile(join(dir, 'ds', 'tokens.yaml'), aliasBomb());
    const { line, column } = positionOf(aliasBomb(), '*l3');
    const result = await runCli(['validate', '.'], { cwd: dir });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain(`ds/tokens.yaml:${line}:${column}`);
    expect(result.stdout + result.stderr).toContain('(alias-limit)');
  }, 20_000);
});
