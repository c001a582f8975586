import { itemAt, mapValueAt } from '../compile/checked-access.js';
import { parseColor } from '../compile/values/parse-color.js';
import { parseCssShadow } from '../compile/values/parse-css-shadow.js';
import { parseDimension, referenceOf } from '../compile/values/parse-values.js';
import { compareKeys } from '../compile/diagnostics/sort-order.js';
import { sameTypedValue, typedValueOfFields, typedValueOfPrimitive } from '../compile/fields/typed-values.js';
import { isPrimitiveType, PRIMITIVE_TYPES } from '../compile/types.js';
import type { Dimension, Primitive, PrimitiveType, ShadowLayer, TokenType, WrittenValue } from '../compile/types.js';
import { ALTERNATIVE_FIELDS, PRIMITIVE_RULES, TOKEN_FIELD_RULES } from '../compile/fields/value-rules.js';
import { formatCssNumber, formatShadowColor, formatShadowLengths } from '../views/shared/css-values.js';
import type { ImportedToken } from './map-token.js';
import { isWrittenList } from '../compile/narrow-unknown.js';
import { isRecord } from './source-token.js';

/** One step of an imported scale: its number and its color per mode (`light`, `dark`, then any further mode it differs in). */
export interface ImportedScaleStep {
  readonly step: number;
  readonly colors: Readonly<Record<string, string>>;
}

/** A scale made of a palette: its name and its steps, ascending. */
export interface ImportedScale {
  readonly name: string;
  readonly steps: readonly ImportedScaleStep[];
}

/** A value shared by several tokens: its type, its key and the value as `primitives:` writes it (`16`, `"1rem"`). */
export interface ImportedPrimitive {
  readonly type: PrimitiveType;
  readonly name: string;
  readonly value: number | string;
}

/** Tokens with their palettes as scales and their shared values as primitives, as the folder writes them. */
export interface GroupedValues {
  readonly tokens: readonly ImportedToken[];
  readonly scales: readonly ImportedScale[];
  readonly primitives: readonly ImportedPrimitive[];
}

type Fields = Readonly<Record<string, WrittenValue>>;
type Modes = ImportedToken['modes'];

/** Fields that describe a token rather than give its value. */
const META_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'deprecated']);
const CANONICAL_STEP = /^(?:0|[1-9]\d*)$/;

/**
 * Groups imported tokens as a designer would write them: each palette (two or more literal colors in one group) becomes
 * a scale its tokens point to (a color token referring to a palette token keeps its reference), and a
 * literal value two or more tokens share becomes a primitive they name. Every token keeps its key and its value in
 * every mode.
 */
export function groupValues(tokens: readonly ImportedToken[]): GroupedValues {
  const palettes = findPalettes(tokens);
  const onScales = tokens.map((token) => placeOnScale(token, palettes));
  const shared = sharePrimitives(onScales);
  return { tokens: shared.tokens, scales: palettes.scales, primitives: shared.primitives };
}

// ---------------------------------------------------------------------------------------------------------------------
// Palettes and scales

interface ScaleStepOf {
  readonly scale: string;
  readonly step: number;
  /** The key's last segment when the step is not it (`light`, `050`). */
  readonly renamedFrom: string | undefined;
}

interface Palettes {
  readonly scales: ImportedScale[];
  /** Palette token key -> the scale step it became. */
  readonly stepOf: ReadonlyMap<string, ScaleStepOf>;
}

/** A color token's literal color in light and in each mode it sets one; undefined when any of its values is not one. */
function literalColorsOf(token: ImportedToken): { light: string; modes: Record<string, string> } | undefined {
  if (token.type !== 'color') return undefined;
  const light = onlyColor(valueFields(token.fields));
  if (light === undefined) return undefined;
  const modes: Record<string, string> = {};
  for (const [mode, override] of Object.entries(token.modes ?? {})) {
    // A mode that sets nothing has the light value, as the compiler lays it over light.
    if (Object.keys(override).length === 0) continue;
    const color = onlyColor(override);
    if (color === undefined) return undefined;
    modes[mode] = color;
  }
  return { light, modes };
}

