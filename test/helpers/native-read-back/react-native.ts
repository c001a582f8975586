import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import ts from 'typescript';
import { wordsOfSegment } from '../../../src/compile/values/key-words.js';
import type { CompiledDesignSystem, DimensionValue, Rgba, Token, TypedValue } from '../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { STRICT_COMPILER_OPTIONS } from '../typescript.js';
import type { ReadBack } from './read-back.js';

/**
 * The React Native module read back as an app uses it: type-checked by the TypeScript compiler (`--strict`) with a
 * consumer of every mode, and run by Node (which strips its types, as Metro's Babel does) with a stub `react-native`
 * package; and what every value of every mode must be worked out from the compiled values (the oracle). Used by
 * test/views/formats/react-native/export-react-native.test.ts and scripts/verify-native-outputs.mjs.
 */

const reactNative = OUTPUT_FORMATS['react-native'];
const exec = promisify(execFile);

/** A length in density-independent pixels, or undefined (docs/native.md's units table). */
const dp = ({ value, unit }: Pick<DimensionValue, 'value' | 'unit'>): number | undefined =>
  unit === 'px' ? value : unit === 'rem' ? Math.round(value * 16 * 1e6) / 1e6 : undefined;
const round = (value: number): number => Math.round(value * 1e6) / 1e6;
const hex = ({ red, green, blue, alpha }: Rgba): string =>
  `#${[red, green, blue, ...(alpha === 1 ? [] : [Math.round(alpha * 255)])].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const weight = (value: number): string => String(Math.min(900, Math.max(100, Math.round(value / 100) * 100)));
const SYSTEM_FONTS = ['system-ui', '-apple-system', 'BlinkMacSystemFont', 'ui-sans-serif', 'sans-serif'];
const family = (families: readonly string[]): string => (SYSTEM_FONTS.includes(families[0] ?? '') ? 'System' : (families[0] as string));

/** What the module must hold for a value (undefined: the token is left out). */
export function expected(token: Token, value: TypedValue): unknown {
  switch (value.kind) {
    case 'color':
      return hex(value.color);
    case 'dimension':
      return dp(value);
    case 'number':
      return token.type === 'font.weight' ? weight(value.value) : value.value;
    case 'duration':
      return value.value;
    case 'fontFamily':
      return family(value.families);
    case 'cubicBezier':
      return value.points;
    case 'keywords':
      return value.text;
    case 'strokeStyle':
      return ['solid', 'dotted', 'dashed'].includes(value.style) ? value.style : undefined;
    case 'keyword':
      return value.keyword === 'auto' || (value.keyword === 'none' && token.type === 'shadow') ? value.keyword : undefined;
    case 'lengths': {
      const lengths = value.values.map((length) =>
        length.kind === 'keyword' ? (length.keyword === 'auto' ? 'auto' : undefined) : dp(length),
      );
      return lengths.includes(undefined) ? undefined : lengths;
    }
    case 'shadow': {
      const layers = value.layers?.map((layer) => {
        const lengths = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(dp);
        return lengths.includes(undefined)
          ? undefined
          : `${layer.inset ? 'inset ' : ''}${lengths.map((length) => `${length}px`).join(' ')} ${hex(layer.color)}`;
      });
      return layers === undefined || layers.includes(undefined) ? undefined : layers.join(', ');
    }
    case 'boolean':
      return value.value;
    case 'typography': {
      const size = dp(value.fontSize);
      if (size === undefined) return undefined;
      const lineHeight =
        value.lineHeight.kind === 'number'
          ? round(value.lineHeight.value * size)
          : value.lineHeight.unit === 'em'
            ? round(value.lineHeight.value * size)
            : dp(value.lineHeight);
      const letterSpacing = value.letterSpacing.unit === 'em' ? round(value.letterSpacing.value * size) : dp(value.letterSpacing);
      if (lineHeight === undefined || letterSpacing === undefined) return undefined;
      return {
        fontFamily: family(value.fontFamily.families),
        fontSize: size,
        fontWeight: weight(value.fontWeight.value),
        ...(value.omitted?.includes('lineHeight') === true ? {} : { lineHeight }),
        letterSpacing,
      };
    }
    case 'border': {
      const width = dp(value.width);
      const style = expected(token, value.style);
      return width === undefined || style === undefined
        ? undefined
        : { borderWidth: width, borderStyle: style, borderColor: hex(value.color.color) };
    }
    case 'transition':
      return { duration: value.duration.value, delay: value.delay.value, easing: value.timingFunction.points };
    case 'gradient':
      return {
        angle: value.angle,
        colors: value.stops.map((stop) => hex(stop.color)),
        locations: value.stops.map((stop) => stop.position),
      };
  }
}

/** A token key as the module's property path: each segment's words in camelCase, `_` before a leading digit. */
export const pathOf = (key: string): string[] =>
  key.split('.').map((segment) => {
    const name = wordsOfSegment(segment)
      .map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`))
      .join('');
    return /^[0-9]/.test(name) ? `_${name}` : name;
  });

