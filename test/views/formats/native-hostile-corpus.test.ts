import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateInputSync } from '../../../src/cli/validate.js';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { renderTypeScript } from '../../../src/views/formats/js/export-ts.js';
import { OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { compileFiles } from '../../helpers/fixtures.js';
import { buildWithAapt, expectedResources } from '../../helpers/native-read-back/android.js';
import { readCompose, runCompose } from '../../helpers/native-read-back/compose.js';
import { readFlutter } from '../../helpers/native-read-back/flutter.js';
import { expectedDeclarations, iosFiles, readCatalog, tokenDeclarations } from '../../helpers/native-read-back/ios.js';
import { compareReadBack } from '../../helpers/native-read-back/read-back.js';
import { NATIVE_TOOLS_AVAILABLE } from '../../helpers/native-tools.js';

// A generated corpus of what a native platform cannot hold, combined into a few design systems: each is either refused
// by `validate` (the exact message at the token's place) or built by aapt (Android), kotlinc (Compose) and tree-sitter
// (Swift, Dart) with no error, every value read back equal to the API's, and no designer's `@tag` a doc tag.

/** Hostile texts, each a description and a deprecation message of its own tokens. */
const TEXTS: readonly (readonly [string, string])[] = [
  ['nul', 'a\u0000b'],
  ['c0', 'a\u0001\u0007\u0008\u000b\u000c\u001b\u001fb'],
  ['breaks', 'a\tb\r\nc\rd\u0085e'],
  ['c1', 'a\u007f\u0080\u009fb'],
  ['non-characters', 'a\ufffe\uffff\ufdd0\ufdefb\u{1fffe}\u{10ffff}'],
  ['lone-surrogates', 'a\ud800b\udc00c'],
  ['separators', 'a\u2028b\u2029c'],
  ['tags', 'Old.\n@deprecated Use another.\n@suppress\n * @param x\n@nodoc'],
  ['inline-tags', 'See {@link x} and {@macro y}, @see z, mail a@b.c'],
  ['callouts', 'Notes:\n- Returns: nothing\n- Parameter x: y\n  * Warning: z\n+ Note: n'],
  ['closers', '*/ /* */ --> -- // /// -'],
  ['format', '%s %d %1$s %% %n'],
  ['references', '@string/app_name ?android:attr/textColor'],
  ['quotes', 'It\'s "quoted" $x ${y} \\(z) \\u0041 `b`'],
];

/** Font families the compiler takes, which a platform's string syntax reads as something else. */
const FAMILIES: readonly (readonly [string, string])[] = [
  ['format', '%s %d'],
  ['positional', '"Tom\'s %1$s Font", sans-serif'],
  ['reference', '@string/app_name'],
  ['attribute', '?android:attr/textColor'],
  ['dollar', '$x $$y'],
  ['astral', '😀 Emoji'],
];

/** Font families and a deprecation no native file can hold: the compiler refuses them. */
const REFUSED_FAMILIES: readonly (readonly [string, string])[] = [
  ['non-character', 'a\ufffeb'],
  ['lone-surrogate', 'a\ud800b'],
  ['c1', 'a\u0085b'],
];

/** Keys whose segments have no letter or digit, and keys whose color sets differ in case only. */
const KEYS = ['-', '_', '__.-', 'x.-', '--.y', 'w.-.z', 'y', 'ab.c', 'a.bc', 'sp.ab.c', 'sp.a.bc'];

/** A YAML double-quoted scalar of any text: printable ASCII as it is, everything else as an escape. */
function yamlString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const point = text.codePointAt(index) as number;
    if (point > 0xffff) {
      out += `\\U${point.toString(16).padStart(8, '0')}`;
      index += 1;
    } else if (code === 0x22 || code === 0x5c) out += `\\${text[index]}`;
    else if (code >= 0x20 && code < 0x7f) out += text[index];
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

const SYSTEM_NAME = 'Hostile \u0000 */ @deprecated\n- Returns: x %s \ufffe';

/** The design systems of the corpus, as `validate` reads them. */
const SYSTEMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  texts: {
    'system.yaml': `name: ${yamlString(SYSTEM_NAME)}\nmodes:\n  contrast: { base: light }\n`,
    'tokens.yaml': [
      'tokens:',
      ...TEXTS.flatMap(([name, text]) => [
        `  color.${name}: { type: color, color: "#102030", modes: { dark: { color: "#405060" } }, description: ${yamlString(text)}, deprecated: { message: ${yamlString(text)}, since: 2026-10-01 } }`,
        `  opacity.${name}: { type: opacity, value: 0.5, modes: { dark: { value: 0.25 } }, description: ${yamlString(text)}, deprecated: ${yamlString(text)} }`,
      ]),
      ...FAMILIES.map(
        ([name, family]) =>
          `  font.family.${name}: { type: font.family, value: ${yamlString(family)}, description: ${yamlString(family)} }`,
      ),
      ...FAMILIES.map(
        ([name]) =>
          `  typography.${name}: { type: typography, fontFamily: "{font.family.${name}}", fontSize: 16px, lineHeight: 1.5, fontWeight: 400 }`,
      ),
      // CSS keywords, written by every native format as a string constant.
      '  keyword.cursor: { type: keyword, value: pointer, modes: { dark: { value: not-allowed } } }',
      '  keyword.decoration: { type: keyword, value: "underline dotted" }',
      '  keyword.properties: { type: keyword, value: "background-color,color" }',
      '  keyword.current: { type: keyword, value: currentColor }',
      '  keyword.alias: { type: keyword, ref: keyword.cursor }',
      '',
    ].join('\n'),
  },
  names: {
    // Two modes whose Kotlin objects (class files) differ in case only.
    'system.yaml': 'name: Names\nmodes:\n  dim-mode: { base: dark }\n  dimmode: { base: dark }\n',
    'tokens.yaml': [
      'tokens:',
      ...KEYS.map((key) =>
        key.startsWith('sp.')
          ? `  ${yamlString(key)}: { type: spacing, value: 4 }`
          : `  ${yamlString(key)}: { type: color, color: "#AABBCC" }`,
      ),
      '',
    ].join('\n'),
  },
  refused: {
    'system.yaml': 'name: Refused\n',
    'tokens.yaml': [
      'tokens:',
      ...REFUSED_FAMILIES.map(([name, family]) => `  font.${name}: { type: font.family, value: ${yamlString(family)} }`),
      `  color.old: { type: color, color: "#000000", deprecated: ${yamlString('Old </style>')} }`,
      '',
    ].join('\n'),
  },
};

