import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from '@tokens-studio/sd-transforms';
import StyleDictionary from 'style-dictionary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseColor } from '../../src/compile/values/parse-color.js';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { parseCubicBezier } from '../../src/compile/fields/value-rules.js';
import { srgbText } from '../../src/import/css-color.js';
import { splitCss } from '../../src/import/css-words.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { fixturePath } from '../helpers/fixtures.js';

const importFiles = (files: Record<string, unknown>, format?: 'tokens-studio') =>
  importDesignSystem(
    Object.entries(files).map(([path, document]) => ({ path, text: JSON.stringify(document) })),
    { slug: 'css', name: 'CSS', ...(format === undefined ? {} : { format }) },
  );

/** Every written token line, over all files. */
const linesOf = (files: ReadonlyMap<string, string>) =>
  [...files.entries()]
    .filter(([path]) => path.startsWith('tokens/'))
    .flatMap(([, text]) => text.split('\n').filter((line) => line.startsWith('  ')))
    .map((line) => line.trim());

/** Every token's CSS value per mode. */
const cssOf = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries(
    (system?.tokens ?? []).map((token) => [
      token.key,
      Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)])),
    ]),
  );

describe('import: CSS strings read as composites', () => {
  it('DTCG (a Figma-style export): shadows, borders, transitions and gradients written as CSS, typed or not', () => {
    const result = importFiles({
      'tokens.json': {
        color: {
          $type: 'color',
          ink: { $value: '#111111' },
          shadow: { $value: '#0000001A' },
          border: { $value: { colorSpace: 'srgb', components: [0.8, 0.8, 0.8], alpha: 1, hex: '#cccccc' } },
        },
        border: { width: { thin: { $type: 'dimension', $value: '1px' } } },
        duration: { fast: { $type: 'duration', $value: '150ms' } },
        elevation: {
          $type: 'shadow',
          sm: { $value: '0 1px 2px 0 rgba(0, 0, 0, 0.05)' },
          inner: { $value: 'inset 0 2px 4px 0 {color.shadow}, 0 1px 3px #0000001a' },
        },
        // Untyped, as Figma plugins export them: typed from the value.
        card: {
          shadow: { $value: '0 4px 8px -2px {color.shadow}' },
          border: { $value: '{border.width.thin} solid {color.border}' },
          transition: { $value: 'opacity {duration.fast} ease-in-out 0ms' },
          hero: { $value: 'linear-gradient(135deg, {color.ink} 0%, #FFFFFF 100%)' },
        },
        focus: { ring: { $type: 'color', $value: '0 0 0 3px rgba(17, 17, 17, 0.4)' } },
        broken: {
          glow: { $type: 'gradient', $value: 'radial-gradient(circle, #fff, #000)' },
          edge: { $type: 'border', $value: '1px solid' },
        },
      },
    });
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:card.transition',
        level: 'lossy',
        reason: 'the property `opacity` is dropped (a transition token has no property)',
      },
      {
        source: 'tokens.json:broken.glow',
        level: 'skipped',
        reason: '`radial-gradient(circle, #fff, #000)` is not a CSS gradient we read: a `radial-gradient()` (ours are linear)',
      },
      {
        source: 'tokens.json:broken.edge',
        level: 'skipped',
        reason: '`1px solid` is not a CSS border we read: no color (CSS would take `currentColor`, which a border token cannot hold)',
      },
    ]);
    expect(result.notes).toEqual([
      'no `$type`: 4 tokens typed from their values (border 1, gradient 1, shadow 1, transition 1)',
      'type `color` holding CSS text: 1 token read as composites (shadow 1)',
    ]);
    const lines = linesOf(result.files);
    for (const line of [
      'elevation.sm: { type: shadow, layers: [{ x: 0px, "y": 1px, blur: 2px, spread: 0px, color: "rgba(0, 0, 0, 0.05)" }] }',
      'elevation.inner: { type: shadow, layers: [{ x: 0px, "y": 2px, blur: 4px, spread: 0px, color: "{color.shadow}", inset: true }, { x: 0px, "y": 1px, blur: 3px, spread: 0px, color: "#0000001A" }] }',
      'card.shadow: { type: shadow, layers: [{ x: 0px, "y": 4px, blur: 8px, spread: -2px, color: "{color.shadow}" }] }',
      'card.border: { type: border, width: "{border.width.thin}", style: solid, color: "{color.border}" }',
      'card.transition: { type: transition, duration: "{duration.fast}", delay: 0ms, timingFunction: ease-in-out }',
      'card.hero: { type: gradient, stops: [{ color: "{color.ink}", position: 0 }, { color: "#FFFFFF", position: 1 }], angle: 135 }',
      'focus.ring: { type: shadow, layers: [{ x: 0px, "y": 0px, blur: 0px, spread: 3px, color: "#11111166" }] }',
    ])
      expect(lines).toContain(line);
    const css = cssOf(result.compiled.system);
    expect(css['card.hero']?.['light']).toBe('linear-gradient(135deg, #111111 0%, #FFFFFF 100%)');
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });
});

