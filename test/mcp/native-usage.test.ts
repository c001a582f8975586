import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { getToken } from '../../src/mcp/tools/get-token.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import type { FormatId } from '../../src/views/formats/output-formats.js';
import { compileExample } from '../helpers/fixtures.js';
import { buildWithAapt } from '../helpers/native-read-back/android.js';
import { AAPT, ANDROID_FRAMEWORK, NATIVE_TOOLS_AVAILABLE, run } from '../helpers/native-tools.js';

/**
 * `get_token`'s native usage: each symbol it gives is one the format's own output declares (read out of the rendered
 * files, and for Android out of the `R.java` aapt generates), and a token the format leaves out has the lint's reason.
 */

/** The native formats, read from the registry: a new one fails here until its output is read back below. */
const NATIVE: readonly FormatId[] = OUTPUT_FORMAT_IDS.filter((id) => OUTPUT_FORMATS[id].platform === 'native');
type Native = 'ios' | 'android' | 'compose' | 'flutter' | 'react-native';
const lintOf = (id: FormatId, system: CompiledDesignSystem) => OUTPUT_FORMATS[id].lint?.(system) ?? [];

/** The native part of `get_token`'s usage (its web symbols are checked in test/mcp/mcp-tools.test.ts). */
type NativeUsage = { readonly [Id in Exclude<FormatId, 'android'>]?: string } & {
  readonly android?: { readonly resource: string; readonly code: string };
  readonly leftOut?: { readonly [Id in FormatId]?: string };
};

const render = (system: CompiledDesignSystem, id: 'compose' | 'flutter' | 'react-native'): string => {
  const format = OUTPUT_FORMATS[id];
  return format.render(system, format.readOptions({}) as never);
};
const filesOf = (system: CompiledDesignSystem, id: 'ios' | 'android') => {
  const format = OUTPUT_FORMATS[id];
  return format.files!(system, format.readOptions({}) as never);
};

/** `Tokens.<Group>...<member>` for every `public static let` inside the `Tokens` namespace of Tokens.swift. */
function swiftDeclarations(swift: string): Set<string> {
  const declared = new Set<string>();
  const stack: { name: string; indent: number }[] = [];
  for (const line of swift.split('\n')) {
    const open = /^(\s*)public enum (\S+) \{$/.exec(line);
    const member = /^(\s*)public static let ([^:\s]+):/.exec(line);
    if (open !== null) stack.push({ name: open[2] as string, indent: (open[1] as string).length });
    else if (/^\s*\}$/.test(line) && stack.at(-1)?.indent === line.indexOf('}')) stack.pop();
    else if (member !== null && stack[0]?.name === 'Tokens') declared.add([...stack.map(({ name }) => name), member[2]].join('.'));
  }
  return declared;
}

/** `@<type>/<name>` of every resource in `res/values/*.xml` and `res/interpolator/*.xml`. */
function androidDeclarations(files: readonly { path: string; render(): string }[]): Set<string> {
  const declared = new Set<string>();
  for (const file of files) {
    const interpolator = /^res\/interpolator\/(.+)\.xml$/.exec(file.path);
    if (interpolator !== null) declared.add(`@interpolator/${interpolator[1]}`);
    if (!file.path.startsWith('res/values/')) continue;
    for (const [, element, name, type] of file.render().matchAll(/<(\w+) name="([^"]+)"(?: type="(\w+)")?/g))
      declared.add(`@${element === 'item' ? type : element}/${name}`);
  }
  return declared;
}