const BUILT = ['texts', 'names'] as const;

/** What `validate` says of the corpus, one `file:line:column rule message` line each. */
function validateCorpus(): string[] {
  const files = Object.entries(SYSTEMS).flatMap(([slug, texts]) =>
    Object.entries(texts).map(([path, text]) => ({ path: `${slug}/${path}`, text })),
  );
  const report = validateInputSync({ files, keys: undefined, sourcePrefix: '.', now: 0 });
  return report.diagnostics.map(
    ({ file, line, column, rule, severity, message }) => `${file}:${line}:${column} ${severity} ${rule} ${message}`,
  );
}

function compileCorpus(slug: (typeof BUILT)[number]): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles(
    slug,
    Object.entries(SYSTEMS[slug] ?? {}).map(([path, text]) => [`${slug}/${path}`, text] as const),
  );
  expect(diagnostics.filter(({ severity }) => severity === 'error')).toEqual([]);
  if (system === undefined) throw new Error(`${slug} does not compile`);
  return system;
}

describe('the hostile native corpus in validate', () => {
  it('refuses what no native file holds in a value, and warns of names no platform can make, at each token', () => {
    const noName = (line: number, key: string): string[] => [
      `names/tokens.yaml:${line}:3 warning android-name-clash \`${key}\` has no letter or digit to make a resource name of: the Android export leaves it out`,
      `names/tokens.yaml:${line}:3 warning compose-name-clash \`${key}\` has no letter or digit to make a Kotlin name of: the Compose export leaves it out`,
      `names/tokens.yaml:${line}:3 warning ios-name-clash \`${key}\` has no letter or digit to make a Swift name of: the iOS export leaves it out`,
    ];
    const refused = (line: number, column: number, key: string, written: string): string =>
      `refused/tokens.yaml:${line}:${column} error invalid-value \`value\` of \`${key}\` must be a non-empty string without \`;\`, \`{\`, \`}\`, \`<\`, \`>\`, \`\\\`, control characters, non-characters or lone surrogates, got ${written}`;
    const clash = (
      line: number,
      rule: string,
      key: string,
      holder: string,
      same: string,
      format: string,
      outcome = 'leaves this one out',
    ): string =>
      `names/tokens.yaml:${line}:3 warning ${rule} \`${key}\` and \`${holder}\` get the same ${same}: the ${format} keeps \`${holder}\` (first in key order) and ${outcome}`;
    const css = (line: number, key: string, holder: string, name: string): string =>
      `names/tokens.yaml:${line}:3 warning css-name-clash \`${key}\` and \`${holder}\` get the same CSS name \`${name}\`: the CSS export would declare it twice`;
    expect(validateCorpus()).toEqual([
      ...noName(2, '-'),
      ...noName(3, '_').slice(0, 2),
      css(3, '_', '-', '--'),
      clash(3, 'flutter-name-clash', '_', '-', 'Dart name `$`', 'Flutter export'),
      noName(3, '_')[2],
      clash(3, 'js-name-clash', '_', '-', 'JavaScript name `_`', 'JavaScript module', 'gives this one no named export'),
      clash(3, 'react-native-name-clash', '_', '-', 'React Native property `_`', 'React Native export'),
      ...noName(4, '__.-').slice(0, 2),
      css(4, '__.-', '-', '--'),
      clash(4, 'flutter-name-clash', '__.-', '-', 'Dart name `$`', 'Flutter export'),
      noName(4, '__.-')[2],
      clash(4, 'js-name-clash', '__.-', '-', 'JavaScript name `_`', 'JavaScript module', 'gives this one no named export'),
      clash(4, 'react-native-name-clash', '__.-', '-', 'React Native property `_`', 'React Native export'),
      clash(6, 'react-native-name-clash', '--.y', '-', 'React Native property `_`', 'React Native export'),
      clash(8, 'android-name-clash', 'y', '--.y', 'Android resource `@color/y`', 'Android export'),
      clash(8, 'compose-name-clash', 'y', '--.y', 'Kotlin name `y`', 'Compose export'),
      css(8, 'y', '--.y', '--y'),
      clash(8, 'flutter-name-clash', 'y', '--.y', 'Dart name `y`', 'Flutter export'),
      clash(8, 'ios-name-clash', 'y', '--.y', 'Swift name `Tokens.y`', 'iOS export'),
      clash(8, 'js-name-clash', 'y', '--.y', 'JavaScript name `y`', 'JavaScript module', 'gives this one no named export'),
      // Two color sets whose names differ in case only would be one folder on a Mac's disk.
      'names/tokens.yaml:9:3 warning ios-name-clash `ab.c` and `a.bc` get the color sets `AbC` and `ABc`, one folder on a case-insensitive disk: the iOS export keeps `a.bc` (first in key order) and leaves this one out',
      refused(2, 51, 'font.non-character', '"a\ufffeb"'),
      refused(3, 52, 'font.lone-surrogate', '"a\\ud800b"'),
      refused(4, 40, 'font.c1', '"a\u0085b"'),
      'refused/tokens.yaml:5:59 error invalid-value `deprecated` of `color.old` must be a message without `<` (it is written into CSS and TypeScript comments, which a page may inline), got "Old </style>"',
    ]);
  });
});

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('the hostile native corpus, built by aapt, kotlinc and tree-sitter', () => {
  let dir = '';
  const systems = {} as Record<(typeof BUILT)[number], CompiledDesignSystem>;
  let composeRun = { compilerOutput: '', printout: [] as string[] };
  const kotlin = {} as Record<(typeof BUILT)[number], string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'native-corpus-'));
    for (const slug of BUILT) systems[slug] = compileCorpus(slug);
    const compose = OUTPUT_FORMATS.compose;
    for (const slug of BUILT) kotlin[slug] = compose.render(systems[slug], compose.readOptions({ package: `${slug}.tokens` }));
    // kotlinc is slow (~20 s on 2 cores): the whole corpus in one compile.
    // A compile error fails the Compose tests with kotlinc's own lines, not the other platforms' tests.
    composeRun = await runCompose(
      join(dir, 'compose'),
      BUILT.map((slug) => ({ id: slug, pkg: `${slug}.tokens`, kotlin: kotlin[slug] })),
    ).catch((error: unknown) => ({ compilerOutput: String((error as { stderr?: unknown }).stderr ?? error), printout: [] }));
  }, 240_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(BUILT)('%s: aapt builds the Android resources, every value read back as the API’s', { timeout: 60_000 }, async (slug) => {
    const android = OUTPUT_FORMATS.android;
    const built = await buildWithAapt(join(dir, `android-${slug}`), android.files?.(systems[slug], android.readOptions({})) ?? []);
    expect(built.stderr).toBe('');
    expect(built.values).toEqual(expectedResources(systems[slug], 'light', 'dark'));
  });

  it.each(BUILT)('%s: kotlinc compiles Tokens.kt without a warning, every value printed as the API’s', (slug) => {
    const readBack = readCompose(systems[slug], slug, composeRun);
    expect(readBack.problems).toEqual([]);
    expect(compareReadBack(readBack).mismatches).toEqual([]);
  });

  it('names: each Compose mode object is a class file of its own on a case-insensitive disk too', () => {
    const objects = [...kotlin.names.matchAll(/^object (\w+) : Tokens\(\)/gm)].map((match) => match[1]);
    expect(objects).toEqual(['LightTokens', 'DarkTokens', 'DimModeTokens', 'ModeDimmodeTokens']);
  });

  it.each(BUILT)('%s: tree-sitter-swift parses Tokens.swift, every declaration and color set as the API’s', (slug) => {
    const system = systems[slug];
    const files = iosFiles(system);
    // One folder per path on a case-insensitive disk too.
    const paths = [...files.keys()];
    expect(new Set(paths.map((path) => path.toLowerCase())).size).toBe(paths.length);
    const leftOut = new Set((OUTPUT_FORMATS.ios.lint?.(system) ?? []).map(({ token }) => token));
    const swift = files.get('Tokens.swift') ?? '';
    expect(Object.fromEntries(tokenDeclarations(swift))).toEqual(Object.fromEntries(expectedDeclarations(system, leftOut)));
    const catalog = readCatalog(system, files, leftOut);
    expect(catalog.problems).toEqual([]);
    expect(compareReadBack(catalog).mismatches).toEqual([]);
  });

  it.each(BUILT)('%s: tree-sitter-dart parses tokens.dart, every value as the API’s', async (slug) => {
    const readBack = await readFlutter(systems[slug], OUTPUT_FORMATS.flutter.render(systems[slug], {}));
    expect(readBack.problems).toEqual([]);
    expect(compareReadBack(readBack).mismatches).toEqual([]);
  });
});