/** The color of value fields that are one literal `color` we read (an `alpha` beside it, or a reference, is not). */
function onlyColor(fields: Fields): string | undefined {
  const names = Object.keys(fields);
  const color = fields['color'];
  return names.length === 1 && typeof color === 'string' && parseColor(color) !== undefined ? color : undefined;
}

const groupOf = (key: string): string => key.slice(0, Math.max(key.lastIndexOf('.'), 0));
const lastSegment = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

function findPalettes(tokens: readonly ImportedToken[]): Palettes {
  const colorsByGroup = new Map<string, ImportedToken[]>();
  for (const token of tokens) {
    if (token.type !== 'color') continue;
    const group = groupOf(token.key);
    const members = colorsByGroup.get(group);
    if (members === undefined) colorsByGroup.set(group, [token]);
    else members.push(token);
  }
  const palettes = [...colorsByGroup].filter(([group, members]) => isPalette(group, members)).sort(([a], [b]) => compareKeys(a, b));
  const names = uniqueNames(palettes.map(([group]) => group.split('.')));
  const scales: ImportedScale[] = [];
  const stepOf = new Map<string, ScaleStepOf>();
  for (const [index, [, members]] of palettes.entries()) {
    const name = itemAt(names, index);
    const steps = stepNumbers(members.map((token) => lastSegment(token.key)));
    scales.push({ name, steps: members.map((token, position) => scaleStep(token, itemAt(steps, position))).sort(byStep) });
    for (const [position, token] of members.entries()) {
      const step = itemAt(steps, position);
      const segment = lastSegment(token.key);
      stepOf.set(token.key, { scale: name, step, renamedFrom: segment === String(step) ? undefined : segment });
    }
  }
  return { scales, stepOf };
}

/**
 * A group is a palette when it holds literal colors only: two or more with whole-number keys (`blue.100`, `blue.500`),
 * or three or more with named steps in a group below the top level (`color.gray.light`, `.base`, `.dark`); two named
 * colors, or the colors right under a top-level group (`color.brand`, `color.link`), are tokens that happen to be
 * literal, not a ramp.
 */
function isPalette(group: string, members: readonly ImportedToken[]): boolean {
  if (group === '' || members.length < 2 || !members.every((token) => literalColorsOf(token) !== undefined)) return false;
  if (hasStepKeys(members.map((token) => lastSegment(token.key)))) return true;
  return members.length >= 3 && group.includes('.');
}

const hasStepKeys = (segments: readonly string[]): boolean =>
  segments.every((segment) => CANONICAL_STEP.test(segment) && Number.isSafeInteger(Number(segment)));

/** The step of each key: the keys themselves when all are integers as a scale writes them, else 100, 200, ... in order. */
function stepNumbers(segments: readonly string[]): number[] {
  const numeric = hasStepKeys(segments);
  return segments.map((segment, index) => (numeric ? Number(segment) : (index + 1) * 100));
}

const byStep = (a: ImportedScaleStep, b: ImportedScaleStep): number => a.step - b.step;

/** The step of a palette token, whose values are all literal colors ({@link isPalette}). */
function scaleStep(token: ImportedToken, step: number): ImportedScaleStep {
  const colors = literalColorsOf(token);
  if (colors === undefined) throw new RangeError(`palette token ${token.key} has a value that is not a literal color`);
  const { light, modes } = colors;
  const { dark = light, ...further } = modes;
  return { step, colors: { light, dark, ...further } };
}

/**
 * A palette token on its step. Any other color token is left as it is: one that names a palette token keeps the
 * reference (in every mode), so the link to that token is served (`references=keep` writes `var()` of it), as a
 * composite's part naming the same token does.
 */
function placeOnScale(token: ImportedToken, palettes: Palettes): ImportedToken {
  if (token.type !== 'color') return token;
  const own = palettes.stepOf.get(token.key);
  if (own !== undefined) return { ...token, fields: paletteTokenFields(token.fields, own), modes: undefined };
  return token;
}

