import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, Token, TypedValue } from '../../src/compile/types.js';
import { cssPropertyName } from '../../src/views/shared/css-names.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import { OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { compileExample, compileKitchenSink } from '../helpers/fixtures.js';
import { compileLess, compileScss, validateCss, writeExport } from '../helpers/preprocessors.js';
import { compileTide } from '../views/formats/preprocessors/preprocessor-fixture.js';
import { compileNova } from './composites-fixture.js';

/**
 * The SCSS and Less exports as their real consumers read them: Dart Sass and Less compile a usage file per mode (the
 * mode's mixin on `:root`, and each value through the format's own variables and maps in a real property), the
 * compiled CSS has no error under csstree-validator, and Chromium computes every value exactly as from the CSS export
 * with the same `references`, in every mode.
 */

type References = 'resolve' | 'keep';
const REFERENCES: readonly References[] = ['resolve', 'keep'];

/** One custom property of the CSS export: its name without `--`, and the property a probe reads it through. */
interface Probe {
  readonly name: string;
  readonly token: Token;
  readonly part?: string;
}

const PART_PROPERTIES: Readonly<Record<string, string>> = {
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  lineHeight: 'line-height',
  letterSpacing: 'letter-spacing',
};

const TYPE_PROPERTIES: Readonly<Record<string, string>> = {
  border: 'border',
  color: 'color',
  duration: 'transition-duration',
  easing: 'transition-timing-function',
  'font.family': 'font-family',
  'font.letterSpacing': 'letter-spacing',
  'font.lineHeight': 'line-height',
  'font.size': 'font-size',
  'font.weight': 'font-weight',
  gradient: 'background-image',
  opacity: 'opacity',
  radius: 'border-radius',
  shadow: 'box-shadow',
  spacing: 'margin',
  strokeStyle: 'border-style',
  transition: 'transition',
  typography: 'font',
  'z-index': 'z-index',
};

/** The longhands Chromium computes for a shorthand the probes use. */
const LONGHANDS: Readonly<Record<string, readonly string[]>> = {
  border: ['border-top-width', 'border-top-style', 'border-top-color'],
  margin: ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'],
  transition: ['transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay'],
  font: ['font-family', 'font-size', 'font-weight', 'line-height', 'font-style'],
};

/** The property a probe of `probe` sets in `mode` (undefined for a boolean: no property takes one). */
function propertyOf(probe: Probe, mode: string): string | undefined {
  if (probe.part !== undefined) return PART_PROPERTIES[probe.part];
  if (probe.token.type === 'dimension') {
    const value: TypedValue = probe.token.resolved[mode] ?? probe.token.resolved.light;
    // `none` and the content sizes are `max-width`'s; a length (negative too), `%` and `auto` are `margin-left`'s.
    return value.kind === 'keyword' && value.keyword !== 'auto' ? 'max-width' : 'margin-left';
  }
  return TYPE_PROPERTIES[probe.token.type];
}

/** Every custom property of the CSS export, as the CSS export names it: a token's, and a typography token's parts. */
function probesOf(system: CompiledDesignSystem): Probe[] {
  return system.tokens.flatMap((token) => [
    { name: cssPropertyName(token.key, 'kebab-case').slice(2), token },
    ...(token.type === 'typography'
      ? Object.keys(PART_PROPERTIES).map((part) => ({ name: cssPropertyName(`${token.key}.${part}`, 'kebab-case').slice(2), token, part }))
      : []),
  ]);
}

/**
 * A computed value with each `color(srgb r g b / a)` as `rgb()`/`rgba()`: Chromium serializes a relative color
 * (`rgb(from var(--x) r g b / 0.5)`, the CSS export's kept alias with an alpha) that way, the same sRGB color Sass's
 * `color.change()` and Less's `fade()` give as `rgba()`.
 */
function normalizeColors(value: string): string {
  return value.replace(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/g, (_, r: string, g: string, b: string, a?: string) => {
    const channels = [r, g, b].map((channel) => Math.round(Number(channel) * 255)).join(', ');
    return a === undefined ? `rgb(${channels})` : `rgba(${channels}, ${a})`;
  });
}

