import type { ChangeOperation } from '../../../src/changes/operations.js';
import type { FigmaPlan } from '../../../src/views/formats/figma/figma-plan.js';
import type { ApplyReport } from './apply-report.js';
import type { AppliedRef } from './plugin-data.js';

/** What the designer typed, kept on their machine (`figma.clientStorage`), never in the file. */
export interface Settings {
  readonly server: string;
  readonly key: string;
  /** `''`: the key's own design system. */
  readonly designSystem: string;
  /** `''`: the live revision. */
  readonly ref: string;
}

/** From the UI (which does the network: its iframe is what the server's `kind: figma` credential admits) to the plugin. */
export type UiMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'save-settings'; readonly settings: Settings }
  | { readonly type: 'apply'; readonly plan: FigmaPlan; readonly applied: Omit<AppliedRef, 'appliedAt'> }
  | { readonly type: 'read-back' };

/** From the plugin to the UI. */
export type PluginMessage =
  | { readonly type: 'state'; readonly settings: Settings | undefined; readonly applied: AppliedRef | undefined }
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  | { readonly type: 'applied'; readonly report: ApplyReport; readonly applied: AppliedRef }
  | {
      readonly type: 'read-back';
      readonly applied: AppliedRef;
      readonly operations: readonly ChangeOperation[];
      readonly notSent: readonly string[];
    }
  | { readonly type: 'error'; readonly message: string };
