import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { buildFigmaPlan, renderFigmaPlan } from '../../../../src/views/formats/figma/export-figma.js';
import { figmaModes } from '../../../../src/views/formats/figma/figma-names.js';
import type { FigmaPlan, FigmaPlanVariable } from '../../../../src/views/formats/figma/figma-plan.js';
import { comparable, expectedValues, resolvedValue, rounded } from './figma-value-oracle.js';
import { FIGMA_PLAN_SCHEMA } from '../../../../src/views/formats/figma/figma-plan-schema.js';
import { RESPONSE_SCHEMAS } from '../../../../src/http/response-schemas.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { compileExample, compileKitchenSink } from '../../../helpers/fixtures.js';
import { compileTokens } from '../../../compile/tokens-fixture.js';

const SYSTEMS: readonly (readonly [string, () => Promise<CompiledDesignSystem>])[] = [
  ['acme', () => compileExample('acme')],
  ['acme-docs', () => compileExample('acme-docs')],
  ['harbor', () => compileExample('harbor')],
  ['kitchen-sink', compileKitchenSink],
];

const validatePlan = new Ajv2020({ strict: false, allErrors: true }).compile(FIGMA_PLAN_SCHEMA);

describe.each(SYSTEMS)('the Figma plan of %s', (_name, compile) => {
  it('is valid against its schema, and the same bytes from a fresh compile', async () => {
    const system = await compile();
    const plan = JSON.parse(renderFigmaPlan(system)) as FigmaPlan;
    expect(validatePlan(plan) ? [] : validatePlan.errors).toEqual([]);
    expect(renderFigmaPlan(await compile())).toBe(renderFigmaPlan(system));
  });

  it('gives every variable in every mode the CSS export’s value of its token (colors as RGBA, lengths in px; shadow layers their typed layer)', async () => {
    const system = await compile();
    const plan = buildFigmaPlan(system);
    const expected = expectedValues(system, plan);
    const byId = new Map(plan.variables.map((variable) => [variable.id, variable]));
    for (const { id, mode, want, alphaBytes } of expected) {
      const got = rounded(comparable(resolvedValue(plan, byId.get(id) as FigmaPlanVariable, mode), alphaBytes));
      expect([id, mode, got]).toEqual([id, mode, want]);
    }
    expect(expected.length).toBeGreaterThan(0);
  });

  it('aliases only variables it has, of the same type; binds styles to variables it has; names modes within 40 characters, uniquely', async () => {
    const system = await compile();
    const plan = buildFigmaPlan(system);
    const byId = new Map(plan.variables.map((variable) => [variable.id, variable]));
    const [collection] = plan.collections;
    const modeIds = collection?.modes.map((mode) => mode.id);
    expect(modeIds).toEqual(system.modes.map((mode) => mode.name));
    const names = collection?.modes.map((mode) => mode.name) ?? [];
    expect(names.every((name) => name.length >= 1 && name.length <= 40)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(plan.variables.map((variable) => variable.name)).size).toBe(plan.variables.length);
    for (const variable of plan.variables) {
      expect(Object.keys(variable.valuesByMode).sort()).toEqual([...(modeIds ?? [])].sort());
      for (const value of Object.values(variable.valuesByMode)) {
        const alias = typeof value === 'object' && 'opacity' in value ? value.color : value;
        if (typeof alias !== 'object' || !('type' in alias) || alias.type !== 'VARIABLE_ALIAS') continue;
        const target = byId.get(alias.variable);
        expect([variable.id, target?.resolvedType]).toEqual([variable.id, variable.resolvedType]);
      }
    }
    const bound = [
      ...plan.textStyles.flatMap((style) => Object.values(style.boundVariables)),
      ...plan.effectStyles.flatMap((style) => style.effects.flatMap((effect) => Object.values(effect.boundVariables))),
    ];
    for (const id of bound) expect([id, byId.has(id)]).toEqual([id, true]);
    // Every token is carried (a variable or a style) or reported.
    const carried = new Set([
      ...plan.variables.map((each) => each.token),
      ...plan.textStyles.map((each) => each.token),
      ...plan.effectStyles.map((each) => each.token),
    ]);
    const skipped = new Set(plan.notCarried.filter((each) => each.level === 'skipped').map((each) => each.token));
    for (const token of system.tokens) expect([token.key, carried.has(token.key) !== skipped.has(token.key)]).toEqual([token.key, true]);
  });
});

