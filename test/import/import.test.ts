import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { renderDtcgJson } from '../../src/views/formats/dtcg/export-dtcg-json.js';
import { renderStrictDtcgJson } from '../../src/views/formats/dtcg/export-dtcg-strict.js';
import { runCli } from '../cli/run-cli.js';
import { compileExample } from '../helpers/fixtures.js';

const importOne = (document: unknown, path = 'tokens.json') =>
  importDesignSystem([{ path, text: JSON.stringify(document) }], { slug: 'imported', name: 'Imported' });

/** Every token's CSS value in every mode, by key: what a consumer of the design system sees. */
function valuesOf(system: CompiledDesignSystem): Map<string, Record<string, string>> {
  return new Map(
    system.tokens.map((token) => [
      token.key,
      Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );
}

describe('import: our own DTCG exports, back', () => {
  it.each(['acme', 'harbor'])('the strict export of %s gives every token back, typed, with every value in every mode', async (slug) => {
    const original = await compileExample(slug);
    const result = importOne(JSON.parse(renderStrictDtcgJson(original)) as unknown);
    const imported = result.compiled.system as CompiledDesignSystem;
    expect(result.compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(result.issues).toEqual([]);
    expect(imported.tokens.map((token) => [token.key, token.type])).toEqual(original.tokens.map((token) => [token.key, token.type]));
    expect(imported.modes.map((mode) => mode.name)).toEqual(original.modes.map((mode) => mode.name));
    const before = valuesOf(original);
    for (const [key, values] of valuesOf(imported)) {
      // Equal values written otherwise (verified below): DTCG's typography has a line height multiplier and no `em`
      // letter spacing, and an easing keyword (`ease-in-out`) is four numbers there.
      if (key.startsWith('typography.') || key.startsWith('transition.')) continue;
      expect([key, values]).toEqual([key, before.get(key)]);
    }
    const verified = verifyImport(result.sources, result.tokens, imported);
    expect(verified.mismatches).toEqual([]);
    expect(verified.compared['light']).toBe(original.tokens.length);
  });

  it('the string-valued export of acme gives every token back, each value equal', async () => {
    const original = await compileExample('acme');
    const result = importOne(JSON.parse(renderDtcgJson(original)) as unknown);
    const imported = result.compiled.system as CompiledDesignSystem;
    expect(result.issues).toEqual([]);
    expect(imported.tokens.map((token) => [token.key, token.type])).toEqual(original.tokens.map((token) => [token.key, token.type]));
    expect(valuesOf(imported)).toEqual(valuesOf(original));
  });

  it('the string-valued export of harbor: composites written as CSS text are read back, typographies (`font`) left out', async () => {
    const original = await compileExample('harbor');
    const result = importOne(JSON.parse(renderDtcgJson(original)) as unknown);
    const reason = 'a composite written as CSS text (the string-valued export): import the structured one, `?spec=2025.10`';
    expect(result.issues.map((issue) => [issue.source, issue.level, issue.reason])).toEqual(
      ['typography.heading', 'typography.paragraph'].map((key) => [`tokens.json:${key}`, 'skipped', reason]),
    );
    expect(result.tokens).toHaveLength(original.tokens.length - 2);
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });
});

describe('import: the mapping, rule by rule', () => {
  const document = {
    color: {
      $type: 'color',
      blue: { 500: { $value: { colorSpace: 'srgb', components: [0, 0.4, 1], alpha: 1 } } },
      brand: { $value: '{color.blue.500}', $description: 'Brand', $deprecated: 'Use color.blue.500.' },
      wide: { $value: { colorSpace: 'display-p3', components: [1, 0, 0], alpha: 1, hex: '#FF0000' } },
      far: { $value: { colorSpace: 'oklch', components: [0.5, 0.1, 30], alpha: 1 } },
      'with space': { $value: '#00000080' },
    },
    spacing: { $type: 'dimension', md: { $value: { value: 1, unit: 'rem' } }, inset: { $value: '{spacing.md}' } },
    size: { $type: 'dimension', icon: { $value: '{spacing.md}' } },
    opacity: { $type: 'number', muted: { $value: 0.5 } },
    ratio: { $type: 'number', golden: { $value: 1.618 } },
    border: { $type: 'border', card: { $value: { width: '{size.icon}', style: 'dashed', color: '{color.brand}' } } },
    shadow: {
      $type: 'shadow',
      card: {
        $value: [{ color: '{color.brand}', offsetX: '0px', offsetY: { value: 2, unit: 'px' }, blur: '4px', spread: '0px', inset: true }],
      },
    },
  };
  const result = importOne(document);
  const token = (key: string) => result.tokens.find((candidate) => candidate.key === key);

  it('keeps references whose target is imported with a type the place takes, and writes the value where it is not', () => {
    expect(token('color.brand')?.fields).toEqual({
      type: 'color',
      ref: 'color.blue.500',
      description: 'Brand',
      deprecated: 'Use color.blue.500.',
    });
    expect(token('spacing.inset')?.fields).toEqual({ type: 'spacing', ref: 'spacing.md' });
    // `size.icon` is a dimension; its target is a spacing: the value is written, and reported.
    expect(token('size.icon')?.fields).toEqual({ type: 'dimension', value: 1, unit: 'rem' });
    expect(token('border.card')?.fields).toEqual({ type: 'border', width: '{size.icon}', style: 'dashed', color: '{color.brand}' });
    expect(token('shadow.card')?.fields).toEqual({
      type: 'shadow',
      layers: [{ x: '0px', y: '2px', blur: '4px', spread: '0px', color: '{color.brand}', inset: true }],
    });
  });

  it('names our type from the key where the DTCG type is wider, renames key segments our keys cannot hold', () => {
    expect(token('spacing.md')?.type).toBe('spacing');
    expect(token('opacity.muted')?.fields).toEqual({ type: 'opacity', value: 0.5 });
    expect(token('color.with-space')?.fields).toEqual({ type: 'color', color: '#00000080' });
  });

  it('reports every token it could not carry exactly, with its source and why', () => {
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:ratio.golden',
        level: 'skipped',
        reason:
          'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)',
      },
      { source: 'tokens.json:color.wide', level: 'lossy', reason: 'color space `display-p3` is written as its sRGB `hex`' },
      { source: 'tokens.json:color.far', level: 'skipped', reason: 'color space `oklch` (only sRGB, or a `hex` beside it)' },
      {
        source: 'tokens.json:size.icon',
        level: 'lossy',
        reason: '`spacing.md` is a spacing token here: its value is written instead of the reference',
      },
    ]);
  });

  it('writes a folder that compiles with no error, one file per top-level group with the schema line', () => {
    expect(result.compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect([...result.files.keys()]).toEqual([
      'system.yaml',
      'tokens/border.yaml',
      'tokens/color.yaml',
      'tokens/opacity.yaml',
      'tokens/shadow.yaml',
      'tokens/size.yaml',
      'tokens/spacing.yaml',
    ]);
    expect(result.files.get('tokens/spacing.yaml')).toBe(
      '# yaml-language-server: $schema=../../../schemas/source.schema.json\ntokens:\n  spacing.inset: { type: spacing, ref: spacing.md }\n  spacing.md: { type: spacing, value: 1, unit: rem }\n',
    );
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
  });

  it('types a unitless number by its name (any segment, any case or separator), and a 0 named as a length as 0px', () => {
    const result = importOne({
      button: {
        $type: 'number',
        'z-index': { $value: 10 },
        label: { 'font-weight': { $value: 600 }, lineHeight: { $value: 1.25 } },
        disabled: { opacity: { $value: 0.4 } },
        'margin-block': { $value: 0 },
        ratio: { $value: 1.6 },
      },
    });
    expect(result.tokens.map((token) => [token.key, token.type])).toEqual([
      ['button.z-index', 'z-index'],
      ['button.label.font-weight', 'font.weight'],
      ['button.label.lineHeight', 'font.lineHeight'],
      ['button.disabled.opacity', 'opacity'],
      ['button.margin-block', 'dimension'],
    ]);
    expect(result.issues.map((issue) => issue.source)).toEqual(['tokens.json:button.ratio']);
    // A unitless 0 is a length of 0: `--verify` agrees.
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });

  it('reads an sRGB color written in hsl or hwb by its hex, with its alpha, exactly; another space by its hex with loss', () => {
    const result = importOne({
      color: {
        $type: 'color',
        hsl: { $value: { colorSpace: 'hsl', components: [212, 92, 45], alpha: 0.5, hex: '#0969da' } },
        p3: { $value: { colorSpace: 'display-p3', components: [0.1, 0.4, 0.85], hex: '#0969da' } },
      },
    });
    expect(result.files.get('tokens/color.yaml')).toContain('color.hsl: { type: color, color: "rgba(9, 105, 218, 0.5)" }');
    expect(result.issues).toEqual([
      { source: 'tokens.json:color.p3', level: 'lossy', reason: 'color space `display-p3` is written as its sRGB `hex`' },
    ]);
  });

  it('leaves out an sRGB color without its three components, saying why, and keeps the rest', () => {
    const result = importOne({
      color: {
        $type: 'color',
        short: { $value: { colorSpace: 'srgb', components: [1, 0] } },
        ink: { $value: { colorSpace: 'srgb', components: [0, 0, 0] } },
      },
    });
    expect(result.tokens.map((imported) => imported.key)).toEqual(['color.ink']);
    expect(result.issues).toEqual([
      { source: 'tokens.json:color.short', level: 'skipped', reason: 'an sRGB color without its three `components`' },
    ]);
  });

  it('leaves out a token our compiler refuses (an opacity above 1) and keeps the rest', () => {
    const refused = importOne({ opacity: { $type: 'number', wrong: { $value: 1.5 }, right: { $value: 0.5 } } });
    expect(refused.tokens.map((imported) => imported.key)).toEqual(['opacity.right']);
    expect(refused.issues).toEqual([
      {
        source: 'tokens.json:opacity.wrong',
        level: 'skipped',
        reason: 'refused by the compiler: `value` of `opacity.wrong` must be a number from 0 to 1, got 1.5',
      },
    ]);
  });
});

describe('token-server import', () => {
  it('writes the folder, prints the report, verifies, and answers 1 when nothing could be imported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dts-import-'));
    try {
      const original = await compileExample('harbor');
      await writeFile(join(dir, 'harbor.tokens.json'), renderStrictDtcgJson(original));
      const done = await runCli(
        ['import', 'harbor.tokens.json', '--out', 'design-systems/harbor-copy', '--name', 'Harbor copy', '--verify'],
        { cwd: dir },
      );
      expect(done.stderr).toBe('');
      expect(done.status).toBe(0);
      expect(done.stdout.split('\n')[0]).toBe(
        `${original.tokens.length} tokens written to design-systems/harbor-copy (${original.tokens.length} exactly, 0 with loss), 0 left out (read as dtcg)`,
      );
      expect(done.stdout).toContain(
        'verify: every value equal (light 61, dark 61, dark-dimmed 61, light-high-contrast 61, dark-high-contrast 61)',
      );
      expect(await readFile(join(dir, 'design-systems/harbor-copy/system.yaml'), 'utf8')).toContain('name: "Harbor copy"');
      const validated = await runCli(['validate', 'design-systems'], { cwd: dir });
      expect(validated.stdout.trim().split('\n').at(-1)).toBe(`✔ 1 design system, ${original.tokens.length} tokens, no problems`);

      const again = await runCli(['import', 'harbor.tokens.json', '--out', 'design-systems/harbor-copy'], { cwd: dir });
      expect([again.status, again.stderr.trim()]).toEqual([
        2,
        'token-server: design-systems/harbor-copy is not empty; choose a new folder or pass --force',
      ]);

      await writeFile(join(dir, 'broken.json'), '{ not json');
      const nothing = await runCli(['import', 'broken.json', '--out', 'design-systems/nothing', '--format', 'json'], { cwd: dir });
      expect(nothing.status).toBe(1);
      expect(JSON.parse(nothing.stdout)).toMatchObject({ imported: 0, skipped: 1, issues: [{ source: 'broken.json', level: 'skipped' }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