const normalized = (values: Record<string, Record<string, string>>): Record<string, Record<string, string>> =>
  Object.fromEntries(
    Object.entries(values).map(([id, properties]) => [
      id,
      Object.fromEntries(Object.entries(properties).map(([property, value]) => [property, normalizeColors(value)])),
    ]),
  );

/** A Sass variable as the SCSS export names it: a first digit escaped. */
const sassVariable = (name: string): string => (/^\d/.test(name) ? `$\\${name.charCodeAt(0).toString(16)} ${name.slice(1)}` : `$${name}`);

/** The SCSS usage of `mode`: the mixin on `:root`; each value from the mode's map (`#v<i>`), in light from its variable (`#w<i>`). */
function scssUsage(system: CompiledDesignSystem, mode: string): string {
  const rules = probesOf(system).flatMap((probe, index) => {
    const property = propertyOf(probe, mode);
    if (property === undefined) return [];
    const fromMap = `#v${index} { ${property}: map.get(tokens.$tokens-${mode}, "${probe.name}"); }`;
    return mode === 'light' ? [fromMap, `#w${index} { ${property}: tokens.${sassVariable(probe.name)}; }`] : [fromMap];
  });
  return ['@use "sass:map";', '@use "tokens";', `:root { @include tokens.tokens(${mode}); }`, ...rules, ''].join('\n');
}

/** The Less usage of `mode`: the mode's mixin on `:root`; in light each value from its variable (`#w<i>`). */
function lessUsage(system: CompiledDesignSystem, mode: string): string {
  const rules =
    mode !== 'light'
      ? []
      : probesOf(system).flatMap((probe, index) => {
          const property = propertyOf(probe, mode);
          return property === undefined ? [] : [`#w${index} { ${property}: @${probe.name}; }`];
        });
  return ['@import "tokens.less";', `:root { .tokens-${mode}(); }`, ...rules, ''].join('\n');
}

interface Compiled {
  readonly system: CompiledDesignSystem;
  /** By references, by mode: the CSS export, and the compiled SCSS and Less usages. */
  readonly css: Record<References, string>;
  readonly scss: Record<References, Record<string, string>>;
  readonly less: Record<References, Record<string, string>>;
}

const SYSTEMS: readonly [string, () => Promise<CompiledDesignSystem> | CompiledDesignSystem][] = [
  ['acme', () => compileExample('acme')],
  ['acme-docs', () => compileExample('acme-docs')],
  ['harbor', () => compileExample('harbor')],
  ['kitchen-sink', compileKitchenSink],
  ['nova (references, composites, four modes)', () => compileNova()],
  ['tide (a digit first, both quotes, alpha)', () => compileTide()],
];

const compiled = new Map<string, Compiled>();
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  for (const [name, compile] of SYSTEMS) {
    const system = await compile();
    const entry: Compiled = { system, css: { resolve: '', keep: '' }, scss: { resolve: {}, keep: {} }, less: { resolve: {}, keep: {} } };
    for (const references of REFERENCES) {
      entry.css[references] = renderCss(system, { naming: 'kebab-case', references });
      const scssFile = writeExport('_tokens.scss', OUTPUT_FORMATS.scss.render(system, { references }));
      const lessFile = writeExport('tokens.less', OUTPUT_FORMATS.less.render(system, { references }));
      cleanups.push(scssFile.cleanup, lessFile.cleanup);
      for (const { name: mode } of system.modes) {
        const scss = compileScss(scssUsage(system, mode), scssFile.dir);
        expect([name, references, mode, scss.warnings]).toEqual([name, references, mode, []]);
        entry.scss[references][mode] = scss.css;
        entry.less[references][mode] = await compileLess(lessUsage(system, mode), lessFile.dir);
      }
    }
    compiled.set(name, entry);
  }
}, 60_000);

afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

