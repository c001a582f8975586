import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { runCli } from '../cli/run-cli.js';

/** Every token's CSS value in every mode. */
const cssOf = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries(
    (system?.tokens ?? []).map((token) => [
      token.key,
      Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );

const BASE = {
  color: {
    $type: 'color',
    ink: { $value: '#111111' },
    paper: { $value: '#FAFAFA' },
    text: { $value: '{color.ink}' },
  },
};

describe('import: modes from files, from extensions, and alpha beside a color', () => {
  it('a mode layer (`--mode dark=...`) gives the values its files write differently; a token only there is reported', () => {
    const dark = { color: { $type: 'color', ink: { $value: '#EEEEEE' }, paper: { $value: '#FAFAFA' }, glow: { $value: '#00FF00' } } };
    const result = importDesignSystem([{ path: 'light.json', text: JSON.stringify(BASE) }], {
      slug: 'layered',
      name: 'Layered',
      layers: [{ mode: 'dark', inputs: [{ path: 'dark.json', text: JSON.stringify(dark) }] }],
    });
    expect(result.notes).toEqual(['mode `dark` is dark.json over the other files']);
    expect(result.issues).toEqual([
      { source: 'dark.json:color.glow', level: 'lossy', reason: 'only in mode `dark`: the base mode takes its value' },
    ]);
    const css = cssOf(result.compiled.system);
    // The reference follows the mode: text is ink in each mode.
    expect(css['color.text']).toEqual({ light: '#111111', dark: '#EEEEEE' });
    expect(css['color.paper']).toEqual({ light: '#FAFAFA', dark: '#FAFAFA' });
    expect(result.files.get('tokens/color.yaml')).toContain('color.text: { type: color, ref: color.ink }');
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });

  it('reads Terrazzo’s `$extensions.mode` and Primer’s `org.primer.overrides` as modes; a `light` entry is the base value', () => {
    const document = {
      color: {
        $type: 'color',
        ink: { $value: '#111111', $extensions: { mode: { light: '#222222', dark: '#EEEEEE', 'High Contrast': '#000000' } } },
        link: {
          $value: '#0000FF',
          $extensions: { 'org.primer.overrides': { dark: '{color.ink}', 'dark-dimmed': { $value: '#333333', alpha: 0.5 } } },
        },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'ext', name: 'Ext' });
    const system = result.compiled.system as CompiledDesignSystem;
    expect(system.modes.map((mode) => mode.name)).toEqual(['light', 'dark', 'high-contrast', 'dark-dimmed']);
    expect(cssOf(system)).toEqual({
      'color.ink': { light: '#222222', dark: '#EEEEEE', 'high-contrast': '#000000', 'dark-dimmed': '#222222' },
      'color.link': { light: '#0000FF', dark: '#EEEEEE', 'high-contrast': '#0000FF', 'dark-dimmed': '#33333380' },
    });
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });

  it('keeps a reference with `alpha` beside it as `{ ref, alpha }`: the color it names with that alpha in each mode', () => {
    const document = {
      color: {
        $type: 'color',
        ink: { $value: '#111111', $extensions: { mode: { dark: '#EEEEEE' } } },
        veil: { $value: '{color.ink}', alpha: 0.25 },
        mist: { $value: '#808080', alpha: 0.5 },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'alpha', name: 'Alpha' });
    expect(result.issues).toEqual([]);
    expect(result.files.get('tokens/color.yaml')).toContain('color.veil: { type: color, ref: color.ink, alpha: 0.25 }');
    const css = cssOf(result.compiled.system);
    expect(css['color.veil']).toEqual({ light: '#11111140', dark: '#EEEEEE40' });
    expect(css['color.mist']).toEqual({ light: '#80808080', dark: '#80808080' });
  });

  it('reads JSON5 (comments, single quotes, trailing commas) and says where a file that is neither stops', () => {
    const result = importDesignSystem(
      [
        { path: 'a.json5', text: "{\n  // spacing\n  spacing: { $type: 'dimension', md: { $value: '16px', }, },\n}\n" },
        { path: 'b.json', text: '{\n  "color": {\n    "ink": { "$value": #111 }\n  }\n}\n' },
      ],
      { slug: 'five', name: 'Five' },
    );
    expect(result.files.get('tokens/spacing.yaml')).toContain('spacing.md: { type: spacing, value: 16, unit: px }');
    expect(result.issues).toEqual([{ source: 'b.json', level: 'skipped', reason: "3:24: not JSON or JSON5: invalid character '#'" }]);
  });
});

describe('token-server import --mode', () => {
  it('takes a mode’s own files, and refuses a --mode without files or with an invalid name (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'import-modes-'));
    try {
      await writeFile(join(dir, 'light.json'), JSON.stringify(BASE));
      await writeFile(join(dir, 'dark.json5'), "{ color: { $type: 'color', ink: { $value: '#EEEEEE' } } }");
      const ok = await runCli(['import', 'light.json', '--mode', 'dark=dark.json5', '--out', 'design-systems/duo', '--verify'], {
        cwd: dir,
      });
      expect(ok.stdout).toContain('mode `dark` is dark.json5 over the other files');
      expect(ok.stdout).toContain('verify: every value equal (light 3, dark 3)');
      expect(ok.status).toBe(0);
      expect(await readFile(join(dir, 'design-systems/duo/tokens/color.yaml'), 'utf8')).toContain(
        'color.ink: { type: color, color: "#111111", modes: { dark: { color: "#EEEEEE" } } }',
      );
      for (const wrong of ['dark', 'Dark=dark.json5', 'light=dark.json5']) {
        const refused = await runCli(['import', 'light.json', '--mode', wrong, '--out', 'design-systems/other'], { cwd: dir });
        expect([wrong, refused.status]).toEqual([wrong, 2]);
        expect(refused.stderr).toContain('--mode takes <mode>=<files or folders>');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
