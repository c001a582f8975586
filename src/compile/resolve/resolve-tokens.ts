import { describePosition } from '../diagnostics/message-text.js';
import type { PrimitiveDefinition } from './merge-primitives.js';
import type { ScaleSteps } from './merge-scales.js';
import { draftsPerMode } from '../fields/mode-fields.js';
import type { ModeDrafts } from '../fields/mode-fields.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import { reportingOnce } from '../diagnostics/pending-diagnostic.js';
import type { TokenDraft } from '../fields/read-token-draft.js';
import { buildComposite } from './resolve-composite.js';
import type { PartResolver } from './resolve-composite.js';
import { colorOf, warnOfRedundantDarkStep } from './resolve-color.js';
import { withAlpha } from '../values/parse-color.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { sameTypedValue, typedValueOfPrimitive } from '../fields/typed-values.js';
import { atBreakpoint, modeOf } from '../fields/breakpoint-modes.js';
import { valueAt } from '../checked-access.js';
import type {
  BreakpointDefinition,
  ModeDefinition,
  ModeValues,
  Rgba,
  SourcePosition,
  TokenReferences,
  TokenType,
  TypedValue,
} from '../types.js';
import type { ColorTokenShadowDraft, PartDraft, PrimitiveRefDraft, ValueDraft } from '../fields/value-draft.js';

/** A draft resolved: the draft, its value draft and value in every mode, and what its value refers to per mode (when it refers to any token). */
export interface ResolvedToken {
  readonly draft: TokenDraft;
  readonly drafts: ModeDrafts;
  readonly values: ModeValues<TypedValue>;
  readonly references: Readonly<Record<string, TokenReferences>> | undefined;
  /** Per mode, how many references its value goes through at most (absent: none). */
  readonly depths: Readonly<Record<string, number>> | undefined;
  /** Per breakpoint, the value in every mode; undefined when the value is the same at every breakpoint. */
  readonly responsive: Readonly<Record<string, ModeValues<TypedValue>>> | undefined;
}

/** A token resolved earlier, which a resolution of only some tokens may refer to (see {@link ResolveOptions}). */
export interface KnownToken {
  readonly draft: TokenDraft;
  readonly values: ModeValues<TypedValue>;
  readonly depths: Readonly<Record<string, number>> | undefined;
}

/** What an incremental compile asks of a resolution: tokens resolved before, and what each token's work touched. */
export interface ResolveOptions {
  /** A token outside `drafts` that a reference may name: it keeps the values it had (it is not resolved again). */
  readonly known?: (key: string) => KnownToken | undefined;
  readonly trace?: TokenTrace;
  /** The design system's breakpoints: each token is resolved at each of them too (none: as before). */
  readonly breakpoints?: readonly BreakpointDefinition[];
}

/** Told which token each problem belongs to and which tokens each token's value consulted. */
export interface TokenTrace {
  /** The token whose draft, values or names are being worked on from now (undefined: none). */
  owner(key: string | undefined): void;
  /** The current token's value followed a reference to `to` (whether or not it resolved). */
  follow(from: string, to: string): void;
}

/** A shadow, border or gradient written `value: none`. */
const NONE: TypedValue = Object.freeze({ kind: 'keyword', keyword: 'none' });

/** How many references a value may go through before the chain is refused (real chains are 2 to 4 long). */
export const MAX_REFERENCE_DEPTH = 64;

/** What is known of one token while its values are resolved. */
interface TokenProgress {
  readonly draft: TokenDraft;
  /** Its value draft in each mode once read (undefined when its fields make none); null until read. */
  perMode: ModeDrafts | undefined | null;
  /** Its value in each mode resolved so far: the object that becomes its `values`. */
  readonly values: Record<string, TypedValue>;
  /** What its value refers to in each mode, once it refers to a token in any. */
  references: Record<string, TokenReferences> | undefined;
  /**
   * Per mode, how many references its value goes through at most (absent: none). Counted on the chain, not the
   * recursion: a target resolved earlier pushes no frame, so only this keeps a chain whose keys sort tail first
   * within the limit.
   */
  depths: Record<string, number> | undefined;
  /** The modes whose value does not resolve. */
  failedModes: Set<string> | undefined;
}

/**
 * One value being resolved: its token, its mode, where the reference it is following was written, and the most
 * references any of its references has gone through so far (its depth).
 */
