import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, TokenType } from '../../../../src/compile/types.js';
import { renderCss } from '../../../../src/views/formats/css/export-css.js';
import { buildFigmaPlan, renderFigmaPlan } from '../../../../src/views/formats/figma/export-figma.js';
import { figmaModes } from '../../../../src/views/formats/figma/figma-names.js';
import type { FigmaPlan, FigmaPlanRgba, FigmaPlanValue, FigmaPlanVariable } from '../../../../src/views/formats/figma/figma-plan.js';
import { FIGMA_PLAN_SCHEMA } from '../../../../src/views/formats/figma/figma-plan-schema.js';
import { RESPONSE_SCHEMAS } from '../../../../src/http/response-schemas.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { parseCssExport } from '../../../helpers/css.js';
import { compileExample, compileKitchenSink } from '../../../helpers/fixtures.js';
import { compileTokens } from '../../../compile/tokens-fixture.js';

const SYSTEMS: readonly (readonly [string, () => Promise<CompiledDesignSystem>])[] = [
  ['acme', () => compileExample('acme')],
  ['acme-docs', () => compileExample('acme-docs')],
  ['harbor', () => compileExample('harbor')],
  ['kitchen-sink', compileKitchenSink],
];

const validatePlan = new Ajv2020({ strict: false, allErrors: true }).compile(FIGMA_PLAN_SCHEMA);

/** `:root`'s custom properties of the CSS export of one mode, parsed by css-tree. */
function cssOfMode(system: CompiledDesignSystem, mode: string): ReadonlyMap<string, string> {
  const { rules } = parseCssExport(renderCss(system, { naming: 'kebab-case', theme: 'data-attribute', mode }));
  return rules.get(':root') ?? new Map();
}

/** A CSS length in px (rem x 16), or undefined for any other text. */
function cssPx(text: string): number | undefined {
  const match = /^(-?[0-9.]+)(px|rem)?$/.exec(text);
  if (match === null) return undefined;
  return Number(match[1]) * (match[2] === 'rem' ? 16 : 1);
}

/** `#RRGGBB` or `#RRGGBBAA` as bytes (the alpha too: hex holds it to a byte). */
function cssHex(text: string): { red: number; green: number; blue: number; alpha: number } {
  const bytes = (text.slice(1).match(/../g) ?? []).map((pair) => parseInt(pair, 16));
  return { red: bytes[0] ?? NaN, green: bytes[1] ?? NaN, blue: bytes[2] ?? NaN, alpha: bytes[3] ?? 255 };
}

/** CSS's easing keywords as their cubic Béziers (CSS Easing Functions Level 1). */
const EASING_KEYWORDS: Readonly<Record<string, readonly number[]>> = {
  linear: [0, 0, 1, 1],
  ease: [0.25, 0.1, 0.25, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};
const cssEasing = (text: string): readonly number[] =>
  EASING_KEYWORDS[text] ?? (/^cubic-bezier\((.*)\)$/.exec(text)?.[1] ?? '').split(',').map((point) => Number(point.trim()));
const firstFamily = (text: string): string => (text.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '');

/** A variable's value in a mode with aliases followed (a composed color: its target's color at its opacity). */
function resolvedValue(plan: FigmaPlan, variable: FigmaPlanVariable, mode: string): FigmaPlanValue {
  const value = variable.valuesByMode[mode] as FigmaPlanValue;
  const target = (id: string): FigmaPlanVariable => {
    const found = plan.variables.find((each) => each.id === id);
    if (found === undefined) throw new Error(`${variable.id} in ${mode} aliases ${id}, which the plan does not have`);
    return found;
  };
  if (typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS')
    return resolvedValue(plan, target(value.variable), mode);
  if (typeof value === 'object' && 'opacity' in value) {
    const color = resolvedValue(plan, target(value.color.variable), mode) as FigmaPlanRgba;
    return { ...color, a: value.opacity / 100 };
  }
  return value;
}

/** What the CSS export's text of a token (or typography part) is as the variable's value, by its token type. */
function expectedFromCss(type: TokenType, css: string, fontSizePx: number | undefined, part: string | undefined): unknown {
  if (part === 'fontFamily' || type === 'font.family') return firstFamily(css);
  if (part === 'fontWeight') return css === 'normal' ? 400 : Number(css);
  if (part === 'lineHeight' || part === 'letterSpacing') {
    if (/^-?[0-9.]+$/.test(css)) return Number(css) * (fontSizePx ?? NaN);
    if (css.endsWith('em') && !css.endsWith('rem')) return Number(css.slice(0, -2)) * (fontSizePx ?? NaN);
    return cssPx(css);
  }
  switch (type) {
    case 'color': {
      const { red, green, blue, alpha } = cssHex(css);
      return { red, green, blue, alpha };
    }
    case 'opacity':
      return Number(css) * 100;
    case 'duration':
      return Number(css.replace(/ms$/, '')) / 1000;
    case 'easing':
      return cssEasing(css);
    case 'boolean':
      return css === 'true';
    case 'font.weight':
    case 'z-index':
      return Number(css);
    case 'strokeStyle':
      return css;
    case 'font.lineHeight':
      return /^[0-9.]+$/.test(css) ? Number(css) : cssPx(css);
    default:
      return cssPx(css);
  }
}

/** A plan value as the comparison reads it: colors as bytes (`alphaBytes`: the alpha too, as CSS hex holds it), easings as their four points. */
function comparable(value: FigmaPlanValue, alphaBytes = true): unknown {
  if (typeof value !== 'object') return value;
  const byte = (channel: number): number => Math.round(channel * 255);
  if ('r' in value) return { red: byte(value.r), green: byte(value.g), blue: byte(value.b), alpha: alphaBytes ? byte(value.a) : value.a };
  if ('easingFunctionCubicBezier' in value) {
    const { x1, y1, x2, y2 } = value.easingFunctionCubicBezier;
    return [x1, y1, x2, y2];
  }
  return value;
}

/** Numbers rounded to what Figma's 32-bit floats keep, so 0.1 x 16 and 1.6 compare equal. */
const rounded = (value: unknown): unknown =>
  typeof value === 'number'
    ? Math.round(value * 1e4) / 1e4
    : Array.isArray(value)
      ? value.map(rounded)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, rounded(each)]))
        : value;