/** `R.<type>.<field>` of every field of the `R.java` aapt writes. */
function rDeclarations(java: string): Set<string> {
  const declared = new Set<string>();
  let type = '';
  for (const line of java.split('\n')) {
    const inner = /public static final class (\w+) \{/.exec(line);
    if (inner !== null && inner[1] !== 'R') type = inner[1] as string;
    const field = /public static final int (\w+)=/.exec(line);
    if (field !== null) declared.add(`R.${type}.${field[1]}`);
  }
  return declared;
}

/** Every `abstract val` of `abstract class Tokens` in Tokens.kt, as `LocalTokens.current.<name>`. */
function kotlinDeclarations(kotlin: string): Set<string> {
  expect(kotlin).toContain('val LocalTokens = staticCompositionLocalOf<Tokens>');
  const body = kotlin.slice(kotlin.indexOf('abstract class Tokens {'), kotlin.indexOf('\n}\n', kotlin.indexOf('abstract class Tokens {')));
  return new Set([...body.matchAll(/^ {4}abstract val (\S+): /gm)].map(([, name]) => `LocalTokens.current.${name}`));
}

/** Every field of `DesignTokens` in tokens.dart, as `DesignTokens.of(context).<name>`. */
function dartDeclarations(dart: string): Set<string> {
  expect(dart).toContain('static DesignTokens of(BuildContext context) =>');
  return new Set([...dart.matchAll(/^ {2}final \S+ (\S+);$/gm)].map(([, name]) => `DesignTokens.of(context).${name}`));
}

/** Every leaf of `export type Tokens = {...}` in the React Native module, as `useTokens().<path>`. */
function typeScriptDeclarations(module: string): Set<string> {
  expect(module).toContain('export function useTokens(): Tokens {');
  const declared = new Set<string>();
  const path: string[] = [];
  const start = module.indexOf('export type Tokens = {');
  for (const line of module.slice(start, module.indexOf('\n};\n', start)).split('\n').slice(1)) {
    const group = /^\s*readonly (\S+): \{$/.exec(line);
    const leaf = /^\s*readonly (\S+): .*;$/.exec(line);
    if (group !== null) path.push(group[1] as string);
    else if (/^\s*\};$/.test(line)) path.pop();
    else if (leaf !== null) declared.add(`useTokens().${[...path, leaf[1]].join('.')}`);
  }
  return declared;
}

const systems: Record<string, CompiledDesignSystem> = {};
let dir: string;
beforeAll(async () => {
  systems['acme'] = await compileExample('acme');
  systems['harbor'] = await compileExample('harbor');
  dir = await mkdtemp(join(tmpdir(), 'native-usage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const usageOf = (system: CompiledDesignSystem, key: string): NativeUsage => getToken(system, key)!.usage as NativeUsage;

describe('get_token: the native symbols', () => {
  it('gives the expressions an app writes for acme’s color.brand.primary', () => {
    const usage = usageOf(systems['acme']!, 'color.brand.primary');
    expect(usage).toMatchObject({
      ios: 'Tokens.Color.Brand.primary',
      android: { resource: '@color/color_brand_primary', code: 'R.color.color_brand_primary' },
      compose: 'LocalTokens.current.colorBrandPrimary',
      flutter: 'DesignTokens.of(context).colorBrandPrimary',
      'react-native': 'useTokens().color.brand.primary',
    });
    expect(usage.leftOut).toBeUndefined();
  });

  it('gives acme’s standalone em letter spacing no iOS symbol, with the iOS lint’s reason', () => {
    const usage = usageOf(systems['acme']!, 'font.letterSpacing.caps');
    expect(usage.ios).toBeUndefined();
    expect(usage.leftOut?.ios).toBe(
      '`font.letterSpacing.caps` is `0.08em` in light: an `em` length has no size off the web (iOS takes px and rem), so the iOS export leaves the token out',
    );
    // Android takes an em letter spacing as its own ems.
    expect(usage.android).toEqual({ resource: '@dimen/font_letter_spacing_caps', code: 'R.dimen.font_letter_spacing_caps' });
  });

  it('gives a type Android has no resource for its reason', () => {
    const usage = usageOf(systems['acme']!, 'shadow.md');
    expect(usage.android).toBeUndefined();
    expect(usage.leftOut?.android).toBe('The Android export writes no resource for a `shadow` token (docs/native.md).');
  });

  for (const slug of ['acme', 'harbor']) {
    it(`${slug}: every symbol is declared by its format's output; every absent one has the format's lint message`, () => {
      const system = systems[slug]!;
      const ios = filesOf(system, 'ios')
        .find((file) => file.path === 'Tokens.swift')!
        .render();
      const declared: Record<Exclude<Native, 'android'>, Set<string>> = {
        ios: swiftDeclarations(ios),
        compose: kotlinDeclarations(render(system, 'compose')),
        flutter: dartDeclarations(render(system, 'flutter')),
        'react-native': typeScriptDeclarations(render(system, 'react-native')),
      };
      const android = androidDeclarations(filesOf(system, 'android'));
      expect([...Object.keys(declared), 'android'].sort()).toEqual([...NATIVE].sort());
      const counts: Record<string, number> = {};
      for (const token of system.tokens) {
        const usage = usageOf(system, token.key);
        for (const id of NATIVE) {
          const symbol = usage[id];
          const reason = usage.leftOut?.[id];
          expect(symbol === undefined, `${token.key} ${id}: a symbol or a reason`).toBe(reason !== undefined);
          if (symbol === undefined) {
            const lint = lintOf(id, system).find((diagnostic) => diagnostic.token === token.key);
            if (lint !== undefined || id !== 'android') expect(reason, `${token.key} ${id}`).toBe(lint?.message);
            continue;
          }
          counts[id] = (counts[id] ?? 0) + 1;
          if (typeof symbol === 'string') expect(declared[id as Exclude<Native, 'android'>], `${token.key} ${id}`).toContain(symbol);
          else expect(android, `${token.key} android`).toContain(symbol.resource);
        }
      }
      // Most tokens have every platform's symbol.
      for (const id of NATIVE) expect(counts[id], id).toBeGreaterThan(system.tokens.length / 2);
    });
  }

  it.skipIf(!NATIVE_TOOLS_AVAILABLE)(
    'every Android `R.` expression is a field of the R.java aapt generates (acme and harbor)',
    async () => {
      for (const slug of ['acme', 'harbor']) {
        const system = systems[slug]!;
        const out = join(dir, slug);
        await buildWithAapt(out, filesOf(system, 'android'));
        await run(AAPT, [
          'package',
          '-m',
          '-J',
          out,
          '-M',
          join(out, 'AndroidManifest.xml'),
          '-S',
          join(out, 'res'),
          '-I',
          ANDROID_FRAMEWORK,
        ]);
        const fields = rDeclarations(await readFile(join(out, 'com', 'example', 'tokens', 'R.java'), 'utf8'));
        let checked = 0;
        for (const token of system.tokens) {
          const code = usageOf(system, token.key).android?.code;
          if (code === undefined) continue;
          expect(fields, `${slug} ${token.key}`).toContain(code);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(system.tokens.length / 2);
      }
    },
    60_000,
  );
});
