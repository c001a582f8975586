import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, DimensionValue, Rgba, Token, TypedValue } from '../../src/compile/types.js';
import { composeNamesOf } from '../../src/views/export-compose.js';
import { OUTPUT_FORMATS } from '../../src/views/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../helpers/fixtures.js';
import { KOTLINC, NATIVE_TOOLS_AVAILABLE, run } from '../helpers/native-tools.js';

const compose = OUTPUT_FORMATS.compose;
const HARBOR_KEY = 'dts_harbor_demo_key';

/**
 * Keys that are Kotlin keywords or start with a digit, two keys on one name, a token on a font family's name field,
 * an `em` spacing (left out), an `em` letter spacing (kept: Compose has `em`), a shorthand spacing, a typography with
 * `em` letter spacing and omitted parts, a description and a deprecation with the characters Kotlin escapes, and a
 * mode named like the composition local.
 */
const NAMES_FILES: Readonly<Record<string, string>> = {
  'names/system.yaml': 'name: Names\nmodes:\n  local: { base: dark }\n',
  'names/tokens.yaml': [
    'tokens:',
    '  object: { type: color, color: "#11223380", description: "Ends */ a comment, opens /* one, costs $5 \\"quoted\\"." }',
    '  val: { type: dimension, value: 4, modes: { dark: { value: 0.25, unit: rem } } }',
    '  2xl.gap: { type: spacing, value: 40 }',
    '  em-gap: { type: spacing, value: 1, unit: em }',
    '  space.inset: { type: spacing, value: [8px, 16px] }',
    '  font.lineHeight: { type: font.lineHeight, value: 1.2 }',
    '  font.line-height: { type: font.lineHeight, value: 1.4 }',
    '  font.family.body: { type: font.family, value: "Inter, ui-monospace, sans-serif" }',
    '  font.family.body-names: { type: font.family, value: "Georgia, serif" }',
    '  letter.wide: { type: font.letterSpacing, value: 0.02 }',
    '  text.caption: { type: typography, fontSize: 0.75rem, letterSpacing: 0.05em }',
    '  old.gap:',
    '    type: spacing',
    '    value: 2',
    '    deprecated: { message: "Use the \\"2xl\\" gap ($gap).", replacement: 2xl.gap, since: 2026-01-02 }',
    '',
  ].join('\n'),
};

function compileNames(): CompiledDesignSystem {
  const { system } = compileFiles('names', Object.entries(NAMES_FILES));
  if (system === undefined) throw new Error('names does not compile');
  return system;
}

// ---- The oracle: what each typed value must print as, through the stubs' toString (independent of the export). ----

const hex2 = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');
const argb = ({ red, green, blue, alpha }: Rgba): string => `#${hex2(Math.round(alpha * 255))}${hex2(red)}${hex2(green)}${hex2(blue)}`;
/** px as dp, rem x16; undefined for a length with no size in an app. */
const dp = (d: Pick<DimensionValue, 'value' | 'unit'>): number | undefined =>
  d.unit === 'px' ? d.value : d.unit === 'rem' ? d.value * 16 : undefined;
const GENERIC: Readonly<Record<string, string>> = {
  'sans-serif': 'SansSerif',
  serif: 'Serif',
  monospace: 'Monospace',
  cursive: 'Cursive',
  'system-ui': 'Default',
  'ui-sans-serif': 'SansSerif',
  'ui-serif': 'Serif',
  'ui-monospace': 'Monospace',
};
const fontFamily = (families: readonly string[]): string =>
  `FontFamily.${families.map((family) => GENERIC[family]).find((generic) => generic !== undefined) ?? 'Default'}`;
const easing = (points: readonly number[]): string => `CubicBezierEasing(${points.join(', ')})`;

