import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildExampleApp } from '../helpers/app.js';
import { parseCssExport } from '../helpers/css.js';
import { compileFiles, EXAMPLE_SOURCE, readYamlFiles } from '../helpers/fixtures.js';

const HARBOR_KEY = 'dts_harbor_demo_key';
const FURTHER_MODES = ['dark-dimmed', 'light-high-contrast', 'dark-high-contrast'];
const WATCHED = [
  '--color-accent-muted',
  '--color-bg-backdrop',
  '--color-bg-canvas',
  '--color-bg-emphasis',
  '--color-bg-overlay',
  '--color-bg-transparent',
  '--color-border-muted',
  '--color-danger-muted',
  '--color-fg-on-emphasis',
  '--color-focus-ring',
  '--color-selection',
  '--font-weight-body',
  '--opacity-disabled',
  '--opacity-scrim',
  '--radius-card',
  '--shadow-overlay',
];

/** The example's five modes, a few properties each, worked out by hand from its YAML. */
const EXPECTED: Record<string, Record<string, string>> = {
  light: {
    '--color-accent-muted': '#0969DA26', // blue 500 at alpha 0.15
    '--color-bg-backdrop': '#1F232866',
    '--color-bg-canvas': '#FFFFFF',
    '--color-bg-emphasis': '#1F2328',
    '--color-bg-overlay': '#FFFFFF',
    '--color-bg-transparent': '#00000000',
    '--color-border-muted': '#1F23280D',
    '--color-danger-muted': '#CF222E1A', // alpha 0.1: byte round(25.5)
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#0969DA',
    '--color-selection': '#0969DA33', // rgba(9, 105, 218, 0.2)
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--opacity-scrim': '0.4',
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(31, 35, 40, 0.12)',
  },
  dark: {
    '--color-accent-muted': '#4493F833', // dark's own alpha 0.2
    '--color-bg-backdrop': '#010409CC', // rgba(1, 4, 9, 0.8)
    '--color-bg-canvas': '#0D1117',
    '--color-bg-emphasis': '#656C76', // darkStep 500
    '--color-bg-overlay': '#212830', // dark's own step 100
    '--color-bg-transparent': '#00000000',
    '--color-border-muted': '#F0F6FC1A',
    '--color-danger-muted': '#F851491A',
    '--color-fg-on-emphasis': '#FFFFFF', // from the white scale, not neutral 0's dark
    '--color-focus-ring': '#1F6FEB',
    '--color-selection': '#388BFD66',
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--opacity-scrim': '0.6',
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(240, 246, 252, 0.4)',
  },
  'dark-dimmed': {
    '--color-accent-muted': '#478BE633', // its own blue, dark's alpha
    '--color-bg-backdrop': '#1C2128CC',
    '--color-bg-canvas': '#212830',
    '--color-bg-emphasis': '#656C76', // neutral 500 gives no dark-dimmed color: dark's
    '--color-bg-overlay': '#2A313C', // dark's step 100, in its own color
    '--color-bg-transparent': '#00000000',
    '--color-border-muted': '#F0F6FC1A',
    '--color-danger-muted': '#E5534B26', // its own alpha 0.15
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#1F6FEB', // dark's literal
    '--color-selection': '#388BFD66', // dark's literal
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--opacity-scrim': '0.6', // dark's
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(209, 215, 224, 0.3)',
  },
  'light-high-contrast': {
    '--color-accent-muted': '#0349B44D',
    '--color-bg-backdrop': '#1F232866',
    '--color-bg-canvas': '#FFFFFF',
    '--color-bg-emphasis': '#010409',
    '--color-bg-overlay': '#FFFFFF',
    '--color-bg-transparent': '#00000000',
    '--color-border-muted': '#1F23280D',
    '--color-danger-muted': '#A0111F1A',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#0349B4',
    '--color-selection': '#0969DA33',
    '--font-weight-body': '500',
    '--opacity-disabled': '0.7',
    '--opacity-scrim': '0.4',
    '--radius-card': '0px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(1, 4, 9, 0.12)',
  },
  'dark-high-contrast': {
    '--color-accent-muted': '#74B9FF33',
    '--color-bg-backdrop': '#010409CC',
    '--color-bg-canvas': '#010409',
    '--color-bg-emphasis': '#656C76',
    '--color-bg-overlay': '#212830',
    '--color-bg-transparent': '#00000000',
    '--color-border-muted': '#F0F6FC1A',
    '--color-danger-muted': '#F851491A',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#1F6FEB',
    '--color-selection': '#388BFD66',
    '--font-weight-body': '500',
    '--opacity-disabled': '0.7',
    '--opacity-scrim': '0.6',
    '--radius-card': '0px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(255, 255, 255, 0.4)',
  },
};