/**
 * A CSS value as a browser reads it, word by word: colors as RGBA bytes, a unitless `0` as `0px`, easing keywords as
 * their four numbers, times in ms; so `0 1px #000` (Style Dictionary's build) and `0px 1px #000000` (ours) compare equal.
 */
const comparable = (css: string): string =>
  splitCss(css.replace(/^linear-gradient\((.*)\)$/, '$1'), ',')
    .map((part) =>
      splitCss(part, ' ')
        .map((word) => {
          const color = parseColor(word) ?? parseColor(srgbText(word) ?? '');
          if (color !== undefined) return [color.red, color.green, color.blue, Math.round(color.alpha * 255)].join('/');
          if (word === '0') return '0px';
          const time = /^(\d*\.?\d+)(ms|s)$/.exec(word);
          if (time !== null) return `${Number(time[1]) * (time[2] === 's' ? 1000 : 1)}ms`;
          return parseCubicBezier(word)?.join(',') ?? word;
        })
        .join(' '),
    )
    .join(', ');

describe('import: CSS strings in Style Dictionary sources (its own build as the oracle)', () => {
  const FIXTURE = fixturePath('../import/fixtures/style-dictionary-css');
  let built: Map<string, string>;
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'sd-css-'));
    const dictionary = new StyleDictionary({
      source: [join(FIXTURE, 'tokens.json')],
      log: { verbosity: 'silent' },
      platforms: { css: { transformGroup: 'css', buildPath: `${out}/`, files: [{ destination: 'vars.css', format: 'css/variables' }] } },
    });
    await dictionary.buildAllPlatforms();
    const css = await readFile(join(out, 'vars.css'), 'utf8');
    built = new Map([...css.matchAll(/--([\w-]+): ([^;]+);/g)].map((match) => [match[1] as string, match[2] as string]));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('keeps references inside the text as parts and serves what Style Dictionary builds', async () => {
    const result = importDesignSystem([{ path: 'tokens.json', text: await readFile(join(FIXTURE, 'tokens.json'), 'utf8') }], {
      slug: 'sd',
      name: 'SD',
    });
    expect(result.issues).toEqual([]);
    expect(result.notes).toEqual([
      'no `type`: 3 tokens typed from their values (border 1, gradient 1, transition 1)',
      'type `color` holding CSS text: 1 token read as composites (shadow 1)',
    ]);
    const lines = linesOf(result.files);
    for (const line of [
      'shadow.card: { type: shadow, layers: [{ x: 0px, "y": 1px, blur: 3px, spread: 0px, color: "{color.shadow}" }, { x: 0px, "y": 1px, blur: 2px, spread: -1px, color: "{color.shadow}" }], description: "Two layers, the color a reference." }',
      'shadow.focus: { type: shadow, layers: [{ x: 0px, "y": 0px, blur: 0px, spread: 3px, color: "{color.base.gray}" }] }',
      'border.default: { type: border, width: "{size.border}", style: solid, color: "{color.base.gray}" }',
      'transition.fade: { type: transition, duration: "{time.fast}", delay: 0ms, timingFunction: ease-in-out }',
      'gradient.hero: { type: gradient, stops: [{ color: "{color.base.black}", position: 0 }, { color: "{color.base.white}", position: 1 }], angle: 90 }',
    ])
      expect(lines).toContain(line);
    const system = result.compiled.system as CompiledDesignSystem;
    const ours = new Map(system.tokens.map((token) => [token.key.replace(/\./g, '-'), formatCssValue(token.resolved['light'] as never)]));
    expect([...ours.keys()].sort()).toEqual([...built.keys()].sort());
    for (const [name, value] of built) expect([name, comparable(ours.get(name) ?? '')]).toEqual([name, comparable(value)]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });
});