interface Frame {
  readonly key: string;
  readonly progress: TokenProgress;
  readonly mode: string;
  referencePos: SourcePosition | undefined;
  depth: number;
}

/** The state of one resolution, shared by its steps: its inputs, what is known of each token so far, the reference stack. */
interface Resolution {
  readonly drafts: ReadonlyMap<string, TokenDraft>;
  readonly scales: ScaleSteps;
  readonly primitives: ReadonlyMap<string, PrimitiveDefinition>;
  readonly modes: readonly ModeDefinition[];
  readonly modesByName: ReadonlyMap<string, ModeDefinition>;
  readonly breakpoints: readonly BreakpointDefinition[];
  readonly known: ResolveOptions['known'];
  readonly trace: TokenTrace | undefined;
  /** Positions belong to one token each, so one filter passes each problem on once, as one per token would. */
  readonly reportOnce: Report;
  /** Which token the problems reported now belong to (told to `trace`). */
  owner: string | undefined;
  /** One record per token of what is known of it so far: one map look-up per token met, not one per fact. */
  readonly progressByKey: Map<string, TokenProgress>;
  /** Tokens resolved before (an incremental compile): their values as they were, never worked on again here. */
  readonly knownByKey: Map<string, TokenProgress>;
  readonly primitiveValues: Map<string, TypedValue>;
  readonly reportedCycles: Set<string>;
  readonly stack: Frame[];
  /** Tokens on the same scale step share one value object: 10,000 tokens hold a few hundred colors. */
  readonly colorValues: Map<Rgba, TypedValue>;
}

/**
 * The value in every mode of every draft that resolves, following references to primitives, scales and other tokens
 * (whole values, composite parts, shadow and gradient colors) mode by mode: a token refers to its target's value in
 * the same mode. A reference to nothing, to a token of a type the place does not take, or round in a circle is
 * reported; a token whose target does not resolve is left out without a message of its own (the target has one).
 * The tokens that resolve come in the order of `drafts`.
 */
export function resolveTokens(
  drafts: ReadonlyMap<string, TokenDraft>,
  scales: ScaleSteps,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  modes: readonly ModeDefinition[],
  report: Report,
  options: ResolveOptions = {},
): ResolvedToken[] {
  const resolution: Resolution = {
    drafts,
    scales,
    primitives,
    modes,
    modesByName: new Map(modes.map((mode) => [mode.name, mode])),
    breakpoints: options.breakpoints ?? [],
    known: options.known,
    trace: options.trace,
    reportOnce: reportingOnce(report),
    owner: undefined,
    progressByKey: new Map(),
    knownByKey: new Map(),
    primitiveValues: new Map(),
    reportedCycles: new Set(),
    stack: [],
    colorValues: new Map(),
  };
  // The same records in a list, walked at the end. `forEach` rather than `for...of`: no iterator step object per token.
  const progressList: TokenProgress[] = [];
  drafts.forEach((draft) => {
    const progress: TokenProgress = { draft, perMode: null, values: {}, references: undefined, depths: undefined, failedModes: undefined };
    resolution.progressByKey.set(draft.entry.key, progress);
    progressList.push(progress);
  });
  const resolved: ResolvedToken[] = [];
  for (const progress of progressList) {
    const token = resolveToken(resolution, progress);
    if (token !== undefined) resolved.push(token);
  }
  ownBy(resolution, undefined);
  return resolved;
}

/** The token of `progress` resolved in every mode (and at every breakpoint), or undefined when some value does not resolve. */
function resolveToken(resolution: Resolution, progress: TokenProgress): ResolvedToken | undefined {
  const { modes, breakpoints } = resolution;
  const { draft, values } = progress;
  ownBy(resolution, draft.entry.key);
  const perMode = valueDraftsOf(resolution, progress);
  if (perMode === undefined) return undefined;
  const lightDraft = perMode.get('light');
  const sharesLight = lightDraft !== undefined && !followsMode(lightDraft);
  let ok = true;
  for (const mode of modes) {
    // A mode with the light draft has the light value, unless the value follows the mode (a scale, a reference).
    const light = values['light'];
    if (light !== undefined && sharesLight && perMode.get(mode.name) === lightDraft) values[mode.name] = light;
    else if (valueIn(resolution, progress, mode.name) === undefined) ok = false;
  }
  if (!ok || !inEveryMode(values)) return undefined;
  ownBy(resolution, draft.entry.key);
  const responsive = breakpoints.length === 0 ? undefined : resolveAtBreakpoints(resolution, progress, perMode);
  if (responsive === null) return undefined;
  if (draft.type === 'color') warnOfRedundantDarkStep(draft, lightDraft, resolution.scales, resolution.reportOnce);
  const { depths } = progress;
  if (responsive === undefined) return { draft, drafts: perMode, values, references: progress.references, depths, responsive };
  return { draft, drafts: perMode, ...responsive, depths, responsive: responsive.responsive };
}