function paletteTokenFields(fields: Fields, { scale, step, renamedFrom }: ScaleStepOf): Fields {
  const onStep = replaceField(fields, 'color', { scale, step });
  if (renamedFrom === undefined) return onStep;
  const note = `step ${step} of scale ${scale}: ${JSON.stringify(renamedFrom)} in the source`;
  const written = fields['description'];
  return { ...onStep, description: typeof written === 'string' && written !== '' ? `${written} (${note})` : note };
}

/** `fields` with `name` replaced by `replacement` at its place, so the fields keep their written order. */
function replaceField(fields: Fields, name: string, replacement: Fields): Fields {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, value]) => (field === name ? Object.entries(replacement) : [[field, value]])),
  );
}

function mapModes(modes: Modes, map: (override: Fields, mode: string) => Fields): Modes {
  return modes === undefined ? undefined : Object.fromEntries(Object.entries(modes).map(([mode, override]) => [mode, map(override, mode)]));
}

// ---------------------------------------------------------------------------------------------------------------------
// Primitives

/** A token's value fields: everything but its type, description and deprecation. */
function valueFields(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !META_FIELDS.has(name)));
}

const refersElsewhere = (fields: Fields): boolean => fields['ref'] !== undefined || fields['primitive'] !== undefined;

/**
 * The value fields a mode has, as the compiler lays its override over the light fields (every imported mode is based
 * on light): a reference (or `none`) on either side is taken whole; a field standing for others (a shadow's `layers`) replaces them.
 */
function fieldsInMode(type: TokenType, base: Fields, override: Fields): Fields {
  // `none` stands for the whole value, like a reference.
  if (refersElsewhere(override) || refersElsewhere(base) || override['value'] === 'none' || base['value'] === 'none') return override;
  const merged: Record<string, WrittenValue> = { ...base };
  const alternative = ALTERNATIVE_FIELDS[type];
  if (alternative !== undefined) {
    if (override[alternative.field] !== undefined) for (const name of alternative.replaces) delete merged[name];
    if (alternative.replaces.some((name) => override[name] !== undefined)) delete merged[alternative.field];
  }
  return { ...merged, ...override };
}

/**
 * The value a `primitives:` entry of `type` writes for these inline fields (`16`, `1rem`, a shadow as CSS text), or
 * undefined when there is none that the compiler reads back as the very same value: references, invalid values, a
 * shadow layer with a reference, an `opacity` or an `em` length.
 */
function primitiveValueOf(type: PrimitiveType, fields: Fields): number | string | undefined {
  const written = type === 'shadow' ? shadowText(fields) : plainPrimitiveValue(type, fields);
  if (written === undefined) return undefined;
  const primitive = readPrimitive(type, written);
  if (primitive === undefined) return undefined;
  // A shadow's text was read back as its layers already.
  if (type === 'shadow') return written;
  const fromPrimitive = typedValueOfPrimitive(type, primitive);
  const rules = TOKEN_FIELD_RULES[type];
  const withDefaults: Record<string, WrittenValue> = { ...fields };
  for (const [name, rule] of Object.entries(rules))
    if (withDefaults[name] === undefined && rule.default !== undefined) withDefaults[name] = rule.default;
  return sameTypedValue(fromPrimitive, typedValueOfFields(type, withDefaults)) ? written : undefined;
}

/** `{ value, unit }` as a primitive: a bare number in the unit a primitive's number has, else the length as text. */
function plainPrimitiveValue(type: Exclude<PrimitiveType, 'shadow'>, fields: Fields): number | string | undefined {
  const rules = TOKEN_FIELD_RULES[type];
  const names = Object.keys(fields);
  const invalid = (name: string): boolean => rules[name] === undefined || rules[name].check(fields[name]) !== undefined;
  if (!names.includes('value') || names.some(invalid)) return undefined;
  const value = fields['value'];
  // An easing of four numbers is the expression the compiler writes for them.
  if (Array.isArray(value)) return `cubic-bezier(${value.join(', ')})`;
  if (typeof value !== 'number') return typeof value === 'string' ? value : undefined;
  const unit = fields['unit'] ?? rules['unit']?.default;
  if (typeof unit !== 'string' || unit === 'multiplier' || unit === PRIMITIVE_RULES[type].unit) return value;
  return `${formatCssNumber(value)}${unit}`;
}

