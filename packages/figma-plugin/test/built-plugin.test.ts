import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext, Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFigmaPlan } from '../../../src/views/formats/figma/export-figma.js';
import { compileExample } from '../../../test/helpers/fixtures.js';
import type { PluginMessage, UiMessage } from '../src/messages.js';
import { FigmaStandIn } from './figma-stand-in.js';

const out = mkdtempSync(join(tmpdir(), 'figma-plugin-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url)), out]);

describe('the built plugin', () => {
  it('is a manifest, one classic script and one HTML page with its script inlined', () => {
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toEqual({
      name: 'Design token server',
      id: 'design-token-server-development',
      api: '1.0.0',
      main: 'code.js',
      ui: 'ui.html',
      editorType: ['figma'],
      documentAccess: 'dynamic-page',
      networkAccess: {
        allowedDomains: ['*'],
        reasoning: 'The token server is self-hosted: the designer enters its address, so no domain can be listed in advance.',
      },
    });
    const html = readFileSync(join(out, 'ui.html'), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
    expect(scripts.length).toBe(1);
    expect(() => new Script(scripts[0] as string)).not.toThrow();
    expect(html).not.toContain('__UI_SCRIPT__');
    expect(() => new Script(readFileSync(join(out, 'code.js'), 'utf8'))).not.toThrow();
  });

  it('applies a plan sent by its UI, in Figma’s globals, and tells the UI the progress, the report and the ref in the file', async () => {
    const figma = new FigmaStandIn();
    const posted: PluginMessage[] = [];
    const storage = new Map<string, unknown>();
    const ui: { postMessage: (message: PluginMessage) => void; onmessage?: (message: UiMessage) => void } = {
      postMessage: (message) => void posted.push(message),
    };
    const api = {
      variables: figma.variables,
      root: figma.root,
      getLocalTextStylesAsync: figma.getLocalTextStylesAsync,
      getLocalEffectStylesAsync: figma.getLocalEffectStylesAsync,
      createTextStyle: figma.createTextStyle,
      createEffectStyle: figma.createEffectStyle,
      loadFontAsync: figma.loadFontAsync,
      showUI: (html: string) => expect(html).toBe('<html>ui</html>'),
      ui,
      clientStorage: {
        getAsync: async (key: string) => storage.get(key),
        setAsync: async (key: string, value: unknown) => void storage.set(key, value),
      },
    };
    runInNewContext(readFileSync(join(out, 'code.js'), 'utf8'), { figma: api, __html__: '<html>ui</html>', setTimeout, console });
    const plan = buildFigmaPlan(await compileExample('harbor'));
    const applied = { server: 'http://tokens.test', designSystem: 'harbor', ref: 'main', commit: 'c0ffee', contentHash: plan.contentHash };
    ui.onmessage?.({ type: 'apply', plan, applied });
    await expect.poll(() => posted.some((message) => message.type === 'applied')).toBe(true);
    const done = posted.find((message) => message.type === 'applied');
    expect(done?.type === 'applied' && done.report.created).toBe(
      1 + 4 + plan.variables.length + plan.textStyles.length + plan.effectStyles.length,
    );
    expect(done?.type === 'applied' && { ...done.applied, appliedAt: 'when' }).toEqual({ ...applied, appliedAt: 'when' });
    expect(posted.filter((message) => message.type === 'progress').at(-1)).toEqual({
      type: 'progress',
      done: plan.variables.length + plan.textStyles.length + plan.effectStyles.length,
      total: plan.variables.length + plan.textStyles.length + plan.effectStyles.length,
    });
    ui.onmessage?.({ type: 'ready' });
    await expect.poll(() => posted.at(-1)?.type).toBe('state');
    expect(posted.at(-1)).toMatchObject({ type: 'state', applied: { ref: 'main', commit: 'c0ffee' } });
  });
});
