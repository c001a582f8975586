import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { cssPropertyName } from '../../src/views/shared/css-names.js';
import { parseCssExport } from '../helpers/css.js';
import { keysYaml, useFixtures } from '../source/fixture-repo.js';
import { convertPrimer, PRIMER_PACKAGE, readPrimerTheme, readPrimerThemeAsWritten } from './public-systems/convert-primer.js';
import type { Conversion, ConversionReport } from './public-systems/convert-themes.js';
import { convertPaste, PASTE_PACKAGE, readPasteTheme, readPasteThemeAsWritten } from './public-systems/convert-twilio-paste.js';
import { sameCssValue } from './public-systems/css-value-oracle.js';
import { formatFidelity, referencedNames } from './public-systems/fidelity.js';
import type { Fidelity } from './public-systems/fidelity.js';
import { packageVersion, resolveReferences } from './public-systems/package-css.js';

/**
 * Issue 14, "verified on at least two public design systems published on npm that have more than two themes": each
 * package's own built stylesheets are converted into our YAML (a mode per theme), served by the real server from a
 * real Git repository, and every served custom property of every mode is compared with the package's value for
 * that theme. Issue 15: what the package writes as `var()`, shorthands, layered shadows and units is converted as
 * references, composites and lengths, and the kept-references export must keep the package's aliases.
 */

const KEY = 'dts_public_systems_key';

interface PublicSystem {
  readonly slug: string;
  readonly packageName: string;
  readonly convert: () => Conversion;
  /** The package's own value of each property in a theme (`var()` resolved): the oracle. */
  readonly readTheme: (mode: string) => ReadonlyMap<string, string>;
  /** The same, as the package writes it (`var()` kept): the aliases a kept-references export must keep. */
  readonly readWritten: (mode: string) => ReadonlyMap<string, string>;
  /**
   * The fidelity of the conversion as it was at 9c8b59f, before references, composites and units (measured on the
   * pinned version with that commit's converter: it wrote every value resolved, so each converted token the package
   * writes with `var()` in any theme was lossy), printed beside today's to show the gain.
   */
  readonly before: Fidelity;
  /**
   * Measured on the pinned version: converted, exact, aliases kept and deprecated tokens at least (a little under), lossy
   * and not expressible at most.
   */
  readonly floor: {
    readonly converted: number;
    readonly exact: number;
    readonly lossy: number;
    readonly notExpressible: number;
    readonly aliasesKept: number;
    readonly deprecated: number;
  };
}

const SYSTEMS: readonly PublicSystem[] = [
  {
    slug: 'primer',
    packageName: PRIMER_PACKAGE,
    convert: convertPrimer,
    readTheme: readPrimerTheme,
    readWritten: readPrimerThemeAsWritten,
    before: { total: 1198, exact: 807, lossy: 324, notExpressible: 67, withAliases: 324, aliasesKept: 0 },
    floor: { converted: 1170, exact: 1170, lossy: 0, notExpressible: 21, aliasesKept: 355, deprecated: 50 },
  },
  {
    slug: 'paste',
    packageName: PASTE_PACKAGE,
    convert: convertPaste,
    readTheme: readPasteTheme,
    readWritten: readPasteThemeAsWritten,
    before: { total: 483, exact: 461, lossy: 0, notExpressible: 22, withAliases: 0, aliasesKept: 0 },
    floor: { converted: 475, exact: 475, lossy: 0, notExpressible: 5, aliasesKept: 0, deprecated: 0 },
  },
];

interface Mismatch {
  readonly token: string;
  readonly property: string;
  readonly mode: string;
  readonly route: string;
  readonly expected: string | undefined;
  readonly got: string | undefined;
}

async function fetchCss(server: RunningServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  const text = await response.text();
  expect({ path, status: response.status, body: response.status === 200 ? '' : text }).toEqual({ path, status: 200, body: '' });
  return text;
}

/** The declarations of one rule of a CSS export. */
function declarationsOf(css: string, selector: string): ReadonlyMap<string, string> {
  const rule = parseCssExport(css).rules.get(selector);
  if (rule === undefined) throw new Error(`no rule ${selector} in the export`);
  return rule;
}

