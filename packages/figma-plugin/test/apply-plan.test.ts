import { describe, expect, it } from 'vitest';
import { applyOperations } from '../../../src/changes/apply-operations.js';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { buildFigmaPlan } from '../../../src/views/formats/figma/export-figma.js';
import type { FigmaPlan, FigmaPlanValue } from '../../../src/views/formats/figma/figma-plan.js';
import { compileExample, compileFiles, compileKitchenSink, EXAMPLE_SOURCE, readYamlFiles } from '../../../test/helpers/fixtures.js';
import { convertPrimer } from '../../../test/interop/public-systems/convert-primer.js';
import { comparable, expectedValues, rounded } from '../../../test/views/formats/figma/figma-value-oracle.js';
import { applyPlan } from '../src/apply-plan.js';
import type { ApplyReport } from '../src/apply-report.js';
import { appliedRefOf } from '../src/plugin-data.js';
import type { AppliedRef } from '../src/plugin-data.js';
import { FigmaStandIn } from './figma-stand-in.js';
import type { StandInCollection, StandInVariable } from './figma-stand-in.js';

/** GitHub's Primer as a design system of ours: 14 modes, over a thousand tokens (test/interop). */
function compilePrimer(): CompiledDesignSystem {
  const files = Object.entries(convertPrimer().files).map(([path, text]) => [`primer/${path}`, text] as const);
  const { system, diagnostics } = compileFiles('primer', files);
  if (system === undefined) throw new Error(`primer does not compile: ${JSON.stringify(diagnostics.slice(0, 3))}`);
  return system;
}

const SYSTEMS: readonly (readonly [string, () => Promise<CompiledDesignSystem> | CompiledDesignSystem])[] = [
  ['acme', () => compileExample('acme')],
  ['acme-docs', () => compileExample('acme-docs')],
  ['harbor', () => compileExample('harbor')],
  ['kitchen-sink', compileKitchenSink],
  ['primer (14 modes)', compilePrimer],
];

const appliedRef = (plan: FigmaPlan, commit = 'c0ffee'): AppliedRef => ({
  server: 'http://tokens.test',
  designSystem: plan.designSystem.slug,
  ref: '',
  commit,
  contentHash: plan.contentHash,
  appliedAt: '2026-12-02T05:00:00.000Z',
});

const NOTHING: Omit<ApplyReport, 'problems'> = { created: 0, updated: 0, renamed: 0, removed: 0 };
const countsOf = ({ created, updated, renamed, removed }: ApplyReport): Omit<ApplyReport, 'problems'> => ({
  created,
  updated,
  renamed,
  removed,
});

/** The collection the plugin made for the plan's collection. */
function collectionOf(figma: FigmaStandIn, plan: FigmaPlan): StandInCollection {
  const collection = [...figma.collectionsById.values()].find((each) => each.getPluginData('planId') === plan.collections[0]?.id);
  if (collection === undefined) throw new Error('no collection was made');
  return collection;
}

/** Figma's mode id of each plan mode, by the names the plan gave them. */
function figmaModeIds(figma: FigmaStandIn, plan: FigmaPlan): Map<string, string> {
  const collection = collectionOf(figma, plan);
  return new Map(
    (plan.collections[0]?.modes ?? []).map((mode) => [mode.id, collection.modes.find((each) => each.name === mode.name)?.modeId as string]),
  );
}

function variableOf(figma: FigmaStandIn, planId: string): StandInVariable {
  const variable = figma.variableOfPlanId(planId);
  if (variable === undefined) throw new Error(`no variable carries ${planId}`);
  return variable;
}