function ownBy(resolution: Resolution, key: string | undefined): void {
  resolution.owner = key;
  resolution.trace?.owner(key);
}

function valueDraftsOf(resolution: Resolution, progress: TokenProgress): ModeDrafts | undefined {
  if (progress.perMode === null) {
    const { modes, modesByName, reportOnce, breakpoints } = resolution;
    progress.perMode = draftsPerMode(progress.draft, modes, modesByName, reportOnce, breakpoints);
  }
  return progress.perMode;
}

function progressOf(resolution: Resolution, key: string): TokenProgress | undefined {
  const progress = resolution.progressByKey.get(key) ?? resolution.knownByKey.get(key);
  if (progress !== undefined || resolution.known === undefined) return progress;
  const token = resolution.known(key);
  if (token === undefined) return undefined;
  // Read only: a known token has no value drafts (`perMode` undefined), so no value of it is written again.
  const values: Record<string, TypedValue> = token.values;
  const depths = token.depths === undefined ? undefined : { ...token.depths };
  const made: TokenProgress = { draft: token.draft, perMode: undefined, values, references: undefined, depths, failedModes: undefined };
  resolution.knownByKey.set(key, made);
  return made;
}

function colorValue(resolution: Resolution, color: Rgba): TypedValue {
  let value = resolution.colorValues.get(color);
  if (value === undefined) {
    value = { kind: 'color', color };
    resolution.colorValues.set(color, value);
  }
  return value;
}

function recordReference(progress: TokenProgress, mode: string, update: (current: TokenReferences) => TokenReferences): void {
  progress.references ??= {};
  progress.references[mode] = update(progress.references[mode] ?? {});
}

/** The value of the token of `progress` in `mode`, or undefined when it does not resolve (reported, or its cause is). */
function valueIn(resolution: Resolution, progress: TokenProgress, mode: string): TypedValue | undefined {
  const known = progress.values[mode];
  if (known !== undefined) return known;
  if (progress.failedModes?.has(mode) === true) return undefined;
  const outer = resolution.owner;
  ownBy(resolution, progress.draft.entry.key);
  const value = valueOfDraft(resolution, progress, mode);
  ownBy(resolution, outer);
  return value;
}

function valueOfDraft(resolution: Resolution, progress: TokenProgress, mode: string): TypedValue | undefined {
  const { draft } = progress;
  const valueDraft = valueDraftsOf(resolution, progress)?.get(mode);
  if (valueDraft === undefined) {
    // Its fields do not make a value: no mode resolves.
    (progress.failedModes ??= new Set()).add(mode);
    return undefined;
  }
  const frame: Frame = { key: draft.entry.key, progress, mode, referencePos: undefined, depth: 0 };
  resolution.stack.push(frame);
  const value = computeValue(resolution, draft, mode, valueDraft, frame);
  resolution.stack.pop();
  if (value === undefined) (progress.failedModes ??= new Set()).add(mode);
  else {
    progress.values[mode] = value;
    if (frame.depth > 0) (progress.depths ??= {})[mode] = frame.depth;
  }
  return value;
}

/** Whether the value of `key` in `mode` is being resolved (a reference to it closes a circle); chains are short. */
const isOnStack = (stack: readonly Frame[], key: string, mode: string): boolean =>
  stack.some((frame) => frame.key === key && frame.mode === mode);

/**
 * The value of `targetKey` in `mode` for a reference written at `pos` in the frame's token, which only takes `types`;
 * undefined when it does not resolve. Reports a missing target, a wrong type, a cycle and a deprecated target.
 */
