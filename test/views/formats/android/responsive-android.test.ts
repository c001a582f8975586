import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { AAPT, ANDROID_FRAMEWORK, NATIVE_TOOLS_AVAILABLE, run } from '../../../helpers/native-tools.js';

const android = OUTPUT_FORMATS.android;

/** `aapt dump --values resources` of the built files: per dimen name, its value in each configuration aapt lists. */
function dimensByConfiguration(dump: string): Record<string, Record<string, string>> {
  const found: Record<string, Record<string, string>> = {};
  let config = '';
  const lines = dump.split('\n');
  for (const [index, line] of lines.entries()) {
    const configLine = /^\s+config (.+):$/.exec(line);
    if (configLine !== null) config = configLine[1] as string;
    const resource = /^\s+resource 0x[0-9a-f]+ [\w.]+:dimen\/([^:]+): t=0x05/.exec(line);
    if (resource === null) continue;
    const value = /\((dimension)\) (\S+)/.exec(lines[index + 1] ?? '')?.[2] ?? '?';
    (found[resource[1] as string] ??= {})[config] = value;
  }
  return found;
}

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Android resources of breakpoints, compiled by aapt', () => {
  let dir: string;
  let system: CompiledDesignSystem;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-responsive-android-'));
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'writes values-sw<dp>dp and values-sw<dp>dp-night per breakpoint, which aapt sees as smallest-width configurations (it adds v13, where they began)',
    { timeout: 30_000 },
    async () => {
      const files = android.files?.(system, android.readOptions({})) ?? [];
      expect(files.map((file) => file.path)).toEqual([
        'res/values-night/colors.xml',
        'res/values-night/dimens.xml',
        'res/values-sw1024dp-night/dimens.xml',
        'res/values-sw1024dp/dimens.xml',
        'res/values-sw768dp-night/colors.xml',
        'res/values-sw768dp-night/dimens.xml',
        'res/values-sw768dp/colors.xml',
        'res/values-sw768dp/dimens.xml',
        'res/values/colors.xml',
        'res/values/dimens.xml',
      ]);
      for (const file of files) {
        await mkdir(dirname(join(dir, file.path)), { recursive: true });
        await writeFile(join(dir, file.path), file.render());
      }
      await writeFile(
        join(dir, 'AndroidManifest.xml'),
        '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.tokens" />\n',
      );
      const apk = join(dir, 'out.apk');
      const { stderr } = await run(AAPT, [
        'package',
        '-M',
        join(dir, 'AndroidManifest.xml'),
        '-S',
        join(dir, 'res'),
        '-I',
        ANDROID_FRAMEWORK,
        '-F',
        apk,
      ]);
      expect(stderr).toBe('');
      const { stdout } = await run(AAPT, ['dump', '--values', 'resources', apk], { maxBuffer: 16 * 1024 * 1024 });
      const dimens = dimensByConfiguration(stdout);
      expect(dimens['space_inset']).toEqual({
        '(default)': '8.000000dp',
        'night-v8': '10.000000dp',
        'sw1024dp-v13': '12.000000dp',
        'sw1024dp-night-v13': '14.000000dp',
      });
      expect(dimens['space_gutter']).toEqual({
        '(default)': '16.000000dp',
        'sw768dp-v13': '24.000000dp',
        'sw768dp-night-v13': '24.000000dp',
        'sw1024dp-v13': '32.000000dp',
        'sw1024dp-night-v13': '32.000000dp',
      });
    },
  );
});

describe('Android resources at one breakpoint', () => {
  it.each([
    ['base', '<dimen name="space_inset">8dp</dimen>'],
    ['lg', '<dimen name="space_inset">12dp</dimen>'],
  ])('writes ?breakpoint=%s in res/values/ and res/values-night/ alone', async (breakpoint, inset) => {
    const system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    const options = android.readOptions({ breakpoint });
    android.checkOptions?.(options, system);
    const files = android.files?.(system, options) ?? [];
    expect(files.map((file) => file.path)).toEqual([
      'res/values-night/colors.xml',
      'res/values-night/dimens.xml',
      'res/values/colors.xml',
      'res/values/dimens.xml',
    ]);
    expect(files.find((file) => file.path === 'res/values/dimens.xml')?.render()).toContain(`    ${inset}\n`);
  });
});
