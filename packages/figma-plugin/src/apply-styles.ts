import type { FigmaPlanEffectStyle, FigmaPlanTextStyle } from '../../../src/views/formats/figma/figma-plan.js';
import type { Counts } from './apply-report.js';
import type { FigmaHost } from './figma-host.js';
import { fontStyleOf } from './font-style.js';
import { sameFigmaValue, sameNumber } from './plan-values.js';
import { PLUGIN_DATA, planIdOf } from './plugin-data.js';

type ManagedStyle = BaseStyleMixin;

/** Makes, updates and removes the plugin's styles of one kind. */
export async function applyStyles<
  S extends ManagedStyle,
  W extends { readonly id: string; readonly name: string; readonly description: string },
>(
  existing: readonly S[],
  wanted: readonly W[],
  create: () => S,
  counts: Counts,
  step: () => Promise<void>,
  write: (style: S, want: W) => Promise<boolean>,
): Promise<void> {
  const managed = new Map(existing.filter((each) => !each.remote && planIdOf(each) !== '').map((each) => [planIdOf(each), each]));
  const wantedIds = new Set(wanted.map((each) => each.id));
  const orphans = [...managed.values()].filter((each) => !wantedIds.has(planIdOf(each)));
  // A renamed token's style keeps its node: the one orphan whose name matches nothing else goes to the new id of the same kind.
  const newcomers = wanted.filter((each) => !managed.has(each.id));
  if (orphans.length === 1 && newcomers.length === 1) {
    const [orphan] = orphans as [S];
    const [newcomer] = newcomers as [W];
    managed.delete(planIdOf(orphan));
    managed.set(newcomer.id, orphan);
    orphan.setPluginData(PLUGIN_DATA.planId, newcomer.id);
    counts.renamed += 1;
  } else {
    for (const orphan of orphans) {
      managed.delete(planIdOf(orphan));
      orphan.remove();
      counts.removed += 1;
    }
  }
  for (const want of wanted) {
    let style = managed.get(want.id);
    const fresh = style === undefined;
    if (style === undefined) {
      style = create();
      style.setPluginData(PLUGIN_DATA.planId, want.id);
      counts.created += 1;
    }
    let changed = false;
    if (style.name !== want.name) {
      style.name = want.name;
      changed = true;
    }
    if (style.description !== want.description) {
      style.description = want.description;
      changed = true;
    }
    if ((await write(style, want)) || changed) {
      if (!fresh) counts.updated += 1;
    }
    await step();
  }
}

const TEXT_FIELDS = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing'] as const;

/** Writes what differs of a text style (its font loaded first, as Figma requires); answers whether anything did. */
export async function writeTextStyle(
  host: FigmaHost,
  style: TextStyle,
  want: FigmaPlanTextStyle,
  variables: ReadonlyMap<string, Variable>,
  counts: Counts,
): Promise<boolean> {
  const fontName = { family: want.fontFamily, style: fontStyleOf(want.fontWeight) };
  try {
    await host.loadFontAsync(style.fontName);
    await host.loadFontAsync(fontName);
  } catch {
    counts.problems.push(
      `${want.id}: Figma cannot load the font "${fontName.family} ${fontName.style}"; install it, then apply again (the style was left as it was).`,
    );
    return false;
  }
  let changed = false;
  if (style.fontName.family !== fontName.family || style.fontName.style !== fontName.style) {
    style.fontName = fontName;
    changed = true;
  }
  if (!sameNumber(style.fontSize, want.fontSize)) {
    style.fontSize = want.fontSize;
    changed = true;
  }
  if (!sameMeasure(style.lineHeight, want.lineHeight)) {
    style.lineHeight = { ...want.lineHeight };
    changed = true;
  }
  if (!sameMeasure(style.letterSpacing, want.letterSpacing)) {
    style.letterSpacing = { ...want.letterSpacing };
    changed = true;
  }
  for (const field of TEXT_FIELDS) {
    const planId = want.boundVariables[field];
    const variable = planId === undefined ? undefined : variables.get(planId);
    const current = style.boundVariables?.[field]?.id;
    if (current === variable?.id) continue;
    style.setBoundVariable(field, variable ?? null);
    changed = true;
  }
  return changed;
}

const sameMeasure = (a: LineHeight | LetterSpacing, b: FigmaPlanTextStyle['lineHeight']): boolean =>
  a.unit === b.unit && (a.unit === 'AUTO' || ('value' in a && 'value' in b && sameNumber(a.value, b.value)));

const EFFECT_FIELDS = ['color', 'offsetX', 'offsetY', 'radius', 'spread'] as const;

/** Writes an effect style's effects when they differ; answers whether they did. */
export async function writeEffectStyle(
  host: FigmaHost,
  style: EffectStyle,
  want: FigmaPlanEffectStyle,
  variables: ReadonlyMap<string, Variable>,
): Promise<boolean> {
  const effects = want.effects.map((layer) => {
    let effect: Effect = {
      type: layer.type,
      color: { ...layer.color },
      offset: { ...layer.offset },
      radius: layer.radius,
      spread: layer.spread,
      visible: layer.visible,
      blendMode: layer.blendMode,
    };
    for (const field of EFFECT_FIELDS) {
      const planId = layer.boundVariables[field];
      const variable = planId === undefined ? undefined : variables.get(planId);
      if (variable !== undefined) effect = host.variables.setBoundVariableForEffect(effect, field, variable);
    }
    return effect;
  });
  if (sameEffects(style.effects, effects)) return false;
  style.effects = effects;
  return true;
}

function sameEffects(a: readonly Effect[], b: readonly Effect[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((effect, index) => {
    const other = b[index] as Effect;
    if ((effect.type !== 'DROP_SHADOW' && effect.type !== 'INNER_SHADOW') || effect.type !== other.type) return false;
    const shadow = other;
    const bound = (each: DropShadowEffect | InnerShadowEffect): string =>
      EFFECT_FIELDS.map((field) => each.boundVariables?.[field]?.id ?? '').join();
    return (
      sameFigmaValue(effect.color, shadow.color) &&
      sameNumber(effect.offset.x, shadow.offset.x) &&
      sameNumber(effect.offset.y, shadow.offset.y) &&
      sameNumber(effect.radius, shadow.radius) &&
      sameNumber(effect.spread ?? 0, shadow.spread ?? 0) &&
      effect.visible === shadow.visible &&
      effect.blendMode === shadow.blendMode &&
      bound(effect) === bound(shadow)
    );
  });
}