function follow(
  resolution: Resolution,
  frame: Frame,
  targetKey: string,
  pos: SourcePosition,
  types: readonly TokenType[],
  rules: FollowRules,
): TypedValue | undefined {
  const { reportOnce, stack } = resolution;
  resolution.trace?.follow(frame.key, targetKey);
  const targetProgress = progressOf(resolution, targetKey);
  if (targetProgress === undefined) {
    reportOnce(
      pos,
      rules.unknown,
      () =>
        `\`${frame.key}\` refers to unknown ${rules.unknown === 'unknown-color-token' ? 'color token' : 'token'} \`${targetKey}\`${didYouMean(targetKey, resolution.drafts.keys())}`,
    );
    return undefined;
  }
  const target = targetProgress.draft;
  if (!types.includes(target.type)) {
    const wanted = `a ${[types.slice(0, -1).join(', '), ...types.slice(-1)].filter((part) => part !== '').join(' or ')} token`;
    reportOnce(pos, rules.mismatch, `${rules.place} of \`${frame.key}\` must name ${wanted}; \`${targetKey}\` is a ${target.type} token`);
    return undefined;
  }
  if (target.deprecated !== undefined) reportDeprecatedTarget(reportOnce, frame.key, targetKey, target.deprecated, pos);
  frame.referencePos = pos;
  if (isOnStack(stack, targetKey, frame.mode)) {
    reportCycle(resolution, targetKey, frame.mode);
    return undefined;
  }
  if (stack.length > MAX_REFERENCE_DEPTH) {
    // Deep recursion: the token whose chain is too long is the one resolution started from; every token on the way fails with it.
    const [first] = stack;
    if (first?.referencePos !== undefined) reportTooDeep(reportOnce, first.key, first.referencePos);
    return undefined;
  }
  const value = valueIn(resolution, targetProgress, frame.mode);
  if (value === undefined) return undefined;
  const depth = 1 + (targetProgress.depths?.[frame.mode] ?? 0);
  if (depth > MAX_REFERENCE_DEPTH) {
    // A target resolved before (its own chain just within the limit): this token is the first past it.
    reportTooDeep(reportOnce, frame.key, pos);
    return undefined;
  }
  if (depth > frame.depth) frame.depth = depth;
  return value;
}

function reportDeprecatedTarget(
  reportOnce: Report,
  key: string,
  targetKey: string,
  { message, replacement }: NonNullable<TokenDraft['deprecated']>,
  pos: SourcePosition,
): void {
  const why = message === null ? '' : `: ${message}`;
  const instead = replacement === null ? '' : ` (use \`${replacement}\`)`;
  reportOnce(pos, 'deprecated-reference', `\`${key}\` refers to \`${targetKey}\`, which is deprecated${why}${instead}`, 'warning');
}

function reportTooDeep(reportOnce: Report, key: string, pos: SourcePosition): void {
  reportOnce(pos, 'reference-depth', `\`${key}\` resolves through more than ${MAX_REFERENCE_DEPTH} references; shorten the chain`);
}

/** Reports the cycle that closes at `key` once, at the reference of its first member in key order. */
function reportCycle(resolution: Resolution, key: string, mode: string): void {
  const { stack, reportedCycles } = resolution;
  const start = stack.findIndex((frame) => frame.key === key && frame.mode === mode);
  const members = stack.slice(start);
  for (const member of members) (member.progress.failedModes ??= new Set()).add(mode);
  const signature = members
    .map((member) => member.key)
    .sort()
    .join('\u0000');
  if (reportedCycles.has(signature)) return;
  reportedCycles.add(signature);
  let first = 0;
  for (const [index, member] of members.entries()) if (member.key < (members[first]?.key ?? member.key)) first = index;
  // Every member follows a reference (the one that closes the circle among them): each has its place.
  const ordered = [...members.slice(first), ...members.slice(0, first)].flatMap(({ key: memberKey, referencePos }) =>
    referencePos === undefined ? [] : [{ key: memberKey, pos: referencePos }],
  );
  const chain = ordered.map((member) => `\`${member.key}\` (${describePosition(member.pos)})`).join(' → ');
  const [head] = ordered;
  if (head === undefined) return;
  resolution.reportOnce(
    head.pos,
    'reference-cycle',
    `${chain} → \`${head.key}\`: these references go round in a circle; one of them must give a value`,
  );
}