/** A primitive as the compiler merges it (checked, a length read into number and unit); undefined when it refuses it. */
function readPrimitive(type: PrimitiveType, written: number | string): Primitive | undefined {
  const rule = PRIMITIVE_RULES[type];
  const length = rule.units === undefined ? undefined : parseDimension(written, rule.units, null);
  if (rule.check(length === undefined ? written : length.value) !== undefined) return undefined;
  return { key: '', value: length === undefined ? written : length.value, unit: length === undefined ? rule.unit : length.unit };
}

/** A shadow's literal `layers` as the CSS text a shadow primitive holds, when that text reads back as the same layers. */
function shadowText(fields: Fields): string | undefined {
  const written = fields['layers'];
  if (Object.keys(fields).length !== 1 || !isWrittenList(written) || TOKEN_FIELD_RULES.shadow['layers']?.check(written) !== undefined)
    return undefined;
  const layers: ShadowLayer[] = [];
  for (const item of written) {
    const layer = literalShadowLayer(item);
    if (layer === undefined) return undefined;
    layers.push(layer);
  }
  const text = layers.map((layer) => `${formatShadowLengths(layer)}${formatShadowColor(layer)}`).join(', ');
  const readBack = parseCssShadow(text);
  const same =
    readBack !== undefined && sameTypedValue({ kind: 'shadow', layers: readBack, text: null }, { kind: 'shadow', layers, text: null });
  return same ? text : undefined;
}

/** A checked written shadow layer as typed, when its color is literal and it has no `opacity`. */
function literalShadowLayer(layer: WrittenValue): ShadowLayer | undefined {
  if (!isRecord(layer)) return undefined;
  const color = referenceOf(layer['color']) === undefined ? parseColor(layer['color']) : undefined;
  if (color === undefined || layer['opacity'] !== undefined) return undefined;
  const length = (name: string): Dimension | undefined => parseDimension(layer[name], ['px', 'rem', 'em'], 'px');
  const [offsetX, offsetY, blur, spread] = [length('x'), length('y'), length('blur'), length('spread')];
  if (offsetX === undefined || offsetY === undefined || blur === undefined || spread === undefined) return undefined;
  return { offsetX, offsetY, blur, spread, color, inset: layer['inset'] === true };
}

interface Sharing {
  readonly type: PrimitiveType;
  readonly value: number | string;
  readonly tokens: Set<string>;
  /** The token the primitive is named after: the first in key order with the value in light, else in a mode. */
  namedAfter: string;
  namedAfterInLight: boolean;
}

const sharingKey = (type: PrimitiveType, value: number | string): string => `${type}\u0000${typeof value}\u0000${String(value)}`;

/** Each place's primitive value, by token key and place (`light` or the mode name). */
function primitiveValuesOf(token: ImportedToken): Map<string, number | string> {
  const values = new Map<string, number | string>();
  if (!isPrimitiveType(token.type)) return values;
  const type = token.type;
  const base = valueFields(token.fields);
  const places: [string, Fields][] = [
    ['light', base],
    ...Object.entries(token.modes ?? {}).map(([mode, override]): [string, Fields] => [mode, fieldsInMode(type, base, override)]),
  ];
  for (const [place, fields] of places) {
    const value = primitiveValueOf(type, fields);
    if (value !== undefined) values.set(place, value);
  }
  return values;
}

