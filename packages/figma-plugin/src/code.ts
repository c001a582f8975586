import { applyPlan } from './apply-plan.js';
import type { FigmaHost } from './figma-host.js';
import type { PluginMessage, Settings, UiMessage } from './messages.js';
import { appliedRefOf } from './plugin-data.js';
import { readBack } from './read-back.js';

// The plugin's main thread in Figma: `figma` and `__html__` are Figma's globals (`@figma/plugin-typings`).
declare const figma: PluginAPI;
declare const __html__: string;

const SETTINGS_KEY = 'settings';
const host: FigmaHost = figma;

const post = (message: PluginMessage): void => figma.ui.postMessage(message);
const sendState = async (): Promise<void> =>
  post({
    type: 'state',
    settings: (await figma.clientStorage.getAsync(SETTINGS_KEY)) as Settings | undefined,
    applied: appliedRefOf(figma.root),
  });

async function handle(message: UiMessage): Promise<void> {
  switch (message.type) {
    case 'ready':
      return sendState();
    case 'save-settings':
      return figma.clientStorage.setAsync(SETTINGS_KEY, message.settings);
    case 'apply': {
      const applied = { ...message.applied, appliedAt: new Date().toISOString() };
      const report = await applyPlan(host, message.plan, {
        applied,
        onProgress: (done, total) => post({ type: 'progress', done, total }),
        yieldToHost: () => new Promise((resolve) => setTimeout(resolve, 0)),
      });
      post({ type: 'applied', report, applied: report.modeLimit === undefined ? applied : (appliedRefOf(figma.root) ?? applied) });
      return;
    }
    case 'read-back': {
      const { applied, operations, notSent } = await readBack(host);
      post({ type: 'read-back', applied, operations, notSent });
      return;
    }
  }
}

figma.showUI(__html__, { width: 420, height: 560, themeColors: true });
figma.ui.onmessage = (message: UiMessage) => {
  handle(message).catch((error: unknown) => post({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
};