describe('the comparison of a package value with a served one', () => {
  it.each([
    ['hex case', '#0969da', '#0969DA', true],
    ['#RRGGBB and #RRGGBBFF', '#0969da', '#0969DAFF', true],
    ['rgba() and #RRGGBBAA with the same alpha byte', 'rgba(0, 0, 0, 0.04)', '#0000000A', true],
    ['rgb() and hex', 'rgb(200, 175, 240)', '#C8AFF0', true],
    ['an alpha byte apart', 'rgba(0, 0, 0, 0.04)', '#0000000B', false],
    ['a channel apart', '#0969da', '#0969DB', false],
    ['0 and 0px', '0', '0px', true],
    ['0.25rem and 4px', '0.25rem', '4px', false],
    ['ms and s', '0.2s', '200ms', true],
    [
      'a shadow with unitless zeros and hex, served with px and rgba()',
      '0 1px 0 #1f23280a',
      '0px 1px 0px 0px rgba(31, 35, 40, 0.0392156862745098)',
      true,
    ],
    ['a shadow whose alpha differs', '0 1px 0 #1f23280a', '0px 1px 0px 0px rgba(31, 35, 40, 0.05)', false],
    ['inset against not inset', 'inset 0 1px 0 0 #ffffff', '0px 1px 0px 0px rgba(255, 255, 255, 1)', false],
    ['a cubic-bezier', 'cubic-bezier(0.6, 0, 0.2, 1)', 'cubic-bezier(0.6,0,0.2,1)', true],
    ['a percentage', '50%', '50%', true],
    ['a percentage and px', '50%', '50px', false],
    ['a font shorthand', `600 2rem/1.5 "Mona Sans", sans-serif`, `600 2rem/1.5 'Mona Sans', sans-serif`, true],
    ['a font shorthand with another line height', '600 2rem/1.5 sans-serif', '600 2rem/1.25 sans-serif', false],
    ['a transition without its delay', '.3s cubic-bezier(0, 0, .2, 1)', '300ms cubic-bezier(0,0,0.2,1) 0ms', true],
    ['a transition with another delay', '.3s cubic-bezier(0, 0, .2, 1)', '300ms cubic-bezier(0,0,0.2,1) 10ms', false],
    ['a border', '0.0625rem solid #d1d9e0', '0.0625rem solid #D1D9E0FF', true],
    ['a border of another style', '1px solid #d1d9e0', '1px dashed #d1d9e0', false],
  ])('%s', (_name, expected, served, same) => {
    expect(sameCssValue(expected, served)).toBe(same);
  });

  it('compares font stacks as lists of names, quotes aside', () => {
    expect(
      sameCssValue(`"Mona Sans VF", -apple-system, sans-serif`, `'Mona Sans VF', -apple-system, sans-serif`, { fontFamily: true }),
    ).toBe(true);
    expect(sameCssValue(`"Mona Sans VF", sans-serif`, `"Mona Sans", sans-serif`, { fontFamily: true })).toBe(false);
  });
});

