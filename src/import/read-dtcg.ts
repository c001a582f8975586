import { itemAt } from '../compile/checked-access.js';
import {
  declaredModeKeys,
  droppedReason,
  isKeyedObject,
  isModeMap,
  ModeOrigins,
  notModesReason,
  treeOfModeMap,
  valuesByMode,
} from './per-token-modes.js';
import { deprecationOf, isRecord, modeNameOf, valueAtPointer } from './source-token.js';
import type { ImportIssue, SourceDocument, SourceRead, SourceToken } from './source-token.js';

/** The vendor key of our own exports' extensions: other modes' values, units, booleans. */
export const OUR_EXTENSION = 'com.service';

/**
 * Extensions other tools write a token's value per mode in: Terrazzo's `mode` (`{ "dark": ... }`) and Primer's
 * `org.primer.overrides` (`{ "dark": "{...}" }` or `{ "dark": { "$value": ..., "alpha": 0.2 } }`). A mode named `light`
 * there replaces the token's base value.
 */
const PRIMER_OVERRIDES = 'org.primer.overrides';
const MODE_EXTENSIONS = ['mode', PRIMER_OVERRIDES];

/**
 * Every token of DTCG documents (2025.10 structured values or the older string values), in document order: a node
 * with `$value` is a token, any other object a group whose `$type` its tokens inherit. A group that carries our own
 * boolean extension (`$extensions["com.service"].type: boolean`, how our strict export keeps booleans) is a token too.
 * Our own exports' other modes (`$extensions["com.service"].dark` and `.modes`) become the token's modes.
 */
export function readDtcg(documents: readonly SourceDocument[]): SourceRead {
  const tokens: SourceToken[] = [];
  const issues: ImportIssue[] = [];
  const origins = new ModeOrigins();
  const declared = declaredModeKeys(documents, '$value');
  // One by one, not `push(...list)`: a spread of 200,000 arguments overflows the stack.
  for (const { path, document } of documents)
    for (const token of readDtcgDocument(path, document, { origins, issues, declared })) tokens.push(token);
  return { tokens: withPrimerFallbacks(tokens), issues, notes: origins.notes() };
}

/**
 * Primer builds a theme `dark-dimmed` by applying a token's `dark` override and then its `dark-dimmed` one: a token
 * with overrides but none for a theme `<a>-<b>` takes its `<a>` override there.
 */
function withPrimerFallbacks(tokens: readonly SourceToken[]): SourceToken[] {
  const modes = new Set<string>();
  for (const token of tokens) for (const mode of Object.keys(token.modes)) modes.add(mode);
  return tokens.map((token) => {
    if (!isRecord(token.extensions?.[PRIMER_OVERRIDES])) return token;
    const fallbacks: Record<string, unknown> = {};
    for (const mode of modes) {
      const family = itemAt(mode.split('-', 1), 0);
      if (!(mode in token.modes) && family !== mode && family in token.modes) fallbacks[mode] = token.modes[family];
    }
    return Object.keys(fallbacks).length === 0 ? token : { ...token, modes: { ...token.modes, ...fallbacks } };
  });
}

/**
 * The tokens of one DTCG document; `file` names their source. A `$value` keyed by mode (`{ "light": ..., "dark": ... }`)
 * gives the token's modes (counted in `modes.origins`; values of two axes at once reported in `modes.issues`).
 */