function computeValue(resolution: Resolution, draft: TokenDraft, mode: string, value: ValueDraft, frame: Frame): TypedValue | undefined {
  switch (value.kind) {
    case 'ref': {
      const target = follow(resolution, frame, value.key, value.pos, [draft.type], WHOLE_VALUE);
      if (target === undefined) return undefined;
      // A color's `alpha` beside `ref` replaces the alpha of the color it names, as on a scale step.
      const { key: targetKey, alpha } = value;
      recordReference(frame.progress, mode, (current) => ({ ...current, ref: targetKey, ...(alpha === undefined ? {} : { alpha }) }));
      return alpha === undefined || target.kind !== 'color' ? target : colorValue(resolution, withAlpha(target.color, alpha));
    }
    case 'none':
      return NONE;
    case 'primitive':
      return primitiveValue(resolution, draft, value);
    case 'scaleColor':
    case 'literalColor': {
      const color = colorOf(draft.entry.key, modeOf(mode), value, resolution.scales, resolution.reportOnce);
      return color === undefined ? undefined : colorValue(resolution, color);
    }
    case 'colorTokenShadow':
      return colorTokenShadow(resolution, value, frame);
    case 'typography':
    case 'border':
    case 'transition':
    case 'gradient':
    case 'layersShadow': {
      const parts: PartResolver = (path, targetKey, pos, types, verbatim) => {
        const target = follow(resolution, frame, targetKey, pos, types, PART_VALUE(path));
        if (target !== undefined && verbatim) {
          recordReference(frame.progress, mode, (current) => ({ ...current, parts: { ...current.parts, [path]: targetKey } }));
        } else if (target !== undefined) {
          recordReference(frame.progress, mode, (current) => ({ ...current, adjusted: { ...current.adjusted, [path]: targetKey } }));
        }
        return target;
      };
      return buildComposite(value, parts);
    }
    case 'literal':
      return value.value;
  }
}

function primitiveValue(resolution: Resolution, draft: TokenDraft, { name, pos }: PrimitiveRefDraft): TypedValue | undefined {
  const { primitives, reportOnce: report } = resolution;
  const { entry, type } = draft;
  const primitive = primitives.get(name);
  if (primitive === undefined) {
    report(
      pos,
      'unknown-primitive',
      () => `\`${entry.key}\` refers to unknown primitive \`${name}\`${didYouMean(name, primitives.keys())}`,
    );
    return undefined;
  }
  if (primitive.type !== type) {
    report(pos, 'primitive-type-mismatch', `${type} token \`${entry.key}\` cannot use \`${name}\`, a ${primitive.type} primitive`);
    return undefined;
  }
  let value = resolution.primitiveValues.get(name);
  if (value === undefined) {
    value = typedValueOfPrimitive(primitive.type, primitive);
    resolution.primitiveValues.set(name, value);
  }
  return value;
}

/** The spec's one-layer shadow: its color token's color in this mode, that color's alpha times the shadow's `opacity`. */
function colorTokenShadow(resolution: Resolution, shadow: ColorTokenShadowDraft, frame: Frame): TypedValue | undefined {
  const { colorToken } = shadow;
  const color = follow(resolution, frame, colorToken.value, colorToken.pos, ['color'], COLOR_TOKEN);
  if (color?.kind !== 'color') return undefined;
  const px = (name: 'x' | 'y' | 'blur' | 'spread') => ({ value: shadow[name], unit: 'px' as const });
  const base = color.color;
  const { opacity } = shadow;
  // An opaque color keeps the opacity exactly as written; a translucent one multiplies, rounded past float noise.
  const alpha = base.alpha === 1 ? opacity : Math.round(base.alpha * opacity * 10000) / 10000;
  const layer = { offsetX: px('x'), offsetY: px('y'), blur: px('blur'), spread: px('spread'), color: { ...base, alpha }, inset: false };
  return { kind: 'shadow', layers: [layer], text: null };
}

/** A token's values and references by mode, and by breakpoint its values when any differs from its mode's. */
interface AtBreakpoints {
  readonly values: ModeValues<TypedValue>;
  readonly references: Record<string, TokenReferences> | undefined;
  readonly responsive: Record<string, ModeValues<TypedValue>> | undefined;
}

/**
 * A token's value at each breakpoint in each mode, resolved under the names {@link atBreakpoint} makes; then its
 * values and references by mode again, and by breakpoint the values when any differs from its mode's. Null when a
 * value at a breakpoint does not resolve (reported).
 */