describe('public design systems with more than two themes, served mode by mode', () => {
  const fixtures = useFixtures();

  it.each(SYSTEMS)('$packageName: every served property of every mode equals the package’s own theme', async (system) => {
    const conversion = system.convert();
    const { report } = conversion;
    const files: Record<string, string> = { 'keys.yaml': keysYaml([{ name: 'interop', key: KEY, designSystem: system.slug }]) };
    for (const [path, text] of Object.entries(conversion.files)) files[`design-systems/${system.slug}/${path}`] = text;
    const repo = fixtures.repo(files);
    const server = await fixtures.start(repo);
    expect(server.store.current.systems.get(system.slug)?.problems).toEqual([]);

    const name = (key: string): string => cssPropertyName(key, 'kebab-case');
    const servedNames = conversion.tokens.map((token) => name(token.key)).sort();
    // A typography token is served with a property per part besides its `font` shorthand (`--<name>-font-size`...).
    const typographyNames = conversion.tokens.filter((token) => token.type === 'typography').map((token) => `${name(token.key)}-`);
    const tokenNames = (properties: Iterable<string>): string[] =>
      [...properties].filter((property) => !typographyNames.some((prefix) => property.startsWith(prefix))).sort();
    const mismatches: Mismatch[] = [];
    const packageValues = new Map(report.modes.map((mode) => [mode, system.readTheme(mode)]));
    const compare = (route: string, mode: string, served: (property: string) => string | undefined): number => {
      const expected = packageValues.get(mode) ?? new Map<string, string>();
      let compared = 0;
      for (const token of conversion.tokens) {
        const want = expected.get(token.property);
        const got = served(name(token.key));
        compared += 1;
        if (want === undefined || got === undefined || !sameCssValue(want, got, { fontFamily: token.type === 'font.family' }))
          mismatches.push({ token: token.key, property: token.property, mode, route, expected: want, got });
      }
      return compared;
    };

    // One mode at a time: `?mode=<mode>` serves that mode's values in `:root`.
    let comparedPerMode = 0;
    for (const mode of report.modes) {
      const route = `/api/v1/export/css?mode=${mode}`;
      const root = declarationsOf(await fetchCss(server, route), ':root');
      expect(tokenNames(root.keys())).toEqual(servedNames);
      comparedPerMode += compare(route, mode, (property) => root.get(property));
    }

    // Every mode in one stylesheet: `:root` is light, `[data-theme="<mode>"]` redeclares what differs; a page with
    // `data-theme="<mode>"` sees the two together.
    let comparedDataTheme = 0;
    const route = '/api/v1/export/css';
    const all = parseCssExport(await fetchCss(server, route)).rules;
    const light = all.get(':root') ?? new Map<string, string>();
    for (const mode of report.modes) {
      const block = mode === 'light' ? undefined : all.get(`[data-theme="${mode}"]`);
      comparedDataTheme += compare(`${route} [data-theme="${mode}"]`, mode, (property) => block?.get(property) ?? light.get(property));
    }

    // References kept: `?mode=<mode>&references=keep` writes `var(--x)` where the package writes `var(--x)` (for the
    // tokens that are exact), and that stylesheet, its `var()` resolved, still equals the package's theme.
    const notExact = new Set(mismatches.map((mismatch) => mismatch.token));
    const keptMismatches: Mismatch[] = [];
    const invented: string[] = [];
    const writtenPerMode = new Map(report.modes.map((mode) => [mode, system.readWritten(mode)]));
    const servedOf = new Map(conversion.tokens.map((token) => [token.property, name(token.key)]));
    for (const mode of report.modes) {
      const route = `/api/v1/export/css?mode=${mode}&references=keep`;
      const kept = declarationsOf(await fetchCss(server, route), ':root');
      const resolved = resolveReferences(kept);
      const written = writtenPerMode.get(mode) ?? new Map<string, string>();
      const expected = packageValues.get(mode) ?? new Map<string, string>();
      for (const token of conversion.tokens) {
        const served = name(token.key);
        const want = expected.get(token.property);
        const got = resolved.get(served);
        if (want === undefined || got === undefined || !sameCssValue(want, got, { fontFamily: token.type === 'font.family' }))
          keptMismatches.push({ token: token.key, property: token.property, mode, route, expected: want, got });
        const packageAliases = referencedNames(written.get(token.property) ?? '').map(
          (property) => servedOf.get(property) ?? `!${property}`,
        );
        const servedAliases = referencedNames(kept.get(served) ?? '');
        if (servedAliases.some((alias) => !packageAliases.includes(alias))) invented.push(`${token.key} (${mode})`);
        if (packageAliases.join(' ') !== servedAliases.join(' ')) notExact.add(token.key);
      }
    }
    expect(keptMismatches.slice(0, 20)).toEqual([]);
    expect(invented.slice(0, 20)).toEqual([]);

    const withAliases = new Set(
      conversion.tokens
        .filter((token) => [...writtenPerMode.values()].some((written) => referencedNames(written.get(token.property) ?? '').length > 0))
        .map((token) => token.key),
    );
    const after: Fidelity = {
      total: report.tokensInPackage,
      exact: conversion.tokens.length - notExact.size,
      lossy: notExact.size,
      notExpressible: report.skipped,
      withAliases: withAliases.size,
      aliasesKept: [...withAliases].filter((key) => !notExact.has(key)).length,
    };
    console.log(formatFidelity(system.packageName, system.before, after));
    expect(mismatches.length).toBe(0);
    expect(after.exact + after.lossy + after.notExpressible).toBe(after.total);
    expect(after.exact).toBeGreaterThanOrEqual(system.floor.exact);
    expect(after.lossy).toBeLessThanOrEqual(system.floor.lossy);
    expect(after.notExpressible).toBeLessThanOrEqual(system.floor.notExpressible);
    expect(after.aliasesKept).toBeGreaterThanOrEqual(system.floor.aliasesKept);
    // The package's deprecations are the tokens' (`deprecated` with the replacement it names).
    const compiled = server.store.current.systems.get(system.slug)?.compiled?.tokens ?? [];
    expect(compiled.filter((token) => token.deprecated !== undefined).length).toBe(report.deprecated);
    expect(report.deprecated).toBeGreaterThanOrEqual(system.floor.deprecated);

    const summary = {
      package: `${system.packageName}@${packageVersion(system.packageName)}`,
      ...report,
      valuesCompared: { '?mode=': comparedPerMode, '[data-theme]': comparedDataTheme },
      equal: comparedPerMode + comparedDataTheme - mismatches.length,
      mismatches: mismatches.length,
    };
    console.log(formatSummary(summary));
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(report.tokensInPackage).toBe(report.converted + report.skipped);
    expect(report.converted).toBeGreaterThanOrEqual(system.floor.converted);
    expect(report.modes.length).toBeGreaterThan(2);
  });
});

/** The counts of one system, and the skipped properties per reason (the first few of each). */
function formatSummary(
  summary: ConversionReport & { package: string; valuesCompared: Record<string, number>; equal: number; mismatches: number },
): string {
  const { skippedByReason, notes, flattened, ...counts } = summary;
  const lines = [
    `${summary.package}: ${JSON.stringify({ ...counts, flattened: flattened.length, modes: summary.modes.length, modeNames: summary.modes })}`,
  ];
  for (const [reason, properties] of Object.entries(skippedByReason)) {
    lines.push(`  skipped ${properties.length}: ${reason} (${properties.slice(0, 4).join(', ')}${properties.length > 4 ? ', ...' : ''})`);
  }
  if (flattened.length > 0)
    lines.push(`  flattened ${flattened.length} (a var() whose target is no token of a type it may name): ${flattened.join(', ')}`);
  for (const note of notes) lines.push(`  note: ${note}`);
  return lines.join('\n');
}