export function readDtcgDocument(
  file: string,
  document: unknown,
  modes: { origins: ModeOrigins; issues: ImportIssue[]; declared?: ReadonlySet<string> } = { origins: new ModeOrigins(), issues: [] },
): SourceToken[] {
  const tokens: SourceToken[] = [];
  const pointed = (value: unknown): unknown => withPointersResolved(value, document);
  const walk = (node: Record<string, unknown>, path: readonly string[], inheritedType: string | undefined): void => {
    const type = typeof node['$type'] === 'string' ? node['$type'] : inheritedType;
    const pointedExtensions = isRecord(node['$extensions']) ? pointed(node['$extensions']) : undefined;
    const extensions = isRecord(pointedExtensions) ? pointedExtensions : undefined;
    const ours = isRecord(extensions?.[OUR_EXTENSION]) ? extensions[OUR_EXTENSION] : undefined;
    if ('$value' in node || (ours?.['type'] !== undefined && ours['value'] !== undefined && path.length > 0)) {
      const key = path.join('.');
      let written = pointed('$value' in node ? node['$value'] : ours?.['value']);
      let ownModes: Record<string, unknown> = {};
      if (isKeyedObject(written) && !isModeMap(written, modes.declared)) {
        // Neither modes nor a value: keys no mode is named by and no value has.
        modes.issues.push({ source: `${file}:${key}`, level: 'skipped', reason: notModesReason(written, '$value') });
        return;
      }
      if (isModeMap(written, modes.declared)) {
        const values = valuesByMode(treeOfModeMap(written, (value) => value, modes.declared));
        modes.origins.add(values, '`$value` keyed by mode', `${file}:${key}`);
        for (const dropped of values.dropped)
          modes.issues.push({ source: `${file}:${key}`, level: 'lossy', reason: droppedReason(dropped) });
        written = values.value;
        ownModes = Object.fromEntries(Object.entries(values.modes).map(([mode, value]) => [mode, withAlpha(value, node['alpha'])]));
      }
      const fromOurs = ourModes(ours);
      const fromExtensions = extensionModes(extensions, written, node['alpha']);
      modes.origins.count(Object.keys(fromOurs), `\`$extensions["${OUR_EXTENSION}"]\``);
      for (const name of MODE_EXTENSIONS) {
        const perMode = extensions?.[name];
        if (isRecord(perMode))
          modes.origins.count(Object.keys(perMode).map(modeNameOf), `\`$extensions${name === 'mode' ? '.mode' : `["${name}"]`}\``);
      }
      const { light, ...perMode } = { ...fromOurs, ...ownModes, ...fromExtensions };
      tokens.push({
        key,
        type: '$value' in node ? type : String(ours?.['type']),
        value: light ?? withAlpha(written, node['alpha']),
        modes: perMode,
        description: typeof node['$description'] === 'string' ? node['$description'] : undefined,
        deprecated: deprecationOf(node['$deprecated']),
        extensions,
        source: `${file}:${key}`,
      });
      return;
    }
    for (const [name, child] of Object.entries(node)) {
      if (name.startsWith('$') || !isRecord(child)) continue;
      walk(child, [...path, name], type);
    }
  };
  if (isRecord(document)) walk(document, [], undefined);
  return tokens;
}

/** A color written with `alpha` beside it (Primer) is that color with that alpha. */
const withAlpha = (raw: unknown, alpha: unknown): unknown =>
  typeof alpha === 'number' && alpha >= 0 && alpha <= 1 ? { alphaOver: raw, alpha } : raw;

/**
 * The values per mode of Terrazzo's and Primer's mode extensions, by our mode names. A Primer override is a value (with
 * the token's own `alpha`, when it has one), `{ $value, alpha }`, or just `{ alpha }` (the token's value with that alpha).
 */
function extensionModes(extensions: Record<string, unknown> | undefined, value: unknown, alpha: unknown): Record<string, unknown> {
  const modes: Record<string, unknown> = {};
  for (const name of MODE_EXTENSIONS) {
    const perMode = extensions?.[name];
    if (!isRecord(perMode)) continue;
    for (const [mode, raw] of Object.entries(perMode)) {
      modes[modeNameOf(mode)] = !isRecord(raw)
        ? withAlpha(raw, alpha)
        : '$value' in raw
          ? withAlpha(raw['$value'], raw['alpha'] ?? alpha)
          : 'alpha' in raw && !('colorSpace' in raw)
            ? withAlpha(value, raw['alpha'])
            : raw;
    }
  }
  return modes;
}

/** Our own exports' values in other modes: `dark`, then each of `modes`. */
function ourModes(extension: Record<string, unknown> | undefined): Record<string, unknown> {
  const modes: Record<string, unknown> = {};
  if (extension === undefined) return modes;
  if (extension['dark'] !== undefined) modes['dark'] = extension['dark'];
  if (isRecord(extension['modes'])) Object.assign(modes, extension['modes']);
  return modes;
}

/**
 * `value` with every JSON Pointer reference (`{ "$ref": "#/color/shadow/$value/components" }`, how our strict export
 * ties a shadow's color to its color token) replaced by what it points at in `document`.
 */
function withPointersResolved(value: unknown, document: unknown, depth = 0): unknown {
  if (depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => withPointersResolved(item, document, depth + 1));
  if (!isRecord(value)) return value;
  const pointer = value['$ref'];
  if (typeof pointer === 'string' && pointer.startsWith('#/') && Object.keys(value).length === 1) {
    return withPointersResolved(valueAtPointer(document, pointer.slice(1)), document, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, withPointersResolved(member, document, depth + 1)]));
}
