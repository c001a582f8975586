import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { lintAndroid } from '../../../../src/views/formats/android/export-android.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../../../helpers/fixtures.js';
import { buildWithAapt as buildInFolder, expectedResources } from '../../../helpers/native-read-back/android.js';
import type { Built } from '../../../helpers/native-read-back/android.js';
import { NATIVE_TOOLS_AVAILABLE } from '../../../helpers/native-tools.js';
import { compileSystem } from '../../modes-fixture.js';
import { compileTide } from '../preprocessors/preprocessor-fixture.js';

const android = OUTPUT_FORMATS.android;

/**
 * `reef`: what the examples lack: a key that is a Java keyword, a key starting with a digit, typographies with a
 * letter spacing in px and in em, a line height as a length and as a multiplier, parts left out, a font size in sp,
 * a letter spacing token in em (Android's own unit) and in px, a fractional duration, a value that differs in dark
 * only, an easing per mode, a deprecated token with a description holding `--`, a font family with quotes.
 */
const REEF_FILES: Readonly<Record<string, string>> = {
  'reef/system.yaml': ['name: Reef', 'id: reef', ''].join('\n'),
  'reef/tokens.yaml': [
    'tokens:',
    '  class: { type: color, color: "#11223380", modes: { dark: { color: "#445566" } } }',
    '  2xl.gap: { type: spacing, value: 2.5, unit: rem }',
    '  gap.tight: { type: spacing, value: -2 }',
    '  font.size.body: { type: font.size, value: 15, modes: { dark: { value: 16 } } }',
    '  font.lineHeight.relaxed: { type: font.lineHeight, value: 1.75 }',
    '  font.lineHeight.fixed: { type: font.lineHeight, value: 20, unit: px }',
    '  font.letterSpacing.wide: { type: font.letterSpacing, value: 0.05, unit: em }',
    '  font.letterSpacing.caps: { type: font.letterSpacing, value: 0.5, unit: px }',
    `  font.family.quoted: { type: font.family, value: "-apple-system, \\"Tom's Font\\", sans-serif" }`,
    '  duration.blink: { type: duration, value: 12.5 }',
    '  easing.pop: { type: easing, value: "cubic-bezier(0.3, -0.5, 0.7, 1.5)", modes: { dark: { value: "cubic-bezier(0, 0, 1, 1)" } } }',
    '  opacity.hint: { type: opacity, value: 0.35 }',
    '  z-index.toast: { type: z-index, value: 2000 }',
    '  typography.caption:',
    '    type: typography',
    '    fontFamily: "{font.family.quoted}"',
    '    fontSize: 0.75rem',
    '    fontWeight: 700',
    '    lineHeight: 1.5',
    '    letterSpacing: 0.6px',
    '  typography.label: { type: typography, fontSize: "{font.size.body}", lineHeight: 1.25em, letterSpacing: 0.1em }',
    '  typography.2xl: { type: typography, fontSize: 32px, fontWeight: 300, lineHeight: 40px, letterSpacing: -0.02em }',
    '  spacing.old:',
    '    type: spacing',
    '    value: 4',
    '    description: Old -- use the gap.',
    '    deprecated: { message: Too small., replacement: 2xl.gap }',
    '',
  ].join('\n'),
};

let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dts-android-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

let builds = 0;

/** Builds `files` with aapt in a fresh folder of the test's temp dir. */
const buildWithAapt = (files: readonly { path: string; render(): string }[]): Promise<Built> =>
  buildInFolder(join(workDir, String(builds++)), files);

