import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildExampleApp } from '../helpers/app.js';

const HARBOR_KEY = 'dts_harbor_demo_key';
const WATCHED = [
  '--color-accent-muted',
  '--color-bg-backdrop',
  '--color-bg-canvas',
  '--color-fg-on-emphasis',
  '--color-focus-ring',
  '--font-weight-body',
  '--opacity-disabled',
  '--radius-card',
  '--shadow-overlay',
];

/** The example's five modes, a few properties each, worked out by hand from its YAML. */
const EXPECTED: Record<string, Record<string, string>> = {
  light: {
    '--color-accent-muted': '#0969DA26', // blue 500 at alpha 0.15
    '--color-bg-backdrop': '#1F232866',
    '--color-bg-canvas': '#FFFFFF',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#0969DA',
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(31, 35, 40, 0.12)',
  },
  dark: {
    '--color-accent-muted': '#4493F833', // dark's own alpha 0.2
    '--color-bg-backdrop': '#010409CC', // rgba(1, 4, 9, 0.8)
    '--color-bg-canvas': '#0D1117',
    '--color-fg-on-emphasis': '#FFFFFF', // from the white scale, not neutral 0's dark
    '--color-focus-ring': '#1F6FEB',
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(240, 246, 252, 0.4)',
  },
  'dark-dimmed': {
    '--color-accent-muted': '#478BE633', // its own blue, dark's alpha
    '--color-bg-backdrop': '#1C2128CC',
    '--color-bg-canvas': '#212830',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#1F6FEB', // dark's literal
    '--font-weight-body': '400',
    '--opacity-disabled': '0.5',
    '--radius-card': '12px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(209, 215, 224, 0.3)',
  },
  'light-high-contrast': {
    '--color-accent-muted': '#0349B44D',
    '--color-bg-backdrop': '#1F232866',
    '--color-bg-canvas': '#FFFFFF',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#0349B4',
    '--font-weight-body': '500',
    '--opacity-disabled': '0.7',
    '--radius-card': '0px',
    '--shadow-overlay': '0px 8px 24px 0px rgba(1, 4, 9, 0.12)',
  },
  'dark-high-contrast': {
    '--color-accent-muted': '#74B9FF33',
    '--color-bg-backdrop': '#010409CC',
    '--color-bg-canvas': '#010409',
    '--color-fg-on-emphasis': '#FFFFFF',
    '--color-focus-ring': '#1F6FEB',
    '--font-weight-body': '500',
    '--opacity-disabled': '0.7',
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
    expect(declared.size).toBe(42);
    expect(Object.fromEntries(WATCHED.map((name) => [name, declared.get(name)]))).toEqual(EXPECTED[mode]);
  });

  it('serves a token with the fields written per mode, and the modes in its metadata', async () => {
    const token = await app.inject({ url: '/api/v1/tokens/color/fg/on-emphasis', headers: bearer(HARBOR_KEY) });
    expect(token.json()).toEqual({
      data: {
        key: 'color.fg.on-emphasis',
        type: 'color',
        value: { scale: 'neutral', step: 0 },
        modes: { dark: { scale: 'white', step: 0 } },
      },
    });
    const meta = await app.inject({ url: '/api/v1/design-system', headers: bearer(HARBOR_KEY) });
    expect(meta.json<{ data: { modes: unknown } }>().data.modes).toEqual([
      { name: 'dark-dimmed', base: 'dark', media: null },
      { name: 'light-high-contrast', base: 'light', media: '(prefers-contrast: more)' },
      { name: 'dark-high-contrast', base: 'dark', media: '(prefers-contrast: more)' },
    ]);
  });
});
