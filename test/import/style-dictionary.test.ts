import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import StyleDictionary from 'style-dictionary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseColor } from '../../src/compile/values/parse-color.js';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { fixturePath } from '../helpers/fixtures.js';

const FIXTURE = fixturePath('../import/fixtures/style-dictionary');
const FILES = ['color.json', 'size.json'];

/**
 * A CSS value compared as a consumer sees it: colors as the bytes a browser paints (`rgba(0, 0, 0, 0.5)` and our
 * `#00000080` are both alpha byte 128), anything else as written.
 */
const comparable = (value: string): string => {
  const color = parseColor(value);
  if (color === undefined) return value.replace(/\s+/g, ' ');
  return [color.red, color.green, color.blue, Math.round(color.alpha * 255)].join(' ');
};

describe('import: Style Dictionary JSON', () => {
  let built: Map<string, string>;
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'sd-oracle-'));
    const dictionary = new StyleDictionary({
      source: FILES.map((file) => join(FIXTURE, file)),
      log: { verbosity: 'silent' },
      platforms: { css: { transformGroup: 'css', buildPath: `${out}/`, files: [{ destination: 'vars.css', format: 'css/variables' }] } },
    });
    await dictionary.buildAllPlatforms();
    const css = await readFile(join(out, 'vars.css'), 'utf8');
    built = new Map([...css.matchAll(/--([\w-]+): ([^;]+);/g)].map((match) => [match[1] as string, match[2] as string]));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('serves every token Style Dictionary builds with the value its css transform group writes', async () => {
    const inputs = await Promise.all(FILES.map(async (file) => ({ path: file, text: await readFile(join(FIXTURE, file), 'utf8') })));
    const result = importDesignSystem(inputs, { slug: 'sd', name: 'SD' });
    expect(result.format).toBe('style-dictionary');
    expect(result.issues).toEqual([{ source: 'size.json:asset.logo', level: 'skipped', reason: 'type `asset` has no counterpart' }]);
    const system = result.compiled.system as CompiledDesignSystem;
    const ours = new Map(system.tokens.map((token) => [token.key.replace(/\./g, '-'), formatCssValue(token.resolved['light'] as never)]));
    built.delete('asset-logo');
    expect([...ours.keys()].sort()).toEqual([...built.keys()].sort());
    for (const [name, value] of built) expect([name, comparable(ours.get(name) ?? '')]).toEqual([name, comparable(value)]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);

    // Types from SD's names and from values; a comment is the description; a palette of named steps is a scale.
    const yaml = [...result.files.values()].join('\n');
    expect(yaml).toContain(
      'size.font.small: { type: font.size, value: 0.75, unit: rem, description: "Unitless: rem, as size/rem writes it." }',
    );
    expect(yaml).toContain('color.font.base: { type: color, ref: color.base.red }');
    expect(yaml).toContain('opacity.disabled: { type: opacity, value: 0.4 }');
    // References inside a CSS border are its parts (css-strings.test.ts has every composite).
    expect(yaml).toContain('border.default: { type: border, width: "{border.width}", style: solid, color: "{color.base.gray.dark}" }');
    expect(yaml).toContain('time.fast: { type: duration, value: 200 }');
  });

  it('reads `{a.b.value}` aliases (Style Dictionary 3) and says why an untyped value it cannot read is left out', () => {
    const result = importDesignSystem(
      [
        {
          path: 'tokens.json',
          text: JSON.stringify({
            color: { red: { value: '#FF0000' }, brand: { value: '{color.red.value}' } },
            misc: { label: { value: 'Hello' } },
          }),
        },
      ],
      { slug: 'sd', name: 'SD' },
    );
    expect(result.files.get('tokens/color.yaml')).toContain('color.brand: { type: color, ref: color.red }');
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:misc.label',
        level: 'skipped',
        reason:
          'no `type`, and `"Hello"` is not a color, length, duration, number, font stack, cubic-bezier, border, shadow, transition or gradient',
      },
    ]);
  });
});
