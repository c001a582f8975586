import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { runCli } from '../cli/run-cli.js';
import { fixturePath } from '../helpers/fixtures.js';

const importOne = (document: unknown, options: { types?: Record<string, string> } = {}) =>
  importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], {
    slug: 'typed',
    name: 'Typed',
    ...(options.types === undefined ? {} : { types: options.types as never }),
  });

/** Every token's type and CSS value in light. */
const typedValues = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries(
    (system?.tokens ?? []).map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved['light'] as never)}`]),
  );

describe('token-server import: a `type` that is a category (Style Dictionary `type: "semantic"`)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-category-'));
    await cp(fixturePath('../import/fixtures/style-dictionary-category'), join(dir, 'tokens'), { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('types every token from its value (an alias from its target, through chains), a CSS keyword as a `keyword`, says so once', async () => {
    const run = await runCli(['import', 'tokens', '--out', 'design-systems/category', '--verify'], { cwd: dir });
    expect(run.stdout.split('\n')).toEqual([
      '11 tokens written to design-systems/category (11 exactly, 0 with loss), 0 left out (read as style-dictionary)',
      '  color 4, dimension 2, duration 1, easing 1, font.family 1, keyword 1, opacity 1',
      '  type `semantic` is not a token type we know: 11 tokens typed from their values (color 4, dimension 2, cubicBezier 1, duration 1, fontFamily 1, keyword 1, number 1); `--type semantic=<our type>` chooses instead',
      'verify: every value equal (light 11)',
      '',
    ]);
    expect(run.status).toBe(0);
  });

  it('`--type semantic=auto` says it was asked; `--type` refuses an unknown type of ours (exit 2)', async () => {
    const run = await runCli(['import', 'tokens', '--out', 'design-systems/auto', '--type', 'semantic=auto'], { cwd: dir });
    expect(run.stdout).toContain(
      '  `--type semantic=auto`: 11 tokens typed from their values (color 4, dimension 2, cubicBezier 1, duration 1, fontFamily 1, keyword 1, number 1)\n',
    );
    expect(run.status).toBe(0);
    for (const wrong of ['semantic', 'semantic=colour', '=color']) {
      const refused = await runCli(['import', 'tokens', '--out', 'design-systems/wrong', '--type', wrong], { cwd: dir });
      expect([wrong, refused.status, refused.stderr]).toEqual([
        wrong,
        2,
        `token-server: --type takes <source type>=<our type or auto> (our types: boolean, border, color, dimension, duration, easing, font.family, font.letterSpacing, font.lineHeight, font.size, font.weight, gradient, keyword, opacity, radius, shadow, spacing, strokeStyle, transition, typography, z-index): got \`${wrong}\`\n`,
      ]);
    }
  });
});

describe('import: DTCG tokens without `$type`, and type names other tools write', () => {
  it('an untyped alias takes its target’s type through a chain (DTCG 2025.10), and a border naming one keeps its reference', () => {
    const result = importOne({
      color: {
        blue: { $type: 'color', $value: '#0055CC' },
        brand: { $value: '{color.blue}' },
        focus: { $value: '{color.brand}' },
      },
      border: { focus: { $type: 'border', $value: { width: '2px', style: 'solid', color: '{color.focus}' } } },
      size: { gutter: { $value: '24px' } },
    });
    expect(result.issues).toEqual([]);
    expect(result.notes).toEqual(['no `$type`: 3 tokens typed from their values (color 2, dimension 1)']);
    expect(result.files.get('tokens/border.yaml')).toContain(
      'border.focus: { type: border, width: 2px, style: solid, color: "{color.focus}" }',
    );
    expect(result.files.get('tokens/color.yaml')).toContain('color.focus: { type: color, ref: color.brand }');
    expect(typedValues(result.compiled.system)['size.gutter']).toBe('dimension 24px');
  });

  it('reads `cubic-bezier`, `font`, `percentage`; `--type` maps a source’s own type names', () => {
    const result = importOne(
      {
        ease: { standard: { $type: 'cubic-bezier', $value: [0.4, 0, 0.2, 1] } },
        font: { body: { $type: 'font', $value: ['Inter', 'sans-serif'] } },
        opacity: { half: { $type: 'percentage', $value: '50%' } },
        radius: { round: { $type: 'percentage', $value: '50%' } },
        gap: { md: { $type: 'size', $value: '12px' } },
      },
      { types: { size: 'spacing' } },
    );
    expect(result.issues).toEqual([]);
    expect(typedValues(result.compiled.system)).toEqual({
      'ease.standard': 'easing cubic-bezier(0.4, 0, 0.2, 1)',
      'font.body': 'font.family Inter, sans-serif',
      'gap.md': 'spacing 12px',
      'opacity.half': 'opacity 0.5',
      'radius.round': 'radius 50%',
    });
    expect(result.notes).toEqual([
      'type `cubic-bezier` is read as `cubicBezier`, `font` as `fontFamily`, `percentage` as a number (an opacity or line height by its name, `50%` is 0.5) or a length in `%`',
      '`--type size=spacing`: 1 token',
    ]);
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });
});

describe('import: Tokens Studio `other` and untyped tokens holding plain values', () => {
  it('types `other` and untyped tokens from their values where the value is clear; free text stays out', () => {
    const set = {
      spacing: { gutter: { value: '24px', type: 'other' }, half: { value: '{spacing.gutter}', type: 'other' } },
      layout: { max: { value: '1200px' }, ink: { value: '#111111' } },
      copy: { label: { value: 'Hello', type: 'other' } },
      size: { base: { value: '16', type: 'sizing' } },
    };
    const result = importDesignSystem(
      [{ path: 'tokens.json', text: JSON.stringify({ Tokens: set, $themes: [], $metadata: { tokenSetOrder: ['Tokens'] } }) }],
      { slug: 'studio', name: 'Studio' },
    );
    expect(result.issues).toEqual([
      { source: 'tokens.json#Tokens:copy.label', level: 'skipped', reason: 'Tokens Studio type `other` (free text) has no counterpart' },
    ]);
    expect(result.notes).toContain('Tokens Studio type `other`: 2 tokens typed from their values (dimension 2)');
    expect(result.notes).toContain('no `type`: 2 tokens typed from their values (color 1, dimension 1)');
    expect(typedValues(result.compiled.system)).toMatchObject({
      'spacing.gutter': 'dimension 24px',
      'spacing.half': 'dimension 24px',
      'layout.max': 'dimension 1200px',
      'layout.ink': 'color #111111',
    });
  });

  it('reads the W3C option’s `cubicBezier` (and `cubic-bezier`) as an easing', () => {
    const set = {
      motion: {
        standard: { $value: [0.4, 0, 0.2, 1], $type: 'cubicBezier' },
        enter: { $value: 'cubic-bezier(0, 0, 0.2, 1)', $type: 'cubic-bezier' },
        size: { $value: '8', $type: 'sizing' },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify({ Tokens: set, $themes: [] }) }], {
      slug: 'studio',
      name: 'Studio',
    });
    expect(result.issues).toEqual([]);
    expect(typedValues(result.compiled.system)).toEqual({
      'motion.enter': 'easing cubic-bezier(0, 0, 0.2, 1)',
      'motion.size': 'dimension 8px',
      'motion.standard': 'easing cubic-bezier(0.4, 0, 0.2, 1)',
    });
  });
});