function sharePrimitives(tokens: readonly ImportedToken[]): { tokens: ImportedToken[]; primitives: ImportedPrimitive[] } {
  const valuesByKey = new Map(tokens.map((token) => [token.key, primitiveValuesOf(token)]));
  const sharings = new Map<string, Sharing>();
  for (const token of tokens) {
    if (!isPrimitiveType(token.type)) continue;
    for (const [place, value] of mapValueAt(valuesByKey, token.key)) {
      const id = sharingKey(token.type, value);
      const inLight = place === 'light';
      const sharing = sharings.get(id) ?? { type: token.type, value, tokens: new Set(), namedAfter: token.key, namedAfterInLight: inLight };
      sharing.tokens.add(token.key);
      // A token is named for its light value: a value it has only in a mode is named after it only when no token has it in light.
      const better = inLight === sharing.namedAfterInLight ? compareKeys(token.key, sharing.namedAfter) < 0 : inLight;
      if (better) {
        sharing.namedAfter = token.key;
        sharing.namedAfterInLight = inLight;
      }
      sharings.set(id, sharing);
    }
  }
  const shared = [...sharings.values()].filter((sharing) => sharing.tokens.size >= 2);
  const primitives: ImportedPrimitive[] = [];
  const nameById = new Map<string, string>();
  for (const type of PRIMITIVE_TYPES) {
    const ofType = shared.filter((sharing) => sharing.type === type).sort((a, b) => compareKeys(a.namedAfter, b.namedAfter));
    const names = uniqueNames(ofType.map((sharing) => sharing.namedAfter.split('.')));
    for (const [index, sharing] of ofType.entries()) {
      const name = itemAt(names, index);
      primitives.push({ type, name, value: sharing.value });
      nameById.set(sharingKey(type, sharing.value), `${type}.${name}`);
    }
  }
  const primitiveAt = (token: ImportedToken, place: string): string | undefined => {
    const value = valuesByKey.get(token.key)?.get(place);
    return value === undefined || !isPrimitiveType(token.type) ? undefined : nameById.get(sharingKey(token.type, value));
  };
  return { tokens: tokens.map((token) => (isPrimitiveType(token.type) ? usePrimitives(token, primitiveAt) : token)), primitives };
}

/** A token naming its primitive where one holds its value; a mode over a light primitive gets its fields complete. */
function usePrimitives(token: ImportedToken, primitiveAt: (token: ImportedToken, place: string) => string | undefined): ImportedToken {
  const base = valueFields(token.fields);
  const lightPrimitive = primitiveAt(token, 'light');
  const fields = lightPrimitive === undefined ? token.fields : withValue(token.fields, { primitive: lightPrimitive });
  const modes = mapModes(token.modes, (override, mode) => {
    const primitive = primitiveAt(token, mode);
    if (primitive !== undefined) return { primitive };
    // Inline fields over a primitive must be complete: write what the mode had over the light fields.
    return lightPrimitive === undefined ? override : fieldsInMode(token.type, base, override);
  });
  return { ...token, fields, modes };
}

/** `fields` with its value fields replaced by `value`, written where the first of them was. */
function withValue(fields: Fields, value: Fields): Fields {
  const entries: [string, WrittenValue][] = [];
  let placed = false;
  for (const [name, field] of Object.entries(fields)) {
    if (META_FIELDS.has(name)) entries.push([name, field]);
    else if (!placed) {
      entries.push(...Object.entries(value));
      placed = true;
    }
  }
  return Object.fromEntries(placed ? entries : [...entries, ...Object.entries(value)]);
}

// ---------------------------------------------------------------------------------------------------------------------
// Names

/**
 * A name for each path: its last segment, with more segments joined by `-` for as long as two paths share a name;
 * paths that still share one (`a.b-c` and `a-b.c`) are numbered, `-2`, `-3`, ..., after the first.
 */
export function uniqueNames(paths: readonly (readonly string[])[]): string[] {
  const depths = paths.map(() => 1);
  const nameAt = (index: number): string => itemAt(paths, index).slice(-itemAt(depths, index)).join('-');
  for (let grew = true; grew;) {
    grew = false;
    const byName = new Map<string, number[]>();
    for (const index of paths.keys()) {
      const name = nameAt(index);
      const sharing = byName.get(name);
      if (sharing === undefined) byName.set(name, [index]);
      else sharing.push(index);
    }
    for (const indices of byName.values()) {
      if (indices.length < 2) continue;
      for (const index of indices) {
        const depth = itemAt(depths, index);
        if (depth >= itemAt(paths, index).length) continue;
        depths[index] = depth + 1;
        grew = true;
      }
    }
  }
  const names = paths.map((_, index) => nameAt(index));
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let number = 2;
    while (taken.has(`${name}-${number}`)) number += 1;
    const numbered = `${name}-${number}`;
    taken.add(numbered);
    return numbered;
  });
}