/** Every colour string in a value, by where it is. */
export function colorsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') for (const match of value.matchAll(/#[0-9A-F]{6,8}/g)) found.push(match[0]);
  else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) colorsIn(inner, found);
  return found;
}

/** `rgba` as React Native's parser packs it: 0xRRGGBBAA. */
export const packed = ({ red, green, blue, alpha }: Rgba): number =>
  ((red << 24) | (green << 16) | (blue << 8) | Math.round(alpha * 255)) >>> 0;

export interface Case {
  readonly name: string;
  readonly system: CompiledDesignSystem;
  readonly body: string;
}

/** What the runner prints: per mode name, the object `modes` holds; what the named exports, the hook and `tokensFor` give. */
export interface Run {
  readonly modes: Record<string, Record<string, unknown>>;
  readonly named: Record<string, string>;
  readonly hook: { readonly dark: string; readonly light: string; readonly unknown: string };
  readonly tokensFor: Record<string, string>;
  readonly frozen: boolean;
}

/** The stub of the one function of `react-native` the module calls, and the types the consumer checks against. */
const REACT_NATIVE_TYPES = [
  "declare module 'react-native' {",
  "  export function useColorScheme(): 'light' | 'dark' | null | undefined;",
  "  type Weight = 'normal' | 'bold' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;",
  '  export interface TextStyle { fontFamily?: string; fontSize?: number; fontWeight?: Weight; lineHeight?: number; letterSpacing?: number }',
  "  export interface ViewStyle { borderWidth?: number; borderStyle?: 'solid' | 'dotted' | 'dashed'; borderColor?: string; boxShadow?: string; opacity?: number; zIndex?: number }",
  '}',
  '',
].join('\n');

/** Reads the stub's colour scheme from a global the runner sets. */
const REACT_NATIVE_STUB = 'export function useColorScheme() {\n  return globalThis.colorScheme;\n}\n';

/** The `#RRGGBB[AA]` text's channels. */
export function rgbaOfHex(text: string): Rgba {
  const byte = (at: number): number => Number.parseInt(text.slice(at, at + 2), 16);
  return { red: byte(1), green: byte(3), blue: byte(5), alpha: text.length === 9 ? byte(7) / 255 : 1 };
}

/** The names of the module's mode exports (`export const <name>: Tokens`). */
export const modeExports = (body: string): string[] =>
  [...body.matchAll(/^export const (\w+): Tokens = /gm)].map((match) => match[1] as string);

/**
 * A consumer as an app writes one: a component's `useTokens()`, every mode by name through `tokensFor`, every named
 * mode, every typography as a `TextStyle`, every border and shadow in a `ViewStyle`; a mode the system lacks is refused.
 */
export function consumerOf(system: CompiledDesignSystem, named: readonly string[]): string {
  const lines = [
    "import type { TextStyle, ViewStyle } from 'react-native';",
    `import { ${[...named, 'modes', 'tokensFor', 'useTokens'].join(', ')} } from './tokens.js';`,
    "import type { ModeName, Tokens } from './tokens.js';",
    '',
    `const names: readonly ModeName[] = ${JSON.stringify(system.modes.map((mode) => mode.name))};`,
    'export const all: readonly Tokens[] = names.map((name) => tokensFor(name));',
    `export const named: readonly Tokens[] = [${named.join(', ')}];`,
    'export const byName: Tokens = modes[names[0] ?? "light"];',
    '// @ts-expect-error a mode this design system does not have',
    "tokensFor('no-such-mode');",
    '',
    'export function useStyles(): { text: TextStyle[]; view: ViewStyle[] } {',
    '  const t = useTokens();',
    '  return {',
    '    text: [',
  ];
  const kept = new Set(system.tokens.map((token) => token.key));
  for (const diagnostic of reactNative.lint?.(system) ?? []) kept.delete(diagnostic.token);
  const access = (key: string): string => `t.${pathOf(key).join('.')}`;
  for (const token of system.tokens) if (token.type === 'typography' && kept.has(token.key)) lines.push(`      ${access(token.key)},`);
  lines.push('    ],', '    view: [');
  for (const token of system.tokens) {
    if (!kept.has(token.key)) continue;
    if (token.type === 'border') lines.push(`      { ...${access(token.key)} },`);
    if (token.type === 'shadow') lines.push(`      { boxShadow: ${access(token.key)} },`);
    if (token.type === 'color') lines.push(`      { borderColor: ${access(token.key)} },`);
    if (token.type === 'opacity') lines.push(`      { opacity: ${access(token.key)} },`);
  }
  lines.push('    ],', '  };', '}', '');
  return lines.join('\n');
}