describe.each(SYSTEMS)('applying the Figma plan of %s to a file', (_name, compile) => {
  it('makes every collection, mode, variable and style of the plan, each value the CSS export’s; a second apply changes nothing', async () => {
    const system = await compile();
    const plan = buildFigmaPlan(system);
    const figma = new FigmaStandIn();
    const report = await applyPlan(figma, plan, { applied: appliedRef(plan) });
    expect(report.modeLimit).toBeUndefined();
    // Fonts aside (a generic family such as `-apple-system` is no font Figma can load), everything applied.
    expect(report.problems.filter((problem) => !problem.includes('Figma cannot load the font'))).toEqual([]);
    const modes = plan.collections[0]?.modes ?? [];
    expect(collectionOf(figma, plan).modes.map((mode) => mode.name)).toEqual(modes.map((mode) => mode.name));
    expect(report.created).toBe(
      plan.collections.length + (modes.length - 1) + plan.variables.length + plan.textStyles.length + plan.effectStyles.length,
    );

    expect(figma.variablesById.size).toBe(plan.variables.length);
    for (const want of plan.variables) {
      const variable = variableOf(figma, want.id);
      expect([want.id, variable.name, variable.resolvedType, variable.scopes, variable.codeSyntax, variable.description]).toEqual([
        want.id,
        want.name,
        want.resolvedType,
        [...want.scopes],
        want.codeSyntax,
        want.description,
      ]);
    }
    const modeIds = figmaModeIds(figma, plan);
    const expected = expectedValues(system, plan);
    for (const { id, mode, want, alphaBytes } of expected) {
      const got = variableOf(figma, id).resolvedIn(modeIds.get(mode) as string) as FigmaPlanValue;
      expect([id, mode, rounded(comparable(got, alphaBytes))]).toEqual([id, mode, want]);
    }
    expect(expected.length).toBe(plan.variables.length * modes.length);

    const fontProblems = new Set(report.problems.map((problem) => problem.split(':')[0]));
    for (const want of plan.textStyles.filter((style) => !fontProblems.has(style.id))) {
      const style = figma.textStyles.find((each) => each.getPluginData('planId') === want.id);
      expect([want.id, style?.name, style?.fontSize, style?.lineHeight]).toEqual([
        want.id,
        want.name,
        Math.fround(want.fontSize),
        want.lineHeight.unit === 'AUTO' ? { unit: 'AUTO' } : { unit: want.lineHeight.unit, value: Math.fround(want.lineHeight.value) },
      ]);
      for (const [field, planId] of Object.entries(want.boundVariables))
        expect([want.id, field, style?.boundVariables[field as 'fontSize']?.id]).toEqual([want.id, field, variableOf(figma, planId).id]);
    }
    for (const want of plan.effectStyles) {
      const style = figma.effectStyles.find((each) => each.getPluginData('planId') === want.id);
      expect([want.id, style?.name, style?.effects.length]).toEqual([want.id, want.name, want.effects.length]);
    }
    expect(appliedRefOf(figma.root)).toEqual(appliedRef(plan));

    const writes = figma.writes;
    const again = await applyPlan(figma, plan, { applied: appliedRef(plan) });
    expect(countsOf(again)).toEqual(NOTHING);
    expect(figma.writes - writes).toBe(0);
  });
});

/** Harbor with tokens renamed as the change-request write path renames them in Git (references rewritten). */
async function harborRenamed(renames: Readonly<Record<string, string>>): Promise<CompiledDesignSystem> {
  const sources = new Map((await readYamlFiles(EXAMPLE_SOURCE)).filter(([path]) => path.startsWith('harbor/')));
  const operations = Object.entries(renames).map(([token, to]) => ({ op: 'rename-token' as const, token, to }));
  const renamed = applyOperations('harbor', sources, operations);
  if ('problems' in renamed) throw new Error(JSON.stringify(renamed.problems));
  const { system, diagnostics } = compileFiles('harbor', [...renamed.files]);
  if (system === undefined) throw new Error(`the renamed harbor does not compile: ${JSON.stringify(diagnostics)}`);
  return system;
}