describe.each(SYSTEMS)('the Figma plan of %s', (_name, compile) => {
  it('is valid against its schema, and the same bytes from a fresh compile', async () => {
    const system = await compile();
    const plan = JSON.parse(renderFigmaPlan(system)) as FigmaPlan;
    expect(validatePlan(plan) ? [] : validatePlan.errors).toEqual([]);
    expect(renderFigmaPlan(await compile())).toBe(renderFigmaPlan(system));
  });

  it('gives every variable in every mode the CSS export’s value of its token (colors as RGBA, lengths in px)', async () => {
    const system = await compile();
    const plan = buildFigmaPlan(system);
    const tokens = new Map(system.tokens.map((token) => [token.key, token]));
    const compared: string[] = [];
    for (const mode of system.modes) {
      const css = cssOfMode(system, mode.name);
      for (const variable of plan.variables) {
        const token = tokens.get(variable.token);
        if (token === undefined) throw new Error(`${variable.id} carries no token of the system`);
        // Shadow layers have no property of their own in CSS: compared with the typed value below.
        if (variable.part?.startsWith('layers.') === true) continue;
        const words = variable.codeSyntax.WEB?.slice('var('.length, -1) ?? '';
        const text = css.get(words);
        if (text === undefined) throw new Error(`the CSS export of ${mode.name} has no ${words} for ${variable.id}`);
        const sizeWords = plan.variables.find((each) => each.id === `${variable.token}#fontSize`)?.codeSyntax.WEB?.slice('var('.length, -1);
        const fontSize = variable.part === undefined ? undefined : cssPx(css.get(sizeWords ?? '') ?? '');
        const want = expectedFromCss(token.type, text, fontSize, variable.part);
        expect([variable.id, mode.name, rounded(comparable(resolvedValue(plan, variable, mode.name)))]).toEqual([
          variable.id,
          mode.name,
          rounded(want),
        ]);
        compared.push(variable.id);
      }
    }
    expect(compared.length).toBeGreaterThan(0);
  });

  it('gives every shadow part variable its layer’s value in every mode', async () => {
    const system = await compile();
    const plan = buildFigmaPlan(system);
    for (const variable of plan.variables.filter((each) => each.part?.startsWith('layers.') === true)) {
      const [, index, field] = (variable.part as string).split('.') as [string, string, string];
      for (const mode of system.modes) {
        const value = system.tokens.find((token) => token.key === variable.token)?.resolved[mode.name];
        const layer = value?.kind === 'shadow' ? value.layers?.[Number(index)] : undefined;
        if (layer === undefined) throw new Error(`${variable.id} has no layer in ${mode.name}`);
        const want =
          field === 'color'
            ? { red: layer.color.red, green: layer.color.green, blue: layer.color.blue, alpha: layer.color.alpha }
            : layer[field as 'blur'].value * (layer[field as 'blur'].unit === 'rem' ? 16 : 1);
        expect([variable.id, mode.name, rounded(comparable(resolvedValue(plan, variable, mode.name), false))]).toEqual([
          variable.id,
          mode.name,
          rounded(want),
        ]);
      }
    }
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
