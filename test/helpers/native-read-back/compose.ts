import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledDesignSystem, DimensionValue, Rgba, Token, TypedValue } from '../../../src/compile/types.js';
import { composeNamesOf } from '../../../src/views/formats/compose/export-compose.js';
import { OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { KOTLINC, run } from '../native-tools.js';
import type { ReadBack } from './read-back.js';

/**
 * The Compose export read back: compiled by kotlinc against small stubs of the Compose types it uses, run by Java,
 * a `main` printing every property of every mode's instance; and what each must print worked out from the compiled
 * values (the oracle). Used by test/views/formats/compose/export-compose.test.ts and scripts/verify-native-outputs.mjs.
 */

const compose = OUTPUT_FORMATS.compose;

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
    case 'keywords':
      return value.text;
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
export const canonical = (text: string): string =>
  text.replace(/(?<![#\w.])-?\d+(?:\.\d+)?(?:E-?\d+)?(?![\w])/g, (number) => String(Math.fround(Number(number))));

/**
 * The printout lines a system must give: `<mode>|<kotlin name>|<value>` for every mode and every kept token; and the
 * tokens the class keeps or leaves out against the rule (kept exactly when every mode has a value Compose can hold
 * and its name is its own).
 */
export function expectedPrintout(system: CompiledDesignSystem): { lines: string[]; problems: string[] } {
  const problems: string[] = [];
  const names = composeNamesOf(system);
  const clashes = new Set((compose.lint?.(system) ?? []).filter(({ rule }) => rule === 'compose-name-clash').map(({ token }) => token));
  const lines: string[] = [];
  for (const { name: mode } of system.modes) {
    for (const token of system.tokens) {
      const kotlin = names.get(token.key);
      const values = system.modes.map(({ name }) => expectedOf(token.type, token.resolved[name] ?? token.resolved.light));
      // A token is in the class exactly when every mode has a value Compose can hold and its name is its own.
      const kept = values.every((value) => value !== undefined) && !clashes.has(token.key);
      if (kept !== (kotlin !== undefined)) problems.push(`${token.key} is ${kept ? 'left out' : 'kept'}`);
      if (kotlin === undefined) continue;
      const value = token.resolved[mode] ?? token.resolved.light;
      lines.push(`${mode}|${kotlin.name.replaceAll('`', '')}|${expectedOf(token.type, value)}`);
      const families = value.kind === 'fontFamily' ? value.families : value.kind === 'typography' ? value.fontFamily.families : undefined;
      if (kotlin.familyName !== undefined) lines.push(`${mode}|${kotlin.familyName}|[${families?.join(', ')}]`);
    }
  }
  return { lines: lines.map(canonical).sort(), problems };
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
export const propertiesOf = (kotlin: string): string[] =>
  [...kotlin.matchAll(/^ {4}abstract val (`?\w+`?): /gm)].map((match) => match[1] as string);

/** A function printing every property of one system's `Tokens`, and the calls for each of its modes. */
function dumpOf(id: string, pkg: string, kotlin: string): { dump: string; calls: string } {
  const lines = propertiesOf(kotlin).map((name) => `    println("${id}|" + mode + "|${name.replaceAll('`', '')}|" + t.${name})`);
  return {
    dump: `fun dump_${id}(mode: String, t: ${pkg}.Tokens) {\n${lines.join('\n')}\n}\n`,
    calls: `    for ((mode, t) in ${pkg}.tokensByMode) dump_${id}(mode, t)\n`,
  };
}

/** One generated Tokens.kt to compile: `id` prefixes its printout lines, `pkg` is its Kotlin package. */
export interface ComposeUnit {
  readonly id: string;
  readonly pkg: string;
  readonly kotlin: string;
}

/**
 * Compiles the units with the stubs and a `main` (every property of every mode's instance as `<id>|<mode>|<name>|<value>`,
 * then `mainLines`) in ONE kotlinc run in `dir`, runs it, and gives the compiler's output and the printout lines.
 */
export async function runCompose(
  dir: string,
  units: readonly ComposeUnit[],
  mainLines: readonly string[] = [],
): Promise<{ compilerOutput: string; printout: string[] }> {
  const dumps = units.map(({ id, pkg, kotlin }) => dumpOf(id, pkg, kotlin));
  const main = [
    '@file:Suppress("DEPRECATION")',
    ...dumps.map(({ dump }) => dump),
    'fun main() {',
    ...dumps.map(({ calls }) => calls),
    ...mainLines,
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
    ...units.map(({ id, kotlin }): [string, string] => [`${id}/Tokens.kt`, kotlin]),
    ['main.kt', main],
  ];
  for (const { id } of units) await mkdir(join(dir, id), { recursive: true });
  for (const [path, text] of files) await writeFile(join(dir, path), text);
  const jar = join(dir, 'out.jar');
  const compiled = await run(KOTLINC, [...files.map(([path]) => join(dir, path)), '-include-runtime', '-d', jar], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { stdout } = await run('java', ['-jar', jar], { maxBuffer: 256 * 1024 * 1024 });
  return { compilerOutput: compiled.stderr, printout: stdout.split('\n').filter((line) => line !== '') };
}

/** One unit's printout (`id|` lines) against the oracle, by `<mode>|<kotlin name>`; the compiler's lines on Tokens.kt are problems. */
export function readCompose(
  system: CompiledDesignSystem,
  id: string,
  run: { compilerOutput: string; printout: readonly string[] },
): ReadBack {
  const byPlace = (lines: readonly string[]): Map<string, unknown> =>
    new Map(
      lines.map((line) => {
        const [mode, name, ...value] = line.split('|');
        return [`${mode}|${name}`, value.join('|')];
      }),
    );
  const { lines, problems } = expectedPrintout(system);
  const printed = run.printout.filter((line) => line.startsWith(`${id}|`)).map((line) => canonical(line.slice(id.length + 1)));
  const warnings = run.compilerOutput.split('\n').filter((line) => line.includes(`${id}/Tokens.kt`));
  return { problems: [...warnings, ...problems], actual: byPlace(printed), expected: byPlace(lines) };
}