/** The tags TypeScript's JSDoc parser finds in a module. */
function jsDocTags(source: string): string[] {
  const file = ts.createSourceFile('tokens.ts', source, ts.ScriptTarget.Latest, true);
  // A comment is found from each node it documents (a property and its name): each one counted once.
  const docs = new Set<ts.JSDoc>();
  const visit = (node: ts.Node): void => {
    for (const doc of ts.getJSDocCommentsAndTags(node)) if (ts.isJSDoc(doc)) docs.add(doc);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...docs].flatMap((doc) => (doc.tags ?? []).map((tag) => tag.tagName.text));
}

describe('the hostile native corpus: a designer’s `@tag` is text in every doc comment', () => {
  const texts = (): CompiledDesignSystem => compileCorpus('texts');

  it('TypeScript and React Native: TypeScript’s JSDoc parser finds only the `@deprecated` the export writes', () => {
    const system = texts();
    const written = (source: string): number => source.split('@deprecated').length - 1;
    const typeScriptModule = renderTypeScript(system);
    expect(jsDocTags(typeScriptModule)).toEqual(Array.from({ length: written(typeScriptModule) }, () => 'deprecated'));
    const reactNativeModule = OUTPUT_FORMATS['react-native'].render(system, {});
    expect(jsDocTags(reactNativeModule)).toEqual(Array.from({ length: written(reactNativeModule) }, () => 'deprecated'));
  });

  it('Compose, Flutter, iOS: no doc line starts a KDoc tag, holds a dartdoc `@`, or starts a Swift Markup callout', () => {
    const system = texts();
    const kdoc = OUTPUT_FORMATS.compose
      .render(system, OUTPUT_FORMATS.compose.readOptions({}))
      .split('\n')
      .filter((line) => /^\s*(\/\*\*|\*)\s*@/.test(line));
    expect(kdoc).toEqual([]);
    const dartdoc = OUTPUT_FORMATS.flutter
      .render(system, {})
      .split('\n')
      .filter((line) => /^\s*\/\/\/.*@/.test(line));
    expect(dartdoc).toEqual([]);
    const swift = iosFiles(system).get('Tokens.swift') ?? '';
    expect(swift.split('\n').filter((line) => /^\s*\/\/\/\s*[-+*]\s+\w+(\s+\S+)?\s*:/.test(line))).toEqual([]);
  });
});
