import { JSON_TYPE } from '../../shared/rendered.js';
import type { OutputFormat } from '../output-format.js';
import { renderFigmaPlan } from './export-figma.js';
import { FIGMA_PLAN_SCHEMA } from './figma-plan-schema.js';

/** The Figma family's row of the registry (output-formats.ts): the plan a Figma plugin (or an agent) applies. */
export const FIGMA_FORMAT: OutputFormat<Readonly<Record<never, never>>> = {
  path: '/export/figma',
  platform: 'design',
  contentType: JSON_TYPE,
  title: 'Figma plan: variables in every mode, text and effect styles, what is not carried',
  description:
    'The plan a Figma plugin applies (docs/figma.md): one variable collection with a mode per mode (names cut to 40 characters), a variable per token Figma can hold (`COLOR` 0-1, `FLOAT` in px, `STRING`, `BOOLEAN`, `EASING`, `TIMING` in seconds; references as aliases, a color `ref` with `alpha` as a composed color) with its scopes and its web, Android and iOS code syntax, a text style per typography and an effect style per shadow bound to part variables, and per token what is not carried and why. Stable ids from token keys and mode names; sorted.',
  bodySchema: FIGMA_PLAN_SCHEMA,
  parameters: {},
  readOptions: () => ({}),
  render: renderFigmaPlan,
  examples: [''],
  fileName: () => 'figma-plan.json',
};