/**
 * Writes each case's module and a consumer of it in `dir` beside a stub `react-native`, and runs them all on Node in
 * one process: what each module's `modes`, named exports, hook and `tokensFor` give, by case name.
 */
export async function runReactNative(dir: string, cases: readonly Case[]): Promise<Record<string, Run>> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(dir, 'react-native.d.ts'), REACT_NATIVE_TYPES);
  await mkdir(join(dir, 'node_modules', 'react-native'), { recursive: true });
  await writeFile(
    join(dir, 'node_modules', 'react-native', 'package.json'),
    '{ "name": "react-native", "type": "module", "main": "index.js" }\n',
  );
  await writeFile(join(dir, 'node_modules', 'react-native', 'index.js'), REACT_NATIVE_STUB);
  const runner = ['const runs = {};'];
  for (const { name, system, body } of cases) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'tokens.ts'), body);
    const exported = modeExports(body);
    await writeFile(join(dir, name, 'consumer.ts'), consumerOf(system, exported));
    runner.push(
      `{`,
      `  const module = await import('./${name}/tokens.ts');`,
      `  const id = (tokens) => Object.entries(module.modes).find(([, value]) => value === tokens)?.[0] ?? 'none';`,
      `  const frozen = (value) => typeof value !== 'object' || (Object.isFrozen(value) && Object.values(value).every(frozen));`,
      `  const scheme = (value) => { globalThis.colorScheme = value; return id(module.useTokens()); };`,
      `  runs[${JSON.stringify(name)}] = {`,
      `    modes: module.modes,`,
      `    named: { ${exported.map((name) => `${name}: id(module.${name})`).join(', ')} },`,
      `    hook: { dark: scheme('dark'), light: scheme('light'), unknown: scheme(null) },`,
      `    tokensFor: Object.fromEntries(Object.keys(module.modes).map((mode) => [mode, id(module.tokensFor(mode))])),`,
      `    frozen: frozen(module.modes),`,
      `  };`,
      `}`,
    );
  }
  runner.push('process.stdout.write(JSON.stringify(runs));', '');
  await writeFile(join(dir, 'run.mjs'), runner.join('\n'));
  // Node 24 strips types by default: no flag, no loader, as Metro's Babel compiles the file as it is.
  const { stdout } = await exec(process.execPath, ['run.mjs'], { cwd: dir });
  return JSON.parse(stdout) as Record<string, Run>;
}

/** The TypeScript compiler's messages (`--strict`) on the consumers of the cases `runReactNative` wrote in `dir`. */
export function typeCheckReactNative(dir: string, names: readonly string[]): string[] {
  const roots = [join(dir, 'react-native.d.ts'), ...names.map((name) => join(dir, name, 'consumer.ts'))];
  const program = ts.createProgram(roots, { ...STRICT_COMPILER_OPTIONS, strict: true });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file === undefined ? '' : `${diagnostic.file.fileName.slice(dir.length + 1)}: `;
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/**
 * One module's run against the oracle: every kept token's value in every mode by `<mode>|<key>`; a token the lint
 * leaves out that is there anyway, or anything in a mode's object beyond the tokens, is a problem.
 */
export function readReactNative(system: CompiledDesignSystem, run: Run): ReadBack {
  const modeNames = system.modes.map((mode) => mode.name);
  const leftOut = new Set(reactNative.lint?.(system).map(({ token }) => token));
  const problems: string[] = [];
  const actual = new Map<string, unknown>();
  const expectedValues = new Map<string, unknown>();
  for (const mode of modeNames) {
    const tree: Record<string, unknown> = {};
    for (const token of system.tokens) {
      const path = pathOf(token.key);
      let value: unknown = run.modes[mode];
      for (const segment of path) value = (value as Record<string, unknown> | undefined)?.[segment];
      if (leftOut.has(token.key)) {
        // A token left out for a name clash shares its path with the token that keeps the name.
        const twin = system.tokens.some(
          (other) => other !== token && !leftOut.has(other.key) && pathOf(other.key).join('.') === path.join('.'),
        );
        if (value !== undefined && !twin) problems.push(`${mode}|${token.key} is there though the lint leaves it out`);
        continue;
      }
      const want = expected(token, token.resolved[mode] as TypedValue);
      actual.set(`${mode}|${token.key}`, value);
      expectedValues.set(`${mode}|${token.key}`, want);
      let node = tree;
      for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1] as string] = want;
    }
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(run.modes[mode] ?? null)), JSON.parse(JSON.stringify(tree))))
      problems.push(`${mode}: the mode's object holds more or other than the tokens`);
  }
  return { problems, actual, expected: expectedValues };
}