/** The printout of one value of a token of `type`, or undefined when the export must leave the token out. */
function expectedOf(type: Token['type'], value: TypedValue): string | undefined {
  const length = (d: TypedValue, unit: 'dp' | 'sp'): string | undefined => {
    const n = d.kind === 'dimension' ? dp(d) : undefined;
    return n === undefined ? undefined : `${n}.${unit}`;
  };
  switch (value.kind) {
    case 'color':
      return argb(value.color);
    case 'dimension':
      if (type === 'font.letterSpacing' || type === 'font.lineHeight')
        return value.unit === 'em' ? `${value.value}.em` : length(value, 'sp');
      return length(value, type === 'font.size' ? 'sp' : 'dp');
    case 'lengths': {
      const sides = value.values.map((side) => length(side, 'dp'));
      if (sides.some((side) => side === undefined)) return undefined;
      if (sides.length === 1) return sides[0];
      const [top, right = top, bottom = top, left = right] = sides;
      return `TokenInsets(top=${top}, right=${right}, bottom=${bottom}, left=${left})`;
    }
    case 'number':
      if (type === 'font.weight') return `FontWeight(${Math.round(value.value)})`;
      if (type === 'font.lineHeight') return `${value.value}.em`;
      return String(value.value);
    case 'duration':
      return String(Math.round(value.value));
    case 'fontFamily':
      return fontFamily(value.families);
    case 'cubicBezier':
      return easing(value.points);
    case 'strokeStyle':
      return value.style;
    case 'boolean':
      return String(value.value);
    case 'keyword':
      return type === 'shadow' && value.keyword === 'none' ? '[]' : undefined;
    case 'shadow': {
      if (value.layers === null) return undefined;
      const layers = value.layers.map((layer) => {
        const sides = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map((d) => dp(d));
        if (sides.some((side) => side === undefined)) return undefined;
        const [x, y, blur, spread] = sides;
        return `TokenShadow(color=${argb(layer.color)}, offsetX=${x}.dp, offsetY=${y}.dp, blur=${blur}.dp, spread=${spread}.dp, inset=${layer.inset})`;
      });
      return layers.some((layer) => layer === undefined) ? undefined : `[${layers.join(', ')}]`;
    }
    case 'border': {
      const width = length(value.width, 'dp');
      return width === undefined ? undefined : `TokenBorder(width=${width}, style=${value.style.style}, color=${argb(value.color.color)})`;
    }
    case 'transition':
      return `TokenTransition(durationMillis=${Math.round(value.duration.value)}, delayMillis=${Math.round(value.delay.value)}, easing=${easing(value.timingFunction.points)})`;
    case 'gradient':
      return `TokenGradient(angle=${value.angle}, colorStops=[${value.stops.map((stop) => `(${stop.position}, ${argb(stop.color)})`).join(', ')}])`;
    case 'typography': {
      const size = dp(value.fontSize);
      if (size === undefined) return undefined;
      const omitted = new Set(value.omitted ?? []);
      const relative = (d: DimensionValue): string | undefined => {
        const n = d.unit === 'em' ? d.value * size : dp(d);
        return n === undefined ? undefined : `${n}.sp`;
      };
      const lineHeight = value.lineHeight.kind === 'number' ? `${value.lineHeight.value * size}.sp` : relative(value.lineHeight);
      const letterSpacing = relative(value.letterSpacing);
      if (lineHeight === undefined || letterSpacing === undefined) return undefined;
      return [
        `TextStyle(fontFamily=${omitted.has('fontFamily') ? 'null' : fontFamily(value.fontFamily.families)}`,
        `fontSize=${size}.sp`,
        `fontWeight=${omitted.has('fontWeight') ? 'null' : `FontWeight(${Math.round(value.fontWeight.value)})`}`,
        `lineHeight=${omitted.has('lineHeight') ? 'Unspecified' : lineHeight}`,
        `letterSpacing=${letterSpacing})`,
      ].join(', ');
    }
  }
}

