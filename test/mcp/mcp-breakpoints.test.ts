import type { Client } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoadedApp } from '../helpers/app.js';
import { RESPONSIVE_FILES } from '../helpers/responsive-repo.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { callJson, connectMcp } from './mcp-client.js';

let repo: FixtureRepo;
let app: FastifyInstance;
let client: Client;

beforeAll(async () => {
  repo = createFixtureRepo({ 'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'responsive' }]), ...RESPONSIVE_FILES });
  ({ app } = await buildLoadedApp(repo.source, repo.keys));
  client = await connectMcp(app, ALPHA_KEY);
});
afterAll(async () => {
  await client?.close();
  await app?.close();
  repo?.cleanup();
});

describe('/mcp on a design system with breakpoints', () => {
  /** A value in the fixture's three modes: light, dark (light's by default), dark-dimmed (dark's by default). */
  const inModes = (light: string, dark = light, dimmed = dark) => ({ light, dark, 'dark-dimmed': dimmed });

  it('get_token: the values at each breakpoint, in every mode, beside those below the first (fluid ones as clamp())', async () => {
    const inset = (await callJson(client, 'get_token', { key: 'space.inset' })) as Record<string, unknown>;
    expect(inset.values).toEqual(inModes('8px', '10px'));
    expect(inset.valuesAtBreakpoints).toEqual({ md: inModes('8px', '10px'), lg: inModes('12px', '14px') });
    // The token as GET /tokens/<path> serves it: its breakpoints as written.
    expect(inset.token).toEqual({
      key: 'space.inset',
      type: 'spacing',
      value: { value: 8, unit: 'px' },
      modes: { dark: { value: 10 } },
      breakpoints: { lg: { value: 12, modes: { dark: { value: 14 } } } },
    });
    const display = (await callJson(client, 'get_token', { key: 'font.size.display' })) as Record<string, unknown>;
    const small = 'clamp(24px, 18.6667px + 1.6667vw, 40px)';
    expect(display.values).toEqual(inModes(small));
    expect(display.valuesAtBreakpoints).toEqual({ md: inModes(small), lg: inModes('clamp(2.5rem, -1.1923rem + 5.7692vw, 4rem)') });
    // Only dark (and dark-dimmed, based on it) moves along the scale at md.
    const background = (await callJson(client, 'get_token', { key: 'color.bg' })) as Record<string, unknown>;
    expect(background.values).toEqual(inModes('#FFFFFF', '#0D1117', '#212830'));
    expect(background.valuesAtBreakpoints).toEqual({ md: inModes('#FFFFFF', '#F0F6FC'), lg: inModes('#FFFFFF', '#F0F6FC') });
    // A reference follows its target at each breakpoint.
    const gap = (await callJson(client, 'get_token', { key: 'space.gap' })) as Record<string, unknown>;
    expect(gap.valuesAtBreakpoints).toEqual({ md: inModes('24px'), lg: inModes('2rem') });
    // The same value at every breakpoint: no field.
    const body = (await callJson(client, 'get_token', { key: 'font.size.body' })) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['designSystem', 'token', 'values', 'referencedBy', 'usage']);
  });

  it('search_tokens: each token found with its values at each breakpoint when they differ there', async () => {
    const found = (await callJson(client, 'search_tokens', { query: 'space stack' })) as { tokens: unknown[] };
    expect(found.tokens).toEqual([
      {
        key: 'space.stack',
        type: 'spacing',
        values: inModes('4px', '6px'),
        valuesAtBreakpoints: { md: inModes('20px'), lg: inModes('20px') },
      },
    ]);
    const body = (await callJson(client, 'search_tokens', { query: 'font size body' })) as { tokens: unknown[] };
    expect(body.tokens).toEqual([{ key: 'font.size.body', type: 'font.size', values: inModes('16px') }]);
  });

  it('find_token_for_value: the exact matches at each breakpoint too', async () => {
    const found = (await callJson(client, 'find_token_for_value', { value: '1.5rem', limit: 1 })) as Record<string, unknown>;
    // 24px: the display size's static value below, the gutter (and the gap following it) at md only, the stack nowhere.
    expect(found.exact).toEqual([{ key: 'font.size.display', modes: ['light', 'dark', 'dark-dimmed'] }]);
    expect(found.exactAtBreakpoints).toEqual([
      { key: 'font.size.display', breakpoint: 'md', modes: ['light', 'dark', 'dark-dimmed'] },
      { key: 'space.gap', breakpoint: 'md', modes: ['light', 'dark', 'dark-dimmed'] },
      { key: 'space.gutter', breakpoint: 'md', modes: ['light', 'dark', 'dark-dimmed'] },
    ]);
    const dark = (await callJson(client, 'find_token_for_value', { value: '#F0F6FC', limit: 1 })) as Record<string, unknown>;
    expect(dark.exactAtBreakpoints).toEqual([
      { key: 'color.bg', breakpoint: 'md', modes: ['dark', 'dark-dimmed'] },
      { key: 'color.bg', breakpoint: 'lg', modes: ['dark', 'dark-dimmed'] },
    ]);
  });

  it('list_modes: the breakpoints with their widths and conditions', async () => {
    expect(await callJson(client, 'list_modes')).toEqual({
      designSystem: 'responsive',
      modes: [
        { name: 'light', base: null, media: null, scheme: 'light' },
        { name: 'dark', base: 'light', media: null, scheme: 'dark' },
        { name: 'dark-dimmed', base: 'dark', media: null, scheme: 'dark' },
      ],
      breakpoints: [
        { name: 'md', minWidth: '48rem', container: null, condition: '(min-width: 48rem)' },
        { name: 'lg', minWidth: '1024px', container: null, condition: '(min-width: 1024px)' },
      ],
    });
  });
});
