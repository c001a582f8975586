import type { ChangeOperation } from '../../../src/changes/operations.js';
import type { PluginMessage, Settings, UiMessage } from '../src/messages.js';
import type { AppliedRef } from '../src/plugin-data.js';
import { fetchPlan, openChangeRequest } from '../src/server-api.js';

// The plugin's UI: an iframe in Figma. It does the network (the plugin's main thread has no `Origin` of its own to
// offer the server) and hands plans and read-backs to the main thread by messages.

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const fields = ['server', 'key', 'designSystem', 'ref'] as const;
const status = byId<HTMLParagraphElement>('status');
const progress = byId<HTMLProgressElement>('progress');
const send = byId<HTMLButtonElement>('send');
let pending: { applied: AppliedRef; operations: readonly ChangeOperation[] } | undefined;

const post = (message: UiMessage): void => parent.postMessage({ pluginMessage: message }, '*');
const settings = (): Settings => {
  const [server, key, designSystem, ref] = fields.map((name) => byId<HTMLInputElement>(name).value.trim()) as [
    string,
    string,
    string,
    string,
  ];
  return { server, key, designSystem, ref };
};
const say = (text: string, error = false): void => {
  status.textContent = text;
  status.className = error ? 'error' : '';
};
const showApplied = (applied: AppliedRef | undefined): void => {
  byId('applied').textContent =
    applied === undefined
      ? 'Nothing applied to this file yet.'
      : `In this file: ${applied.designSystem} at ${applied.ref === '' ? 'the live revision' : applied.ref} ` +
        `(commit ${applied.commit.slice(0, 12)}), applied ${new Date(applied.appliedAt).toLocaleString()} from ${applied.server}.`;
};

byId<HTMLFormElement>('connect').addEventListener('submit', (event) => {
  event.preventDefault();
  const current = settings();
  post({ type: 'save-settings', settings: current });
  say('Fetching the plan…');
  fetchPlan(current, current.ref)
    .then(({ plan, commit }) => {
      progress.hidden = false;
      progress.value = 0;
      say(`Applying ${plan.variables.length} variables, ${plan.textStyles.length + plan.effectStyles.length} styles…`);
      post({
        type: 'apply',
        plan,
        applied: { server: current.server, designSystem: plan.designSystem.slug, ref: current.ref, commit, contentHash: plan.contentHash },
      });
    })
    .catch((error: unknown) => say(String(error instanceof Error ? error.message : error), true));
});

byId('compare').addEventListener('click', () => post({ type: 'read-back' }));

send.addEventListener('click', () => {
  if (pending === undefined) return;
  const current = settings();
  const title = byId<HTMLInputElement>('title').value.trim();
  if (title === '') return say('Write a note for the reviewer first.', true);
  send.disabled = true;
  openChangeRequest(current, {
    title,
    description: byId<HTMLTextAreaElement>('description').value.trim(),
    base: pending.applied.commit,
    operations: pending.operations,
  })
    .then(({ id }) => say(`Change request ${id} opened: it is reviewed and merged in the token browser.`))
    .catch((error: unknown) => {
      send.disabled = false;
      say(String(error instanceof Error ? error.message : error), true);
    });
});

window.addEventListener('message', (event: MessageEvent<{ pluginMessage?: PluginMessage }>) => {
  const message = event.data.pluginMessage;
  if (message === undefined) return;
  switch (message.type) {
    case 'state':
      if (message.settings !== undefined) for (const name of fields) byId<HTMLInputElement>(name).value = message.settings[name];
      showApplied(message.applied);
      return;
    case 'progress':
      progress.max = message.total;
      progress.value = message.done;
      return;
    case 'applied': {
      progress.hidden = true;
      showApplied(message.applied);
      const { created, updated, renamed, removed, problems, modeLimit } = message.report;
      if (modeLimit !== undefined) return say(modeLimit.message, true);
      say([`Applied: ${created} created, ${updated} updated, ${renamed} renamed, ${removed} removed.`, ...problems].join('\n'));
      return;
    }
    case 'read-back': {
      pending = message.operations.length > 0 ? { applied: message.applied, operations: message.operations } : undefined;
      const list = byId<HTMLUListElement>('changes');
      list.replaceChildren(
        ...message.operations.map((operation) => Object.assign(document.createElement('li'), { textContent: JSON.stringify(operation) })),
      );
      send.disabled = pending === undefined;
      say(
        [
          message.operations.length === 0 ? 'No changes since the applied ref.' : `${message.operations.length} changes to send.`,
          ...message.notSent.map((line) => `Not sent: ${line}`),
        ].join('\n'),
      );
      return;
    }
    case 'error':
      progress.hidden = true;
      say(message.message, true);
      return;
  }
});

post({ type: 'ready' });
