import type { PrimitiveDefinition } from './merge-primitives.js';
import type { Report } from './pending-diagnostic.js';
import { reportingOnce } from './pending-diagnostic.js';
import type { TokenDraft, ValueFields } from './read-token-draft.js';
import type { Located } from './source-entries.js';
import { didYouMean } from './suggest.js';
import { typedValueOfFields, typedValueOfPrimitive } from './typed-values.js';
import type { ModeValues, Rgba, TypedValue } from './types.js';

/** What a token that is not a color may refer to: the primitives, the other tokens and the resolved colors. */
export interface NonColorReferences {
  readonly primitives: ReadonlyMap<string, PrimitiveDefinition>;
  readonly drafts: ReadonlyMap<string, TokenDraft>;
  readonly colors: ReadonlyMap<string, ModeValues<Rgba>>;
  /** Typed values of primitives, filled as they are first used. */
  readonly primitiveValues: Map<string, TypedValue>;
}

/**
 * The value in every mode of a token that is not a color: its primitive's, its inline value, or a shadow in its
 * color token's color of that mode. Undefined, reported, when what it refers to does not exist or is of another type.
 */
export function resolveNonColor(
  draft: TokenDraft,
  fields: ReadonlyMap<string, ValueFields>,
  references: NonColorReferences,
  report: Report,
): ModeValues<TypedValue> | undefined {
  const values: Record<string, TypedValue> = {};
  const byFields = new Map<ValueFields, TypedValue>();
  const reportOnce = reportingOnce(report);
  const shareable = draft.type !== 'shadow';
  let ok = true;
  for (const [mode, modeFields] of fields) {
    // Modes that share their fields share their value, except shadows, whose color follows the mode.
    let value = shareable ? byFields.get(modeFields) : undefined;
    value ??= valueOf(draft, mode, modeFields, references, reportOnce);
    if (value === undefined) ok = false;
    else {
      values[mode] = value;
      if (shareable) byFields.set(modeFields, value);
    }
  }
  return ok ? (values as ModeValues<TypedValue>) : undefined;
}

function valueOf(
  draft: TokenDraft,
  mode: string,
  fields: ValueFields,
  references: NonColorReferences,
  report: Report,
): TypedValue | undefined {
  const reference = fields['primitive'];
  if (reference !== undefined) return resolvePrimitiveReference(draft, reference, references, report);
  if (draft.type === 'shadow') return resolveShadow(draft, mode, fields, references, report);
  const plain: Record<string, unknown> = {};
  for (const [name, located] of Object.entries(fields)) plain[name] = located.value;
  return typedValueOfFields(draft.type as Exclude<typeof draft.type, 'color' | 'shadow'>, plain);
}

function resolvePrimitiveReference(
  draft: TokenDraft,
  field: Located,
  references: NonColorReferences,
  report: Report,
): TypedValue | undefined {
  const { entry, type } = draft;
  const name = field.value as string;
  const primitive = references.primitives.get(name);
  if (primitive === undefined) {
    report(
      field.pos,
      'unknown-primitive',
      () => `\`${entry.key}\` refers to unknown primitive \`${name}\`${didYouMean(name, references.primitives.keys())}`,
    );
    return undefined;
  }
  if (primitive.type !== type) {
    report(field.pos, 'primitive-type-mismatch', `${type} token \`${entry.key}\` cannot use \`${name}\`, a ${primitive.type} primitive`);
    return undefined;
  }
  let value = references.primitiveValues.get(name);
  if (value === undefined) {
    value = typedValueOfPrimitive(primitive.type, primitive);
    references.primitiveValues.set(name, value);
  }
  return value;
}

/** A shadow in its color token's color of `mode`, that color's alpha times the shadow's `opacity`. */
function resolveShadow(
  draft: TokenDraft,
  mode: string,
  fields: ValueFields,
  { drafts, colors }: NonColorReferences,
  report: Report,
): TypedValue | undefined {
  const { entry } = draft;
  const colorField = fields['colorToken'] as Located;
  const colorKey = colorField.value as string;
  const color = colors.get(colorKey);
  if (color === undefined) {
    const target = drafts.get(colorKey);
    if (target !== undefined && target.type !== 'color') {
      report(
        colorField.pos,
        'color-token-not-color',
        `\`colorToken\` of \`${entry.key}\` must name a color token; \`${colorKey}\` is a ${target.type} token`,
      );
    } else if (target === undefined) {
      report(
        colorField.pos,
        'unknown-color-token',
        () => `\`${entry.key}\` refers to unknown color token \`${colorKey}\`${didYouMean(colorKey, colors.keys())}`,
      );
    }
    return undefined;
  }
  const number = (name: string): number => fields[name]?.value as number;
  const px = (name: string) => ({ value: number(name), unit: 'px' as const });
  const base = color[mode] as Rgba;
  const opacity = number('opacity');
  // An opaque color keeps the opacity exactly as written; a translucent one multiplies, rounded past float noise.
  const alpha = base.alpha === 1 ? opacity : Math.round(base.alpha * opacity * 10000) / 10000;
  const layer = { offsetX: px('x'), offsetY: px('y'), blur: px('blur'), spread: px('spread'), color: { ...base, alpha }, inset: false };
  return { kind: 'shadow', layers: [layer], text: null };
}