const filesOf = (system: CompiledDesignSystem, query: Record<string, string> = {}) => {
  const options = android.readOptions(query);
  android.checkOptions?.(options, system);
  return android.files?.(system, options) ?? [];
};

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Android resources, compiled by aapt', () => {
  it.each([
    ['acme', () => compileExample('acme')],
    ['harbor', () => compileExample('harbor')],
    ['the kitchen sink', compileKitchenSink],
    ['reef', async () => compileSystem('reef', REEF_FILES)],
  ])('%s: every value in values/ and values-night/ is the API’s light and dark value', { timeout: 30_000 }, async (_, compile) => {
    const system = await compile();
    const built = await buildWithAapt(filesOf(system));
    expect(built.stderr).toBe('');
    expect(built.values).toEqual(expectedResources(system, 'light', 'dark'));
  });

  it('writes a further mode’s values in values/ alone with mode=<name> (harbor’s light-high-contrast)', { timeout: 30_000 }, async () => {
    const system = await compileExample('harbor');
    const files = filesOf(system, { mode: 'light-high-contrast' });
    expect(files.some((file) => file.path.startsWith('res/values-night/'))).toBe(false);
    const built = await buildWithAapt(files);
    expect(built.stderr).toBe('');
    expect(built.values).toEqual(expectedResources(system, 'light-high-contrast', 'light-high-contrast'));
  });

  it(
    'keeps references as @color/, @dimen/, @string/ and @integer/ with references=keep, and aapt resolves them',
    { timeout: 30_000 },
    async () => {
      const tide = compileTide();
      const built = await buildWithAapt(filesOf(tide, { references: 'keep' }));
      expect(built.stderr).toBe('');
      expect(built.values).toEqual(expectedResources(tide, 'light', 'dark'));
      expect(built.written['color/color_button_bg']).toBe('@color/color_accent');
      // A reference with its own alpha is no alias: its value is written.
      expect(built.written['color/color_scrim']).toBe('#800969da');
      expect(built.written['style/TextAppearance.Tokens.TypographyBody']).toBe(
        'style {"textSize":"16sp","fontFamily":"@string/font_stack","letterSpacing":"float 0","lineHeight":"24sp"}',
      );

      const harbor = await compileExample('harbor');
      const harborBuilt = await buildWithAapt(filesOf(harbor, { references: 'keep' }));
      expect(harborBuilt.stderr).toBe('');
      expect(harborBuilt.values).toEqual(expectedResources(harbor, 'light', 'dark'));
      expect(harborBuilt.written['style/TextAppearance.Tokens.TypographyParagraph']).toBe(
        'style {"textSize":"@dimen/font_size_body","textStyle":"int 0","fontFamily":"@string/font_family_body","letterSpacing":"float 0","lineHeight":"21sp","textFontWeight":"@integer/font_weight_body"}',
      );
    },
  );
});