describe('SCSS and Less exports: Dart Sass and Less compile a usage per mode, csstree-validator finds no error', () => {
  it.each(SYSTEMS.map(([name]) => name))('%s', (name) => {
    const { system, scss, less } = compiled.get(name) as Compiled;
    for (const references of REFERENCES) {
      for (const { name: mode } of system.modes) {
        for (const [format, css] of [
          ['scss', scss[references][mode] as string],
          ['less', less[references][mode] as string],
        ] as const) {
          expect([references, mode, format, validateCss(css)]).toEqual([references, mode, format, []]);
          expect(css).not.toContain('[object Object]');
        }
      }
    }
  });

  it('an unknown mode is the mixin’s own error, naming the modes', () => {
    const { system } = compiled.get('tide (a digit first, both quotes, alpha)') as Compiled;
    const file = writeExport('_tokens.scss', OUTPUT_FORMATS.scss.render(system, { references: 'resolve' }));
    cleanups.push(file.cleanup);
    expect(() => compileScss('@use "tokens";\n.x { @include tokens.tokens(dim); }\n', file.dir)).toThrow(
      'Unknown mode `dim`; this design system has light, dark, dark-dimmed.',
    );
  });
});

describe.skipIf(!BROWSER_AVAILABLE)('SCSS and Less exports in Chromium: every value as the CSS export’s, in every mode', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.browser.newPage();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** What Chromium computes for each probe element (`<prefix><index>`) of `stylesheet`, `data-theme` on <html> unless light. */
  async function computed(
    stylesheet: string,
    mode: string,
    probes: readonly { id: string; property: string; style: string }[],
  ): Promise<Record<string, Record<string, string>>> {
    const elements = probes.map(({ id, style }) => `<div id="${id}" style="position: relative; ${style}">x</div>`).join('');
    const theme = mode === 'light' ? '' : ` data-theme="${mode}"`;
    await page.setContent(
      `<!doctype html><html${theme}><head><style>${stylesheet}</style></head><body><div style="width: 400px">${elements}</div></body></html>`,
    );
    const read = probes.map(({ id, property }) => [id, LONGHANDS[property] ?? [property]] as const);
    return page.evaluate(
      (read) =>
        Object.fromEntries(
          read.map(([id, properties]) => {
            const style = getComputedStyle(document.getElementById(id) as HTMLElement);
            return [id, Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))];
          }),
        ),
      read,
    );
  }

  it.each(SYSTEMS.map(([name]) => name))(
    '%s',
    async (name) => {
      const { system, css, scss, less } = compiled.get(name) as Compiled;
      const probes = probesOf(system);
      for (const references of REFERENCES) {
        for (const { name: mode } of system.modes) {
          const varProbes = probes.flatMap((probe, index) => {
            const property = propertyOf(probe, mode);
            return property === undefined ? [] : [{ index, property, style: `${property}: var(--${probe.name})` }];
          });
          const fromCss = await computed(
            css[references],
            mode,
            varProbes.map(({ index, property, style }) => ({ id: `p${index}`, property, style })),
          );
          // Booleans have no property: their custom property's text is compared.
          const booleans = probes.filter((probe) => probe.token.type === 'boolean');
          const booleanText = async (stylesheet: string, theme: string): Promise<string[]> => {
            await page.setContent(`<!doctype html><html${theme}><head><style>${stylesheet}</style></head><body></body></html>`);
            return page.evaluate(
              (names) => names.map((name) => getComputedStyle(document.documentElement).getPropertyValue(`--${name}`)),
              booleans.map((probe) => probe.name),
            );
          };
          const cssBooleans = await booleanText(css[references], mode === 'light' ? '' : ` data-theme="${mode}"`);
          for (const [format, stylesheet] of [
            ['scss', scss[references][mode] as string],
            ['less', less[references][mode] as string],
          ] as const) {
            const ids = varProbes.flatMap(({ index, property }) => {
              const own = [{ id: `p${index}`, property, style: `${property}: var(--${(probes[index] as Probe).name})`, from: `p${index}` }];
              if (format === 'scss') own.push({ id: `v${index}`, property, style: '', from: `p${index}` });
              if (mode === 'light') own.push({ id: `w${index}`, property, style: '', from: `p${index}` });
              return own;
            });
            const got = normalized(await computed(stylesheet, 'light', ids));
            const want = normalized(Object.fromEntries(ids.map(({ id, from }) => [id, fromCss[from] ?? {}])));
            expect([references, mode, format, got]).toEqual([references, mode, format, want]);
            expect([references, mode, format, await booleanText(stylesheet, '')]).toEqual([references, mode, format, cssBooleans]);
          }
        }
      }
    },
    60_000,
  );
});