describe('a token renamed in Git', () => {
  it('keeps its variable, renamed, with every alias of it and every style bound to it intact', async () => {
    const before = buildFigmaPlan(await compileExample('harbor'));
    // Every font loads here (harbor's first family is `-apple-system`, which Figma cannot load): its text styles are bound.
    const figma = new FigmaStandIn({ fontAvailable: () => true });
    await applyPlan(figma, before, { applied: appliedRef(before) });
    const size = variableOf(figma, 'font.size.body');
    const border = variableOf(figma, 'color.border.default');
    const paragraphSize = variableOf(figma, 'typography.paragraph#fontSize');
    const paragraph = figma.textStyles.find((each) => each.getPluginData('planId') === 'typography.paragraph');
    const variablesBefore = figma.variablesById.size;

    const after = buildFigmaPlan(await harborRenamed({ 'font.size.body': 'font.size.copy', 'color.border.default': 'color.border.plain' }));
    const report = await applyPlan(figma, after, { applied: appliedRef(after, 'beef') });
    expect(countsOf(report)).toEqual({ created: 0, updated: 2, renamed: 2, removed: 0 });
    expect(figma.variablesById.size).toBe(variablesBefore);
    expect([variableOf(figma, 'font.size.copy').id, variableOf(figma, 'font.size.copy').name]).toEqual([size.id, 'font/size/copy']);
    expect([variableOf(figma, 'color.border.plain').id, variableOf(figma, 'color.border.plain').name]).toEqual([
      border.id,
      'color/border/plain',
    ]);
    expect(figma.variableOfPlanId('font.size.body')).toBeUndefined();
    // The aliases name the same Figma variables, and the style is still bound to the same part variable.
    const modeIds = figmaModeIds(figma, after);
    expect(variableOf(figma, 'typography.paragraph#fontSize').valuesByMode[modeIds.get('light') as string]).toEqual({
      type: 'VARIABLE_ALIAS',
      id: size.id,
    });
    expect(variableOf(figma, 'button.primary.border').valuesByMode[modeIds.get('light') as string]).toEqual({
      type: 'VARIABLE_ALIAS',
      id: border.id,
    });
    expect(paragraph?.boundVariables.fontSize).toEqual({ type: 'VARIABLE_ALIAS', id: paragraphSize.id });
    expect(figma.textStyles.find((each) => each.getPluginData('planId') === 'typography.paragraph')).toBe(paragraph);

    const writes = figma.writes;
    expect(countsOf(await applyPlan(figma, after, { applied: appliedRef(after, 'beef') }))).toEqual(NOTHING);
    expect(figma.writes).toBe(writes);
  });
});

describe('what the plan no longer has', () => {
  it('is removed when the plugin made it, and left alone when someone else did', async () => {
    const plan = buildFigmaPlan(await compileExample('harbor'));
    const figma = new FigmaStandIn();
    await applyPlan(figma, plan, { applied: appliedRef(plan) });
    const collection = collectionOf(figma, plan);
    const own = figma.variables.createVariable('designer/own', collection, 'FLOAT');
    const ownStyle = figma.createTextStyle();
    ownStyle.name = 'designer/own';

    const dropped = plan.variables.find((each) => each.id === 'duration.fast') ? 'duration.fast' : (plan.variables[0]?.id as string);
    const smaller: FigmaPlan = { ...plan, variables: plan.variables.filter((each) => each.id !== dropped) };
    const report = await applyPlan(figma, smaller, { applied: appliedRef(smaller) });
    expect(countsOf(report)).toEqual({ created: 0, updated: 0, renamed: 0, removed: 1 });
    expect(figma.variableOfPlanId(dropped)).toBeUndefined();
    expect(figma.variablesById.get(own.id)).toBe(own);
    expect(figma.textStyles).toContain(ownStyle);
  });
});

describe('a file whose Figma plan allows fewer modes than the design system has', () => {
  it.each([
    ['harbor', 5, 4, () => compileExample('harbor')],
    ['primer', 14, 10, compilePrimer],
  ] as const)('%s (%i modes) on a plan of %i: reported from Figma’s own error, nothing applied', async (_name, modes, limit, compile) => {
    const plan = buildFigmaPlan(await compile());
    const figma = new FigmaStandIn({ modeLimit: limit });
    const report = await applyPlan(figma, plan, { applied: appliedRef(plan) });
    expect(report.modeLimit).toEqual({
      limit,
      modes,
      message:
        `Figma allows ${limit} modes per collection on this file's plan; "${plan.collections[0]?.name}" has ${modes}. Nothing was applied. ` +
        `Move the file to a team whose plan allows ${modes} modes, or serve a design system with ${limit} modes or fewer ` +
        `(split its modes into design systems of their own).`,
    });
    expect([figma.collectionsById.size, figma.variablesById.size, figma.textStyles.length]).toEqual([0, 0, 0]);
    expect(appliedRefOf(figma.root)).toBeUndefined();
  });
});

describe('progress', () => {
  it('is reported per chunk, and the plugin yields to Figma between chunks', async () => {
    const plan = buildFigmaPlan(await compileExample('harbor'));
    const figma = new FigmaStandIn();
    const seen: [number, number][] = [];
    let yields = 0;
    const total = plan.variables.length + plan.textStyles.length + plan.effectStyles.length;
    await applyPlan(figma, plan, {
      applied: appliedRef(plan),
      chunkSize: 10,
      onProgress: (done, all) => seen.push([done, all]),
      yieldToHost: async () => void (yields += 1),
    });
    expect(yields).toBe(Math.floor(total / 10));
    expect(seen).toEqual([...Array.from({ length: Math.floor(total / 10) }, (_, index) => [(index + 1) * 10, total]), [total, total]]);
  });
});