describe('Android resources', () => {
  it('lists its files under res/, sorted; values-night/ holds every color and only the other values that differ', () => {
    const reef = compileSystem('reef', REEF_FILES);
    expect(filesOf(reef).map((file) => file.path)).toEqual([
      'res/interpolator-night/easing_pop.xml',
      'res/interpolator/easing_pop.xml',
      'res/values-night/colors.xml',
      'res/values-night/dimens.xml',
      'res/values-night/styles.xml',
      'res/values/colors.xml',
      'res/values/dimens.xml',
      'res/values/integers.xml',
      'res/values/strings.xml',
      'res/values/styles.xml',
    ]);
    const night = filesOf(reef)
      .find((file) => file.path === 'res/values-night/dimens.xml')
      ?.render();
    expect(night).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<!-- Design tokens of reef: dark mode, every color and the values that differ from res/values/. Generated by design-token-server; do not edit. -->',
        '<resources>',
        '    <dimen name="font_size_body">16sp</dimen>',
        '</resources>',
        '',
      ].join('\n'),
    );
  });

  it('names resources with lowercase words and `_`, a Java keyword or a leading digit prefixed with `_`; comments from descriptions', async () => {
    const reef = compileSystem('reef', REEF_FILES);
    const dimens = filesOf(reef)
      .find((file) => file.path === 'res/values/dimens.xml')
      ?.render();
    expect(dimens).toContain('\n    <dimen name="_2xl_gap">40dp</dimen>\n');
    expect(dimens).toContain('\n    <item name="font_letter_spacing_wide" type="dimen" format="float">0.05</item>\n');
    expect(dimens).toContain('\n    <dimen name="font_letter_spacing_caps">0.5sp</dimen>\n');
    expect(dimens).toContain(
      '\n    <!-- Old - - use the gap. Deprecated: Too small. Use @dimen/_2xl_gap instead. -->\n    <dimen name="spacing_old">4dp</dimen>\n',
    );
    const colors = filesOf(reef)
      .find((file) => file.path === 'res/values/colors.xml')
      ?.render();
    expect(colors).toContain('\n    <color name="_class">#80112233</color>\n');
    const strings = filesOf(reef)
      .find((file) => file.path === 'res/values/strings.xml')
      ?.render();
    expect(strings).toContain('\n    <string name="font_family_quoted" translatable="false">"Tom\'s Font"</string>\n');
    // A CSS generic family is Android's system family.
    const harbor = filesOf(await compileExample('harbor'))
      .find((file) => file.path === 'res/values/strings.xml')
      ?.render();
    expect(harbor).toContain('\n    <string name="font_family_code" translatable="false">"monospace"</string>\n');
  });

  it('warns of two tokens on one resource name and of a length Android has no size for, and leaves them out', () => {
    const { system } = compileFiles('shoal', [
      ['shoal/system.yaml', 'name: Shoal\n'],
      [
        'shoal/tokens.yaml',
        [
          'tokens:',
          '  font.lineHeight.body: { type: font.lineHeight, value: 20, unit: px }',
          '  font.line-height.body: { type: font.lineHeight, value: 24, unit: px }',
          '  spacing.gutter: { type: spacing, value: 2, unit: em, modes: { dark: { value: 16, unit: px } } }',
          '  spacing.inset: { type: spacing, value: [8px, 16px] }',
          '  size.full: { type: dimension, value: 100, unit: "%" }',
          '  typography.fluid: { type: typography, fontSize: 2em, lineHeight: 1.2, letterSpacing: 0 }',
          '',
        ].join('\n'),
      ],
    ]);
    if (system === undefined) throw new Error('shoal does not compile');
    expect(lintAndroid(system)).toEqual([
      {
        token: 'font.lineHeight.body',
        rule: 'android-name-clash',
        severity: 'warning',
        message:
          '`font.lineHeight.body` and `font.line-height.body` get the same Android resource `@dimen/font_line_height_body`: the Android export keeps `font.line-height.body` (first in key order) and leaves this one out',
      },
      {
        token: 'size.full',
        rule: 'android-value-left-out',
        severity: 'warning',
        message: '`size.full` is a length in `%` (mode `light`), which has no size on Android: the Android export leaves it out',
      },
      {
        token: 'spacing.gutter',
        rule: 'android-value-left-out',
        severity: 'warning',
        message: '`spacing.gutter` is a length in `em` (mode `light`), which has no size on Android: the Android export leaves it out',
      },
      {
        token: 'spacing.inset',
        rule: 'android-value-left-out',
        severity: 'warning',
        message: '`spacing.inset` is a list of lengths (mode `light`), which no Android dimension holds: the Android export leaves it out',
      },
      {
        token: 'typography.fluid',
        rule: 'android-value-left-out',
        severity: 'warning',
        message:
          '`typography.fluid` has a font size in `em` (mode `light`), which has no size on Android: the Android export leaves it out',
      },
    ]);
    const dimens =
      filesOf(system)
        .find((file) => file.path === 'res/values/dimens.xml')
        ?.render() ?? '';
    expect(dimens).toContain('<dimen name="font_line_height_body">24sp</dimen>');
    expect(dimens).not.toContain('20sp');
    expect(dimens).not.toContain('gutter');
  });

  it('refuses a mode the design system does not have', () => {
    expect(() => filesOf(compileTide(), { mode: 'sepia' })).toThrow(
      'Unknown mode `sepia`; this design system has `light`, `dark`, `dark-dimmed`.',
    );
  });

  it('serves the manifest and each file at /export/android', async () => {
    const { app } = await buildExampleApp();
    try {
      const manifest = await app.inject({ url: '/api/v1/export/android', headers: bearer(DEMO_KEY) });
      expect(manifest.statusCode).toBe(200);
      const acme = await compileExample('acme');
      const files = filesOf(acme);
      expect(manifest.json<{ files: { path: string }[] }>().files.map((file) => file.path)).toEqual(files.map((file) => file.path));
      const colors = await app.inject({
        url: '/api/v1/export/android/res/values-night/colors.xml',
        headers: bearer(DEMO_KEY),
      });
      expect(colors.statusCode).toBe(200);
      expect(colors.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(colors.body).toBe(files.find((file) => file.path === 'res/values-night/colors.xml')?.render());
    } finally {
      await app.close();
    }
  });
});