describe('the Figma plan of harbor', () => {
  it('carries references as aliases, per mode, and says what it leaves out', async () => {
    const plan = buildFigmaPlan(await compileExample('harbor'));
    const border = plan.variables.find((variable) => variable.id === 'button.primary.border');
    expect(border?.valuesByMode).toEqual({
      light: { type: 'VARIABLE_ALIAS', variable: 'color.border.default' },
      dark: { type: 'VARIABLE_ALIAS', variable: 'color.border.default' },
      'dark-dimmed': { type: 'VARIABLE_ALIAS', variable: 'color.border.default' },
      'light-high-contrast': { type: 'VARIABLE_ALIAS', variable: 'color.fg.default' },
      'dark-high-contrast': { type: 'VARIABLE_ALIAS', variable: 'color.border.default' },
    });
    expect(border?.codeSyntax).toEqual({
      WEB: 'var(--button-primary-border)',
      ANDROID: 'R.color.button_primary_border',
      iOS: 'Tokens.Button.Primary.border',
    });
    expect(border?.scopes).toEqual(['ALL_FILLS', 'STROKE_COLOR', 'EFFECT_COLOR']);
    expect(plan.notCarried.find((entry) => entry.token === 'gradient.hero')).toEqual({
      token: 'gradient.hero',
      level: 'skipped',
      reason: 'Figma variables hold no gradient, and the plan makes no paint styles',
    });
    expect(plan.textStyles.find((style) => style.id === 'typography.paragraph')).toMatchObject({
      name: 'typography/paragraph',
      lineHeight: { unit: 'PERCENT', value: 150 },
      boundVariables: { fontSize: 'typography.paragraph#fontSize', lineHeight: 'typography.paragraph#lineHeight' },
    });
    expect(plan.variables.find((variable) => variable.id === 'typography.paragraph#fontSize')?.valuesByMode.light).toEqual({
      type: 'VARIABLE_ALIAS',
      variable: 'font.size.body',
    });
  });
});

describe('a color `ref` with `alpha`', () => {
  const { system } = compileTokens(
    [
      '  color.base: { type: color, scale: gray, step: 900, darkStep: 0 }',
      '  color.half: { type: color, ref: color.base, alpha: 0.5 }',
      '  color.chain: { type: color, ref: color.half }',
      '  color.opaque: { type: color, ref: color.half, alpha: 1 }',
      '',
    ].join('\n'),
  );

  it('is a composed color over an opaque target, an alias without alpha, and its value over a translucent target', () => {
    if (system === undefined) throw new Error('the fixture does not compile');
    const plan = buildFigmaPlan(system);
    const values = (id: string) => plan.variables.find((variable) => variable.id === id)?.valuesByMode;
    const composed = { color: { type: 'VARIABLE_ALIAS', variable: 'color.base' }, opacity: 50 };
    expect(values('color.half')).toEqual({ light: composed, dark: composed, 'dark-dimmed': composed });
    const alias = { type: 'VARIABLE_ALIAS', variable: 'color.half' };
    expect(values('color.chain')).toEqual({ light: alias, dark: alias, 'dark-dimmed': alias });
    expect(values('color.opaque')?.light).toEqual({ r: 31 / 255, g: 35 / 255, b: 40 / 255, a: 1 });
    expect(plan.notCarried).toEqual([
      {
        token: 'color.opaque',
        level: 'lossy',
        reason: [
          'in mode light, its reference to `color.half` is carried as its value: `color.half` is translucent there, and a composed color’s opacity would not replace its alpha',
          'in mode dark, its reference to `color.half` is carried as its value: `color.half` is translucent there, and a composed color’s opacity would not replace its alpha',
          'in mode dark-dimmed, its reference to `color.half` is carried as its value: `color.half` is translucent there, and a composed color’s opacity would not replace its alpha',
        ].join('; '),
      },
    ]);
  });
});

describe('Figma mode names', () => {
  const mode = (name: string) => ({ name, base: 'light', media: null });
  it.each([
    ['a short name as it is', ['light', 'dark-dimmed'], ['light', 'dark-dimmed']],
    ['a long name cut to 40 characters', ['a'.repeat(45)], ['a'.repeat(40)]],
    [
      'names equal once cut, told apart within 40 characters',
      [`${'brand-'.repeat(7)}one`, `${'brand-'.repeat(7)}two`, `${'brand-'.repeat(7)}six`],
      [`${'brand-'.repeat(7)}`.slice(0, 40), `${'brand-'.repeat(7)}`.slice(0, 38) + '-2', `${'brand-'.repeat(7)}`.slice(0, 38) + '-3'],
    ],
  ])('%s', (_name, given, want) => {
    const modes = figmaModes(given.map(mode));
    expect(modes.map((each) => each.name)).toEqual(want);
    expect(modes.map((each) => each.id)).toEqual(given);
    expect(modes.every((each) => each.name.length <= 40)).toBe(true);
  });
});

describe('GET /api/v1/export/figma', () => {
  it('serves the view’s bytes, valid against the schema of the OpenAPI document', async () => {
    const { app } = await buildExampleApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/export/figma', headers: bearer(DEMO_KEY) });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    expect(response.body).toBe(renderFigmaPlan(await compileExample('acme')));
    const schema = (RESPONSE_SCHEMAS['/api/v1/export/figma']?.['200'] as { content: Record<string, { schema: object }> }).content[
      'application/json'
    ]?.schema as object;
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    expect(validate(response.json()) ? [] : validate.errors).toEqual([]);
    await app.close();
  });
});
