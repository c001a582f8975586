import { describe, expect, it } from 'vitest';
import { buildFigmaPlan } from '../../../src/views/formats/figma/export-figma.js';
import { compileExample } from '../../../test/helpers/fixtures.js';
import { applyPlan } from '../src/apply-plan.js';
import { readBack } from '../src/read-back.js';
import { FigmaStandIn } from './figma-stand-in.js';
import type { StandInVariable } from './figma-stand-in.js';

describe('reading back what a designer changed in Figma', () => {
  it('turns each edit into the operation of its token type, in the source format’s units, and says what it does not send', async () => {
    const plan = buildFigmaPlan(await compileExample('harbor'));
    const figma = new FigmaStandIn();
    const applied = {
      server: 'http://tokens.test',
      designSystem: 'harbor',
      ref: 'v1',
      commit: 'c0ffee',
      contentHash: plan.contentHash,
      appliedAt: 'now',
    };
    await applyPlan(figma, plan, { applied });
    const collection = [...figma.collectionsById.values()][0];
    const mode = (name: string): string => collection?.modes.find((each) => each.name === name)?.modeId as string;
    const variable = (planId: string): StandInVariable => figma.variableOfPlanId(planId) as StandInVariable;

    variable('spacing.md').setValueForMode(mode('light'), 20);
    variable('opacity.disabled').setValueForMode(mode('dark'), 60);
    variable('duration.fast').setValueForMode(mode('light'), 0.12);
    variable('font.weight.strong').setValueForMode(mode('light'), 700);
    variable('easing.standard').setValueForMode(mode('light'), {
      type: 'CUSTOM_CUBIC_BEZIER',
      easingFunctionCubicBezier: { x1: 0.3, y1: 0, x2: 0, y2: 1 },
    });
    variable('button.primary.bg').setValueForMode(mode('light'), { type: 'VARIABLE_ALIAS', id: variable('color.fg.default').id });
    variable('color.fg.default').setValueForMode(mode('dark-dimmed'), { r: 1, g: 0, b: 0, a: 0.5 });
    variable('radius.card').name = 'radius/panel';
    variable('typography.paragraph#fontSize').setValueForMode(mode('light'), 15);
    if (collection === undefined) throw new Error('no collection');
    figma.variables.createVariable('designer/idea', collection, 'BOOLEAN');

    const back = await readBack(figma);
    expect(back.applied).toEqual(applied);
    expect(back.operations).toEqual([
      { op: 'set-value', token: 'button.primary.bg', mode: 'light', fields: { ref: 'color.fg.default' } },
      { op: 'set-value', token: 'color.fg.default', mode: 'dark-dimmed', fields: { color: '#FF000080' } },
      { op: 'set-value', token: 'duration.fast', mode: 'light', fields: { value: 120 } },
      { op: 'set-value', token: 'easing.standard', mode: 'light', fields: { value: [0.3, 0, 0, 1] } },
      { op: 'set-value', token: 'font.weight.strong', mode: 'light', fields: { value: 700 } },
      { op: 'set-value', token: 'opacity.disabled', mode: 'dark', fields: { value: 0.6 } },
      { op: 'set-value', token: 'spacing.md', mode: 'light', fields: { value: 20, unit: 'px' } },
      { op: 'rename-token', token: 'radius.card', to: 'radius.panel' },
    ]);
    expect(back.notSent).toEqual([
      'typography/paragraph/fontSize (light): a part of typography.paragraph; change the token itself in the token browser.',
      'designer/idea: made in Figma, not by the plugin; add it as a token in the token browser.',
    ]);
  });

  it('refuses a file nothing was applied to', async () => {
    await expect(readBack(new FigmaStandIn())).rejects.toThrow('Nothing was applied to this file yet: apply a plan first.');
  });
});
