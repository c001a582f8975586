import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../../../helpers/fixtures.js';
import { canonical, expectedPrintout, propertiesOf, runCompose } from '../../../helpers/native-read-back/compose.js';
import { NATIVE_TOOLS_AVAILABLE } from '../../../helpers/native-tools.js';

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
    ({ printout, compilerOutput } = await runCompose(
      dir,
      SYSTEMS.map((id) => ({ id, pkg: `${id}.tokens`, kotlin: kotlin[id] })),
      [
        '    androidx.compose.foundation.systemDark = true',
        '    println("choice|system dark|" + (harbor.tokens.systemTokens() === harbor.tokens.DarkTokens))',
        '    println("choice|dark high contrast|" + (harbor.tokens.systemTokens(highContrast = true) === harbor.tokens.DarkHighContrastTokens))',
        '    println("choice|light high contrast|" + (harbor.tokens.systemTokens(false, true) === harbor.tokens.LightHighContrastTokens))',
        '    println("choice|no high contrast mode|" + (acme.tokens.systemTokens(true, true) === acme.tokens.DarkTokens))',
        '    println("choice|local default|" + (harbor.tokens.LocalTokens.defaultFactory() === harbor.tokens.LightTokens))',
        '    println("choice|modes|" + harbor.tokens.tokensByMode.keys.joinToString(","))',
      ],
    ));
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
    const { lines, problems } = expectedPrintout(systems[id]);
    expect(problems).toEqual([]);
    expect(printed).toEqual(lines);
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