describe('the Harbor example (five modes)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
  });
  afterAll(() => app.close());

  it.each(Object.keys(EXPECTED))('serves mode %s through ?mode=', async (mode) => {
    const response = await app.inject({ url: `/api/v1/export/css?mode=${mode}`, headers: bearer(HARBOR_KEY) });
    expect(response.statusCode).toBe(200);
    const declared = new Map(
      [...response.body.matchAll(/^ {2}(--[a-z0-9-]+): (.*);$/gm)].map((match) => [match[1] as string, match[2] as string]),
    );
    // 61 tokens, and the five parts of each of the two typography tokens.
    expect(declared.size).toBe(71);
    expect(Object.fromEntries(WATCHED.map((name) => [name, declared.get(name)]))).toEqual(EXPECTED[mode]);
  });

  it('compiles without a single error or warning', async () => {
    const files = (await readYamlFiles(EXAMPLE_SOURCE)).filter(([path]) => path.startsWith('harbor/'));
    const { system, diagnostics } = compileFiles('harbor', files);
    expect(diagnostics).toEqual([]);
    expect(system?.modes.map((mode) => mode.name)).toEqual(['light', 'dark', ...FURTHER_MODES]);
  });

  it('gives each mode a rule in the default export that is right over :root wherever it is applied', async () => {
    const response = await app.inject({ url: '/api/v1/export/css', headers: bearer(HARBOR_KEY) });
    const { rules } = parseCssExport(response.body);
    expect([...rules.keys()]).toEqual([':root', ...['dark', ...FURTHER_MODES].map((mode) => `[data-theme="${mode}"]`)]);
    // Every color (25, with the four button colors) in every mode, plus what else differs from light: scrim, shadows,
    // borders and the gradient in the dark modes; radius, weight, disabled opacity, shadows, borders and the paragraph
    // typography (6 properties) in light high contrast (its gradient is light's); all of them in dark high contrast.
    expect([...rules.values()].map((declarations) => declarations.size)).toEqual([71, 31, 31, 38, 40]);
    const root = rules.get(':root') ?? new Map<string, string>();
    for (const mode of Object.keys(EXPECTED)) {
      const applied = new Map([...root, ...(rules.get(`[data-theme="${mode}"]`) ?? [])]);
      expect([mode, Object.fromEntries(WATCHED.map((name) => [name, applied.get(name)]))]).toEqual([mode, EXPECTED[mode]]);
    }
  });

  it('puts the high-contrast modes under their media queries with theme=media, dark-dimmed under its attribute', async () => {
    const response = await app.inject({ url: '/api/v1/export/css?theme=media', headers: bearer(HARBOR_KEY) });
    expect([...response.body.matchAll(/^(\S.*) \{$/gm)].map((match) => match[1])).toEqual([
      ':root',
      '@media (prefers-color-scheme: dark)',
      '@media (prefers-color-scheme: light) and (prefers-contrast: more)',
      '@media (prefers-color-scheme: dark) and (prefers-contrast: more)',
      '[data-theme="dark-dimmed"]',
    ]);
  });

  it('serves tokens with the fields written per mode, and the modes in its metadata', async () => {
    const token = await app.inject({ url: '/api/v1/tokens/color/fg/on-emphasis', headers: bearer(HARBOR_KEY) });
    expect(token.json()).toEqual({
      data: {
        key: 'color.fg.on-emphasis',
        type: 'color',
        value: { scale: 'neutral', step: 0 },
        modes: { dark: { scale: 'white', step: 0 } },
      },
    });
    const muted = await app.inject({ url: '/api/v1/tokens/color/accent/muted', headers: bearer(HARBOR_KEY) });
    expect(muted.json()).toEqual({
      data: {
        key: 'color.accent.muted',
        type: 'color',
        value: { scale: 'blue', step: 500, darkStep: 500, alpha: 0.15 },
        modes: { dark: { alpha: 0.2 }, 'light-high-contrast': { alpha: 0.3 } },
      },
    });
    const shadow = await app.inject({ url: '/api/v1/tokens/shadow/overlay', headers: bearer(HARBOR_KEY) });
    expect(shadow.json()).toEqual({
      data: {
        key: 'shadow.overlay',
        type: 'shadow',
        value: { x: 0, y: 8, blur: 24, spread: 0, colorToken: 'color.fg.default', opacity: 0.12 },
        modes: { dark: { opacity: 0.4 }, 'dark-dimmed': { opacity: 0.3 } },
      },
    });
    const transparent = await app.inject({ url: '/api/v1/tokens/color/bg/transparent', headers: bearer(HARBOR_KEY) });
    expect(transparent.json()).toEqual({ data: { key: 'color.bg.transparent', type: 'color', value: { color: 'transparent' } } });
    const meta = await app.inject({ url: '/api/v1/design-system', headers: bearer(HARBOR_KEY) });
    expect(meta.json<{ data: { modes: unknown } }>().data.modes).toEqual([
      { name: 'dark-dimmed', base: 'dark', media: null },
      { name: 'light-high-contrast', base: 'light', media: '(prefers-contrast: more)' },
      { name: 'dark-high-contrast', base: 'dark', media: '(prefers-contrast: more)' },
    ]);
  });
});
