import { formatInlineValue, formatPrimitive, formatShadow } from './css-value-text.js';
import type { PrimitiveDefinition } from './merge-primitives.js';
import type { Report } from './pending-diagnostic.js';
import { fieldPosition } from './read-token-draft.js';
import type { TokenDraft } from './read-token-draft.js';
import { didYouMean } from './suggest.js';
import type { ResolvedValue } from './types.js';

/** What a token that is not a color may refer to: the primitives, the other tokens and the resolved colors. */
export interface NonColorReferences {
  readonly primitives: ReadonlyMap<string, PrimitiveDefinition>;
  readonly drafts: ReadonlyMap<string, TokenDraft>;
  readonly colors: ReadonlyMap<string, ResolvedValue>;
}

/**
 * The value of a token that is not a color: its primitive's, its inline value, or a shadow in its color token's
 * light and dark colors. Undefined, reported, when what it refers to does not exist or is of another type.
 */
export function resolveNonColor(draft: TokenDraft, references: NonColorReferences, report: Report): ResolvedValue | undefined {
  const reference = draft.value['primitive'];
  if (typeof reference === 'string') return resolvePrimitiveReference(draft, reference, references.primitives, report);
  if (draft.type !== 'shadow') return { light: formatInlineValue(draft.type, draft.value) };
  return resolveShadow(draft, references, report);
}

function resolvePrimitiveReference(
  draft: TokenDraft,
  reference: string,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  report: Report,
): ResolvedValue | undefined {
  const { entry, type } = draft;
  const primitive = primitives.get(reference);
  if (primitive === undefined) {
    report(
      fieldPosition(entry, 'primitive'),
      'unknown-primitive',
      () => `\`${entry.key}\` refers to unknown primitive \`${reference}\`${didYouMean(reference, primitives.keys())}`,
    );
    return undefined;
  }
  if (primitive.type !== type) {
    report(
      fieldPosition(entry, 'primitive'),
      'primitive-type-mismatch',
      `${type} token \`${entry.key}\` cannot use \`${reference}\`, a ${primitive.type} primitive`,
    );
    return undefined;
  }
  return { light: formatPrimitive(primitive) };
}

function resolveShadow(draft: TokenDraft, { drafts, colors }: NonColorReferences, report: Report): ResolvedValue | undefined {
  const { entry, value } = draft;
  const colorKey = value['colorToken'] as string;
  const color = colors.get(colorKey);
  if (color === undefined) {
    const target = drafts.get(colorKey);
    if (target !== undefined && target.type !== 'color') {
      report(
        fieldPosition(entry, 'colorToken'),
        'color-token-not-color',
        `\`colorToken\` of \`${entry.key}\` must name a color token; \`${colorKey}\` is a ${target.type} token`,
      );
    } else if (target === undefined) {
      report(
        fieldPosition(entry, 'colorToken'),
        'unknown-color-token',
        () => `\`${entry.key}\` refers to unknown color token \`${colorKey}\`${didYouMean(colorKey, colors.keys())}`,
      );
    }
    return undefined;
  }
  const light = formatShadow(value, color.light);
  const dark = color.dark === undefined ? light : formatShadow(value, color.dark);
  return dark === light ? { light } : { light, dark };
}