describe('import: CSS strings in Tokens Studio sets (Style Dictionary with sd-transforms as the oracle)', () => {
  const FIXTURE = fixturePath('../import/fixtures/tokens-studio-css');
  const FILES = ['core.json', '$metadata.json'];

  it('reads `boxShadow`, `other` and `color` shadows, border strings and gradients written as colors', async () => {
    const result = importDesignSystem(
      await Promise.all(FILES.map(async (file) => ({ path: `ts/${file}`, text: await readFile(join(FIXTURE, file), 'utf8') }))),
      { slug: 'ts', name: 'TS' },
    );
    expect(result.format).toBe('tokens-studio');
    expect(result.issues).toEqual([
      {
        source: 'ts/core.json:shadow.broken',
        level: 'skipped',
        reason: '`4px {color.shadow}` is not a CSS box shadow we read: layer 1 `4px {color.shadow}` has 1 length (a layer has 2 to 4)',
      },
      {
        source: 'ts/core.json:border.default',
        level: 'lossy',
        reason: 'references inside `{border-width.thin}px solid {color.brand}` are written as their values',
      },
    ]);
    expect(result.notes).toEqual([
      'no `$themes`: every token set is read, in set order, as the one mode `light`',
      'Tokens Studio type `color`: 2 tokens typed from their values (boxShadow 1, gradient 1)',
      'Tokens Studio type `other`: 1 token typed from their values (boxShadow 1)',
    ]);
    const lines = linesOf(result.files);
    for (const line of [
      'color.hero: { type: gradient, stops: [{ color: "{color.brand}", position: 0 }, { color: "#00000033", position: 1 }], angle: 90, description: "A gradient, as Tokens Studio writes one" }',
      'shadow.raised: { type: shadow, layers: [{ x: 0px, "y": 4px, blur: 8px, spread: -2px, color: "{color.shadow}" }] }',
      'shadow.subtle: { type: shadow, layers: [{ x: 0px, "y": 2px, blur: 4px, spread: 0px, color: "rgba(0, 0, 0, 0.1)" }] }',
      'shadow.ring: { type: shadow, layers: [{ x: 0px, "y": 0px, blur: 0px, spread: 2px, color: "{color.brand}" }] }',
      'border.default: { type: border, width: 1px, style: solid, color: "{color.brand}" }',
      'border.focus: { type: border, width: 2px, style: dashed, color: "{color.brand}" }',
    ])
      expect(lines).toContain(line);
    const system = result.compiled.system as CompiledDesignSystem;
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);

    await register(StyleDictionary, { withSDBuiltins: false });
    const dictionary = new StyleDictionary({
      source: [join(FIXTURE, 'core.json')],
      preprocessors: ['tokens-studio'],
      log: { verbosity: 'silent', warnings: 'disabled' },
      platforms: { css: { transformGroup: 'tokens-studio' } },
    });
    const { allTokens } = await dictionary.getPlatformTokens('css');
    const ours = new Map(system.tokens.map((token) => [token.key, formatCssValue(token.resolved['light'] as never)]));
    // Their text values (the shadows they keep as objects are compared in tokens-studio.test.ts).
    const theirs = allTokens.filter((each) => typeof each.value === 'string' && ours.has(each.path.join('.')));
    expect(theirs.map((each) => each.path.join('.')).sort()).toEqual([...ours.keys()].filter((key) => key !== 'shadow.card').sort());
    expect(theirs.find((each) => each.path.join('.') === 'border.default')?.value).toBe('1pxpx solid #0055CC');
    for (const each of theirs) {
      const key = each.path.join('.');
      // sd-transforms puts its own `1px` into `{border-width.thin}px`; Tokens Studio (and we) read the `1` written there.
      if (key === 'border.default') continue;
      expect([key, comparable(ours.get(key) as string)]).toEqual([key, comparable(String(each.value))]);
    }
  });
});