function resolveAtBreakpoints(resolution: Resolution, progress: TokenProgress, perMode: ModeDrafts): AtBreakpoints | null {
  const { modes, breakpoints } = resolution;
  const { values } = progress;
  let differs = false;
  for (const mode of modes) {
    const own = valueAt(values, mode.name);
    const modeDraft = perMode.get(mode.name);
    for (const breakpoint of breakpoints) {
      const name = atBreakpoint(mode.name, breakpoint.name);
      const draftThere = perMode.get(name);
      // The mode's draft, not following another token: the mode's value (a scale has no colors per breakpoint).
      const value =
        draftThere === modeDraft && draftThere !== undefined && !followsBreakpoint(draftThere) ? own : valueIn(resolution, progress, name);
      if (value === undefined) return null;
      values[name] = value;
      if (value !== own && !sameTypedValue(value, own)) differs = true;
    }
  }
  const byMode = valuesInModes(modes, (mode) => valueAt(values, mode));
  const references = progress.references === undefined ? undefined : referencesByMode(modes, progress.references);
  if (!differs) return { values: byMode, references, responsive: undefined };
  const responsive: Record<string, ModeValues<TypedValue>> = {};
  for (const breakpoint of breakpoints) {
    responsive[breakpoint.name] = valuesInModes(modes, (mode) => valueAt(values, atBreakpoint(mode, breakpoint.name)));
  }
  return { values: byMode, references, responsive };
}

/** The value `valueOf` gives each mode, as the values of a token (every design system has `light` and `dark`). */
function valuesInModes(modes: readonly ModeDefinition[], valueOf: (mode: string) => TypedValue): ModeValues<TypedValue> {
  const byMode: Record<string, TypedValue> = {};
  for (const mode of modes) byMode[mode.name] = valueOf(mode.name);
  if (!inEveryMode(byMode)) throw new RangeError('a design system without the light or the dark mode');
  return byMode;
}

/** The references of the modes themselves, without those at breakpoints. */
function referencesByMode(
  modes: readonly ModeDefinition[],
  all: Record<string, TokenReferences>,
): Record<string, TokenReferences> | undefined {
  let byMode: Record<string, TokenReferences> | undefined;
  for (const mode of modes) {
    const references = all[mode.name];
    if (references !== undefined) (byMode ??= {})[mode.name] = references;
  }
  return byMode;
}

/** Whether a value drafted as `draft` can differ between breakpoints that share the draft: one that refers to another token. */
function followsBreakpoint(draft: ValueDraft): boolean {
  return draft.kind !== 'scaleColor' && draft.kind !== 'literalColor' && followsMode(draft);
}

/** Whether a token's values resolved so far hold the two modes every design system has (then every mode: see above). */
const inEveryMode = (values: Record<string, TypedValue>): values is Record<string, TypedValue> & ModeValues<TypedValue> =>
  values['light'] !== undefined && values['dark'] !== undefined;

/**
 * Whether a value drafted as `draft` can differ between modes that share the draft: a color (its scale has a color per
 * mode), a shadow in a color token's color, anything that refers to another token.
 */
function followsMode(draft: ValueDraft): boolean {
  switch (draft.kind) {
    case 'ref':
    case 'scaleColor':
    case 'literalColor':
    case 'colorTokenShadow':
      return true;
    case 'typography':
      return [draft.fontFamily, draft.fontSize, draft.fontWeight, draft.lineHeight, draft.letterSpacing].some(isReference);
    case 'border':
      return [draft.width, draft.style, draft.color].some(isReference);
    case 'transition':
      return [draft.duration, draft.delay, draft.timingFunction].some(isReference);
    case 'gradient':
      return draft.stops.some((stop) => isReference(stop.color));
    case 'layersShadow':
      return draft.layers.some((layer) => isReference(layer.color));
    case 'primitive':
    case 'none':
    case 'literal':
      return false;
  }
}

const isReference = (part: PartDraft<TypedValue> | undefined): boolean => part?.ref !== undefined;
/** Which rules a reference reports, and how a message names the place it is written. */
interface FollowRules {
  readonly unknown: 'unknown-reference' | 'unknown-color-token';
  readonly mismatch: 'reference-type-mismatch' | 'color-token-not-color';
  readonly place: string;
}
const WHOLE_VALUE: FollowRules = { unknown: 'unknown-reference', mismatch: 'reference-type-mismatch', place: '`ref`' };
const COLOR_TOKEN: FollowRules = { unknown: 'unknown-color-token', mismatch: 'color-token-not-color', place: '`colorToken`' };
const PART_VALUE = (path: string): FollowRules => ({
  unknown: 'unknown-reference',
  mismatch: 'reference-type-mismatch',
  place: `\`${path}\``,
});