/** Every number as the float Kotlin holds (the stubs keep Compose's `Float`s): `16.0` and `16` alike. */
const canonical = (text: string): string =>
  text.replace(/(?<![#\w.])-?\d+(?:\.\d+)?(?:E-?\d+)?(?![\w])/g, (number) => String(Math.fround(Number(number))));

/** The printout lines a system must give: `<mode>|<kotlin name>|<value>` for every mode and every kept token. */
function expectedPrintout(system: CompiledDesignSystem): string[] {
  const names = composeNamesOf(system);
  const clashes = new Set((compose.lint?.(system) ?? []).filter(({ rule }) => rule === 'compose-name-clash').map(({ token }) => token));
  const lines: string[] = [];
  for (const { name: mode } of system.modes) {
    for (const token of system.tokens) {
      const kotlin = names.get(token.key);
      const values = system.modes.map(({ name }) => expectedOf(token.type, token.resolved[name] ?? token.resolved.light));
      // A token is in the class exactly when every mode has a value Compose can hold and its name is its own.
      const kept = values.every((value) => value !== undefined) && !clashes.has(token.key);
      expect([token.key, kotlin !== undefined]).toEqual([token.key, kept]);
      if (kotlin === undefined) continue;
      const value = token.resolved[mode] ?? token.resolved.light;
      lines.push(`${mode}|${kotlin.name.replaceAll('`', '')}|${expectedOf(token.type, value)}`);
      const families = value.kind === 'fontFamily' ? value.families : value.kind === 'typography' ? value.fontFamily.families : undefined;
      if (kotlin.familyName !== undefined) lines.push(`${mode}|${kotlin.familyName}|[${families?.join(', ')}]`);
    }
  }
  return lines.map(canonical).sort();
}

// ---- Stubs of the Compose types the export uses, with the constructors' semantics and a readable toString. ----

const STUBS = `
@file:Suppress("unused")
package androidx.compose.ui.graphics
@JvmInline
value class Color(val value: ULong) {
    override fun toString(): String = "#" + (value shr 32).toString(16).uppercase().padStart(8, '0')
}
fun Color(color: Long): Color = Color(value = (color.toULong() and 0xffffffffUL) shl 32)
fun Color(color: Int): Color = Color(value = color.toULong() shl 32)
`;

const UNIT_STUBS = `
package androidx.compose.ui.unit
@JvmInline
value class Dp(val value: Float) { override fun toString(): String = "$value.dp" }
val Int.dp: Dp get() = Dp(this.toFloat())
val Double.dp: Dp get() = Dp(this.toFloat())
val Float.dp: Dp get() = Dp(this)
class TextUnit(val value: Float, val type: String) {
    override fun toString(): String = if (type == "") "Unspecified" else "$value.$type"
    companion object { val Unspecified = TextUnit(Float.NaN, "") }
}
val Int.sp: TextUnit get() = TextUnit(this.toFloat(), "sp")
val Double.sp: TextUnit get() = TextUnit(this.toFloat(), "sp")
val Float.sp: TextUnit get() = TextUnit(this, "sp")
val Int.em: TextUnit get() = TextUnit(this.toFloat(), "em")
val Double.em: TextUnit get() = TextUnit(this.toFloat(), "em")
val Float.em: TextUnit get() = TextUnit(this, "em")
`;

const FONT_STUBS = `
package androidx.compose.ui.text.font
class FontWeight(val weight: Int) {
    init { require(weight in 1..1000) { "Font weight can be in range [1, 1000]. Current value: $weight" } }
    override fun toString(): String = "FontWeight($weight)"
}
sealed class FontFamily(private val name: String) {
    override fun toString(): String = "FontFamily.$name"
    private class Generic(name: String) : FontFamily(name)
    companion object {
        val Default: FontFamily = Generic("Default")
        val SansSerif: FontFamily = Generic("SansSerif")
        val Serif: FontFamily = Generic("Serif")
        val Monospace: FontFamily = Generic("Monospace")
        val Cursive: FontFamily = Generic("Cursive")
    }
}
`;

const TEXT_STUBS = `
package androidx.compose.ui.text
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.unit.TextUnit
class TextStyle(
    val fontSize: TextUnit = TextUnit.Unspecified,
    val fontWeight: FontWeight? = null,
    val fontFamily: FontFamily? = null,
    val letterSpacing: TextUnit = TextUnit.Unspecified,
    val lineHeight: TextUnit = TextUnit.Unspecified,
) {
    override fun toString(): String =
        "TextStyle(fontFamily=$fontFamily, fontSize=$fontSize, fontWeight=$fontWeight, lineHeight=$lineHeight, letterSpacing=$letterSpacing)"
}
`;

const RUNTIME_STUBS = `
package androidx.compose.runtime
@MustBeDocumented
@Target(AnnotationTarget.CLASS)
@Retention(AnnotationRetention.BINARY)
annotation class Immutable
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.PROPERTY_GETTER)
annotation class Composable
class ProvidableCompositionLocal<T>(val defaultFactory: () -> T)
fun <T> staticCompositionLocalOf(defaultFactory: () -> T): ProvidableCompositionLocal<T> = ProvidableCompositionLocal(defaultFactory)
`;

const FOUNDATION_STUBS = `
package androidx.compose.foundation
var systemDark: Boolean = false
fun isSystemInDarkTheme(): Boolean = systemDark
`;

const ANIMATION_STUBS = `
package androidx.compose.animation.core
class CubicBezierEasing(val a: Float, val b: Float, val c: Float, val d: Float) {
    override fun toString(): String = "CubicBezierEasing($a, $b, $c, $d)"
}
`;

/** Properties of the generated `Tokens` class, as declared. */
const propertiesOf = (kotlin: string): string[] =>
  [...kotlin.matchAll(/^ {4}abstract val (`?\w+`?): /gm)].map((match) => match[1] as string);

/** A function printing every property of one system's `Tokens`, and the calls for each of its modes. */
function dumpOf(id: string, pkg: string, kotlin: string): { dump: string; calls: string } {
  const lines = propertiesOf(kotlin).map((name) => `    println("${id}|" + mode + "|${name.replaceAll('`', '')}|" + t.${name})`);
  return {
    dump: `fun dump_${id}(mode: String, t: ${pkg}.Tokens) {\n${lines.join('\n')}\n}\n`,
    calls: `    for ((mode, t) in ${pkg}.tokensByMode) dump_${id}(mode, t)\n`,
  };
}

const SYSTEMS = ['acme', 'harbor', 'kitchen', 'names'] as const;
type SystemId = (typeof SYSTEMS)[number];

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Compose export: compiled by kotlinc against stubs of Compose, every value in every mode', () => {
  let dir: string;
  const systems = {} as Record<SystemId, CompiledDesignSystem>;
  const kotlin = {} as Record<SystemId, string>;
  let printout: string[] = [];
  let compilerOutput = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compose-'));
    const { app } = await buildExampleApp();
    const acme = await app.inject({ url: '/api/v1/export/compose?package=acme.tokens', headers: bearer(DEMO_KEY) });
    const harbor = await app.inject({ url: '/api/v1/export/compose?package=harbor.tokens', headers: bearer(HARBOR_KEY) });
    await app.close();
    expect([acme.statusCode, acme.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(harbor.statusCode).toBe(200);
    systems.acme = await compileExample('acme');
    systems.harbor = await compileExample('harbor');
    systems.kitchen = await compileKitchenSink();
    systems.names = compileNames();
    kotlin.acme = acme.body;
    kotlin.harbor = harbor.body;
    kotlin.kitchen = compose.render(systems.kitchen, compose.readOptions({ package: 'kitchen.tokens' }));
    kotlin.names = compose.render(systems.names, compose.readOptions({ package: 'names.tokens' }));

    const dumps = SYSTEMS.map((id) => dumpOf(id, `${id}.tokens`, kotlin[id]));
    const main = [
      '@file:Suppress("DEPRECATION")',
      ...dumps.map(({ dump }) => dump),
      'fun main() {',
      ...dumps.map(({ calls }) => calls),
      '    androidx.compose.foundation.systemDark = true',
      '    println("choice|system dark|" + (harbor.tokens.systemTokens() === harbor.tokens.DarkTokens))',
      '    println("choice|dark high contrast|" + (harbor.tokens.systemTokens(highContrast = true) === harbor.tokens.DarkHighContrastTokens))',
      '    println("choice|light high contrast|" + (harbor.tokens.systemTokens(false, true) === harbor.tokens.LightHighContrastTokens))',
      '    println("choice|no high contrast mode|" + (acme.tokens.systemTokens(true, true) === acme.tokens.DarkTokens))',
      '    println("choice|local default|" + (harbor.tokens.LocalTokens.defaultFactory() === harbor.tokens.LightTokens))',
      '    println("choice|modes|" + harbor.tokens.tokensByMode.keys.joinToString(","))',
      '}',
    ].join('\n');
    const files: [string, string][] = [
      ['stub-graphics.kt', STUBS],
      ['stub-unit.kt', UNIT_STUBS],
      ['stub-font.kt', FONT_STUBS],
      ['stub-text.kt', TEXT_STUBS],
      ['stub-runtime.kt', RUNTIME_STUBS],
      ['stub-foundation.kt', FOUNDATION_STUBS],
      ['stub-animation.kt', ANIMATION_STUBS],
      ...SYSTEMS.map((id): [string, string] => [`${id}/Tokens.kt`, kotlin[id]]),
      ['main.kt', main],
    ];
    for (const id of SYSTEMS) await mkdir(join(dir, id));
    for (const [path, text] of files) await writeFile(join(dir, path), text);
    const jar = join(dir, 'out.jar');
    const compiled = await run(KOTLINC, [...files.map(([path]) => join(dir, path)), '-include-runtime', '-d', jar], {
      maxBuffer: 64 * 1024 * 1024,
    });
    compilerOutput = compiled.stderr;
    const { stdout } = await run('java', ['-jar', jar], { maxBuffer: 64 * 1024 * 1024 });
    printout = stdout.split('\n').filter((line) => line !== '');
  }, 180_000);

  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('compiles without a warning in the generated files', () => {
    expect(compilerOutput.split('\n').filter((line) => line.includes('Tokens.kt'))).toEqual([]);
  });

  it.each(SYSTEMS)('%s: every value in every mode equals the API’s, units converted', (id) => {
    const printed = printout
      .filter((line) => line.startsWith(`${id}|`))
      .map((line) => canonical(line.slice(id.length + 1)))
      .sort();
    expect(printed).toEqual(expectedPrintout(systems[id]));
  });

  it('acme and harbor: the instances are the modes, in declared order', () => {
    expect(printout.filter((line) => line.startsWith('choice|'))).toEqual([
      'choice|system dark|true',
      'choice|dark high contrast|true',
      'choice|light high contrast|true',
      'choice|no high contrast mode|true',
      'choice|local default|true',
      'choice|modes|light,dark,dark-dimmed,light-high-contrast,dark-high-contrast',
    ]);
    expect(kotlin.harbor).toContain('\nobject DarkDimmedTokens : Tokens() {\n');
  });

  it('names: keywords in backticks, a leading digit prefixed, clashes and an em length left out', () => {
    expect(propertiesOf(kotlin.names)).toEqual([
      '_2xlGap',
      'fontFamilyBody',
      'fontFamilyBodyNames',
      'fontLineHeight',
      'letterWide',
      '`object`',
      'oldGap',
      'spaceInset',
      'textCaption',
      'textCaptionFontFamilyNames',
      '`val`',
    ]);
    expect(kotlin.names).toContain(
      [
        '    /** Ends * / a comment, opens / * one, costs $5 "quoted". */',
        '    abstract val `object`: Color',
        '',
        '    @Deprecated("Use the \\"2xl\\" gap (\\$gap). Deprecated since 2026-01-02.", ReplaceWith("_2xlGap"))',
        '    abstract val oldGap: Dp',
      ].join('\n'),
    );
    expect(kotlin.names).toContain('\nobject ModeLocalTokens : Tokens() {\n');
    expect(kotlin.names).toContain('    override val `val`: Dp get() = 4.dp\n');
    expect(kotlin.names).toContain('    override val letterWide: TextUnit get() = 0.02.em\n');
    expect(kotlin.names).toContain(
      '    override val spaceInset: TokenInsets get() = TokenInsets(top = 8.dp, right = 16.dp, bottom = 8.dp, left = 16.dp)\n',
    );
    expect(kotlin.names).toContain('    override val textCaption: TextStyle get() = TextStyle(fontSize = 12.sp, letterSpacing = 0.6.sp)\n');
    expect(compose.lint?.(systems.names)).toEqual([
      {
        token: 'em-gap',
        rule: 'compose-value-left-out',
        message: '`em-gap` is `1em` in `light`: a length in `em` has no fixed size in an app, so the Compose export leaves the token out',
        severity: 'warning',
      },
      {
        token: 'font.family.body-names',
        rule: 'compose-name-clash',
        message:
          '`font.family.body-names` gets the Kotlin name `fontFamilyBodyNames`, which the Compose export gives the font family names of `font.family.body`: the token is left out',
        severity: 'warning',
      },
      {
        token: 'font.lineHeight',
        rule: 'compose-name-clash',
        message:
          '`font.lineHeight` and `font.line-height` get the same Kotlin name `fontLineHeight`: the Compose export keeps `font.line-height` (first in key order) and leaves this one out',
        severity: 'warning',
      },
    ]);
  });
});

describe('Compose export: options', () => {
  it('takes a Kotlin package, `design.tokens` by default, and refuses a keyword or a malformed one', () => {
    expect(compose.readOptions({})).toEqual({ package: 'design.tokens' });
    expect(compose.fileName(compose.readOptions({}))).toBe('Tokens.kt');
    expect(compose.readOptions({ package: 'com.acme.design_tokens' })).toEqual({ package: 'com.acme.design_tokens' });
    expect(() => compose.readOptions({ package: 'com.example.object' })).toThrow('`package` is malformed: `object` is a Kotlin keyword.');
    expect(() => compose.readOptions({ package: 'Com.Acme' })).toThrow(
      '`package` is malformed: it must match ^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$.',
    );
  });

  it('answers a keyword package with the API’s 400', async () => {
    const { app } = await buildExampleApp();
    const response = await app.inject({ url: '/api/v1/export/compose?package=a.in.b', headers: bearer(DEMO_KEY) });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_parameter', message: '`package` is malformed: `in` is a Kotlin keyword.' },
    });
  });
});
