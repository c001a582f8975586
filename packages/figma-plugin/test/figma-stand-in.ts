/// <reference types="@figma/plugin-typings/plugin-api.d.ts" />
import type { FigmaHost } from '../src/figma-host.js';

/**
 * A behavioural in-memory stand-in for `figma.variables`, the document's plugin data and the text and effect style
 * APIs, typed against `@figma/plugin-typings` 1.142 (`implements Variable`, `VariableCollection`, `TextStyle`,
 * `EffectStyle`): a change to Figma's API fails the type check here. It models what Figma documents and does:
 * - a collection's modes are limited by the file's plan: `addMode` throws Figma's own `in addMode: Limited to N modes
 *   only` once the collection has N;
 * - mode names of at most 40 characters (longer is refused: the text of that error is the stand-in's);
 * - variable names are unique in their collection, `/` separates groups (no empty group), `.`, `{`, `}` are refused;
 * - a value is of the variable's type; an alias names an existing variable of the same type, never in a cycle; a
 *   composed color (`VariableComposedColor`) only on a `COLOR` variable; numbers are kept as 32-bit floats;
 * - scopes must suit the type (`ALL_SCOPES` alone);
 * - a text style's font fields can be written only after `loadFontAsync` of its font and the new one; a generic
 *   family (`sans-serif`, `system-ui`, `-apple-system`) cannot be loaded;
 * - bound fields of text styles and effects take variables of the field's type.
 * `writes` counts every change made to the file, so "a second apply changes nothing" is the stand-in's word, not the
 * plugin's.
 */
export class FigmaStandIn implements FigmaHost {
  writes = 0;
  readonly variablesById = new Map<string, StandInVariable>();
  readonly collectionsById = new Map<string, StandInCollection>();
  readonly textStyles: StandInTextStyle[] = [];
  readonly effectStyles: StandInEffectStyle[] = [];
  readonly loadedFonts = new Set<string>();
  readonly root: StandInPluginData;
  private nextId = 1;

  constructor(readonly options: { readonly modeLimit?: number; readonly fontAvailable?: (font: FontNameInput) => boolean } = {}) {
    this.root = new StandInPluginData(this);
  }

  newId(prefix: string): string {
    return `${prefix}:${this.nextId++}`;
  }

  wrote(): void {
    this.writes += 1;
  }

  readonly variables: FigmaHost['variables'] = {
    getLocalVariableCollectionsAsync: async () => [...this.collectionsById.values()],
    getLocalVariablesAsync: async (type?: VariableResolvedDataType) =>
      [...this.variablesById.values()].filter((each) => type === undefined || each.resolvedType === type),
    createVariableCollection: (name: string) => {
      const collection = new StandInCollection(this, name);
      this.collectionsById.set(collection.id, collection);
      this.wrote();
      return collection;
    },
    createVariable: (name: string, collection: VariableCollection | string, resolvedType: VariableResolvedDataType) => {
      const owner = this.collectionsById.get(typeof collection === 'string' ? collection : collection.id);
      if (owner === undefined) throw new Error('in createVariable: Collection not found');
      const variable = new StandInVariable(this, owner, resolvedType);
      variable.name = name;
      this.variablesById.set(variable.id, variable);
      this.wrote();
      return variable;
    },
    createVariableAlias: (variable: Variable) => ({ type: 'VARIABLE_ALIAS', id: variable.id }),
    setBoundVariableForEffect: (effect: Effect, field: VariableBindableEffectField, variable: Variable | null) => {
      if (effect.type !== 'DROP_SHADOW' && effect.type !== 'INNER_SHADOW') throw new Error('in setBoundVariableForEffect: not a shadow');
      const bound: { [field in VariableBindableEffectField]?: VariableAlias } = { ...effect.boundVariables };
      if (variable === null) delete bound[field];
      else {
        const want = field === 'color' ? 'COLOR' : 'FLOAT';
        if (variable.resolvedType !== want) throw new Error(`in setBoundVariableForEffect: ${field} takes a ${want} variable`);
        bound[field] = { type: 'VARIABLE_ALIAS', id: variable.id };
      }
      return { ...effect, boundVariables: bound };
    },
  };

  getLocalTextStylesAsync = async (): Promise<TextStyle[]> => [...this.textStyles];
  getLocalEffectStylesAsync = async (): Promise<EffectStyle[]> => [...this.effectStyles];
  createTextStyle = (): TextStyle => {
    const style = new StandInTextStyle(this);
    this.textStyles.push(style);
    this.wrote();
    return style;
  };
  createEffectStyle = (): EffectStyle => {
    const style = new StandInEffectStyle(this);
    this.effectStyles.push(style);
    this.wrote();
    return style;
  };
  loadFontAsync = async (font: FontNameInput): Promise<void> => {
    const available = this.options.fontAvailable ?? ((each: FontNameInput) => !GENERIC_FAMILIES.has(each.family));
    if (!available(font)) throw new Error(`in loadFontAsync: The font "${font.family} ${font.style ?? 'Regular'}" could not be loaded`);
    this.loadedFonts.add(fontKey(font));
  };

  /** The managed variable of a plan id (or undefined). */
  variableOfPlanId(planId: string): StandInVariable | undefined {
    return [...this.variablesById.values()].find((each) => each.getPluginData('planId') === planId);
  }
}

const GENERIC_FAMILIES = new Set([
  'sans-serif',
  'serif',
  'monospace',
  'system-ui',
  'ui-sans-serif',
  'ui-monospace',
  '-apple-system',
  'cursive',
]);
const fontKey = (font: FontNameInput): string => `${font.family}\n${font.style ?? 'Regular'}`;

export class StandInPluginData implements PluginDataMixin {
  private readonly data = new Map<string, string>();
  private readonly shared = new Map<string, string>();
  constructor(protected readonly figma: FigmaStandIn) {}
  getPluginData(key: string): string {
    return this.data.get(key) ?? '';
  }
  setPluginData(key: string, value: string): void {
    if (this.getPluginData(key) === value) return;
    this.figma.wrote();
    if (value === '') this.data.delete(key);
    else this.data.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return [...this.data.keys()];
  }
  getSharedPluginData(namespace: string, key: string): string {
    return this.shared.get(`${namespace}\n${key}`) ?? '';
  }
  setSharedPluginData(namespace: string, key: string, value: string): void {
    this.shared.set(`${namespace}\n${key}`, value);
  }
  getSharedPluginDataKeys(namespace: string): string[] {
    return [...this.shared.keys()].filter((key) => key.startsWith(`${namespace}\n`)).map((key) => key.slice(namespace.length + 1));
  }
}

const MAX_MODE_NAME = 40;

export class StandInCollection extends StandInPluginData implements VariableCollection {
  readonly id: string;
  private currentName: string;
  hiddenFromPublishing = false;
  readonly remote = false;
  readonly isExtension = false;
  readonly key: string;
  private readonly modeList: { modeId: string; name: string }[] = [];

  constructor(figma: FigmaStandIn, name: string) {
    super(figma);
    this.id = figma.newId('VariableCollectionId');
    this.key = this.id;
    this.currentName = name;
    this.modeList.push({ modeId: figma.newId('mode'), name: 'Mode 1' });
  }
  get name(): string {
    return this.currentName;
  }
  set name(name: string) {
    this.figma.wrote();
    this.currentName = name;
  }
  get modes(): { modeId: string; name: string }[] {
    return this.modeList.map((mode) => ({ ...mode }));
  }
  get variableIds(): string[] {
    return [...this.figma.variablesById.values()].filter((each) => each.variableCollectionId === this.id).map((each) => each.id);
  }
  get defaultModeId(): string {
    return (this.modeList[0] as { modeId: string }).modeId;
  }
  async getPublishStatusAsync(): Promise<PublishStatus> {
    return 'UNPUBLISHED';
  }
  extend(): ExtendedVariableCollection {
    throw new Error('in extend: not modelled by the stand-in');
  }
  remove(): void {
    for (const id of this.variableIds) this.figma.variablesById.delete(id);
    this.figma.collectionsById.delete(this.id);
    this.figma.wrote();
  }
  removeMode(modeId: string): void {
    const index = this.modeList.findIndex((mode) => mode.modeId === modeId);
    if (index < 0) throw new Error('in removeMode: Mode not found');
    if (this.modeList.length === 1) throw new Error('in removeMode: Cannot remove the last mode');
    this.modeList.splice(index, 1);
    for (const id of this.variableIds) this.figma.variablesById.get(id)?.forgetMode(modeId);
    this.figma.wrote();
  }
  addMode(name: string): string {
    const limit = this.figma.options.modeLimit;
    if (limit !== undefined && this.modeList.length >= limit) throw new Error(`in addMode: Limited to ${limit} modes only`);
    checkModeName(name);
    const modeId = this.figma.newId('mode');
    this.modeList.push({ modeId, name });
    for (const id of this.variableIds) this.figma.variablesById.get(id)?.fillMode(modeId);
    this.figma.wrote();
    return modeId;
  }
  renameMode(modeId: string, newName: string): void {
    const mode = this.modeList.find((each) => each.modeId === modeId);
    if (mode === undefined) throw new Error('in renameMode: Mode not found');
    checkModeName(newName);
    mode.name = newName;
    this.figma.wrote();
  }
}

function checkModeName(name: string): void {
  if (name.length === 0 || name.length > MAX_MODE_NAME) throw new Error(`Mode names must be 1 to ${MAX_MODE_NAME} characters: "${name}"`);
}

/** What a variable of each type holds when it is made (Figma fills every mode). */
const DEFAULTS: Readonly<Record<VariableResolvedDataType, VariableValue>> = {
  BOOLEAN: false,
  COLOR: { r: 0, g: 0, b: 0, a: 1 },
  FLOAT: 0,
  STRING: '',
  EASING: { type: 'LINEAR' },
  TIMING: 0,
};

/** The scopes each type takes, besides `ALL_SCOPES` (Figma's scope table). */
const SCOPES_BY_TYPE: Readonly<Record<VariableResolvedDataType, readonly VariableScope[]>> = {
  COLOR: ['ALL_FILLS', 'FRAME_FILL', 'SHAPE_FILL', 'TEXT_FILL', 'STROKE_COLOR', 'EFFECT_COLOR'],
  FLOAT: [
    'TEXT_CONTENT',
    'CORNER_RADIUS',
    'WIDTH_HEIGHT',
    'GAP',
    'STROKE_FLOAT',
    'EFFECT_FLOAT',
    'OPACITY',
    'COLOR_OPACITY',
    'FONT_WEIGHT',
    'FONT_SIZE',
    'LINE_HEIGHT',
    'LETTER_SPACING',
    'PARAGRAPH_SPACING',
    'PARAGRAPH_INDENT',
  ],
  STRING: ['TEXT_CONTENT', 'FONT_FAMILY', 'FONT_STYLE'],
  BOOLEAN: [],
  EASING: [],
  TIMING: [],
};

export class StandInVariable extends StandInPluginData implements Variable {
  readonly id: string;
  private currentName = '';
  private currentDescription = '';
  private currentScopes: VariableScope[] = ['ALL_SCOPES'];
  private readonly syntax: { [platform in CodeSyntaxPlatform]?: string } = {};
  private readonly values = new Map<string, VariableValue>();
  hiddenFromPublishing = false;
  readonly remote = false;
  readonly key: string;

  constructor(
    figma: FigmaStandIn,
    private readonly collection: StandInCollection,
    readonly resolvedType: VariableResolvedDataType,
  ) {
    super(figma);
    this.id = figma.newId('VariableID');
    this.key = this.id;
    for (const mode of collection.modes) this.values.set(mode.modeId, structuredClone(DEFAULTS[resolvedType]));
  }
  get variableCollectionId(): string {
    return this.collection.id;
  }
  get name(): string {
    return this.currentName;
  }
  set name(name: string) {
    const segments = name.split('/');
    if (segments.some((segment) => segment.trim() === '') || /[.{}]/.test(name))
      throw new Error(`in set_name: Invalid variable name "${name}"`);
    const clash = [...this.figma.variablesById.values()].find(
      (each) => each !== this && each.variableCollectionId === this.variableCollectionId && each.name === name,
    );
    if (clash !== undefined) throw new Error(`in set_name: A variable named "${name}" already exists in this collection`);
    this.currentName = name;
    this.figma.wrote();
  }
  get description(): string {
    return this.currentDescription;
  }
  set description(text: string) {
    this.currentDescription = text;
    this.figma.wrote();
  }
  get scopes(): VariableScope[] {
    return [...this.currentScopes];
  }
  set scopes(scopes: VariableScope[]) {
    const allowed = SCOPES_BY_TYPE[this.resolvedType];
    const ok =
      scopes.length === 0 || (scopes.length === 1 && scopes[0] === 'ALL_SCOPES') || scopes.every((scope) => allowed.includes(scope));
    if (!ok) throw new Error(`in set_scopes: Invalid scopes for a ${this.resolvedType} variable: ${scopes.join(', ')}`);
    this.currentScopes = [...scopes];
    this.figma.wrote();
  }
  get codeSyntax(): { [platform in CodeSyntaxPlatform]?: string } {
    return { ...this.syntax };
  }
  setVariableCodeSyntax(platform: CodeSyntaxPlatform, value: string): void {
    this.syntax[platform] = value;
    this.figma.wrote();
  }
  removeVariableCodeSyntax(platform: CodeSyntaxPlatform): void {
    delete this.syntax[platform];
    this.figma.wrote();
  }
  get valuesByMode(): { [modeId: string]: VariableValue } {
    return Object.fromEntries([...this.values].map(([mode, value]) => [mode, structuredClone(value)]));
  }
  setValueForMode(modeId: string, newValue: VariableValue): void {
    if (!this.values.has(modeId)) throw new Error('in setValueForMode: Mode not found in the variable’s collection');
    this.values.set(modeId, this.checked(modeId, newValue));
    this.figma.wrote();
  }
  /** The value as Figma keeps it, or an error as Figma throws it. */
  private checked(modeId: string, value: VariableValue): VariableValue {
    const mismatch = (): Error => new Error(`in setValueForMode: Expected a ${this.resolvedType} value, got ${JSON.stringify(value)}`);
    if (typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS') {
      this.checkAlias(modeId, value, this.resolvedType);
      return { type: 'VARIABLE_ALIAS', id: value.id };
    }
    switch (this.resolvedType) {
      case 'BOOLEAN':
        if (typeof value !== 'boolean') throw mismatch();
        return value;
      case 'STRING':
        if (typeof value !== 'string') throw mismatch();
        return value;
      case 'FLOAT':
      case 'TIMING':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch();
        return Math.fround(value);
      case 'EASING': {
        if (typeof value !== 'object' || !('type' in value) || value.type !== 'CUSTOM_CUBIC_BEZIER') throw mismatch();
        const points = value.easingFunctionCubicBezier;
        if (points === undefined) throw mismatch();
        const { x1, y1, x2, y2 } = points;
        return {
          type: 'CUSTOM_CUBIC_BEZIER',
          easingFunctionCubicBezier: { x1: Math.fround(x1), y1: Math.fround(y1), x2: Math.fround(x2), y2: Math.fround(y2) },
        };
      }
      case 'COLOR': {
        if (typeof value !== 'object') throw mismatch();
        if ('opacity' in value) {
          if (typeof value.opacity !== 'number' || !('type' in value.color)) throw mismatch();
          this.checkAlias(modeId, value.color, 'COLOR');
          if (value.opacity < 0 || value.opacity > 100) throw mismatch();
          return { color: { type: 'VARIABLE_ALIAS', id: value.color.id }, opacity: Math.fround(value.opacity) };
        }
        if (!('r' in value)) throw mismatch();
        const channel = (number: number): number => {
          if (!(number >= 0 && number <= 1)) throw mismatch();
          return Math.fround(number);
        };
        return { r: channel(value.r), g: channel(value.g), b: channel(value.b), a: channel('a' in value ? value.a : 1) };
      }
    }
  }
  private checkAlias(modeId: string, alias: VariableAlias, type: VariableResolvedDataType): void {
    const target = this.figma.variablesById.get(alias.id);
    if (target === undefined) throw new Error('in setValueForMode: The aliased variable does not exist');
    if (target.resolvedType !== type)
      throw new Error(`in setValueForMode: Cannot alias a ${target.resolvedType} variable from a ${type} value`);
    // Figma resolves an alias in the same mode; a chain that comes back here is a cycle.
    const seen = new Set([this.id]);
    let next: StandInVariable | undefined = target;
    while (next !== undefined) {
      if (seen.has(next.id)) throw new Error('in setValueForMode: Alias cycle');
      seen.add(next.id);
      const value: VariableValue | undefined = next.values.get(
        next.variableCollectionId === this.variableCollectionId ? modeId : next.collection.defaultModeId,
      );
      const targetId: string | undefined =
        typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS'
          ? value.id
          : typeof value === 'object' && 'opacity' in value && 'type' in value.color
            ? value.color.id
            : undefined;
      next = targetId === undefined ? undefined : this.figma.variablesById.get(targetId);
    }
  }
  /** The value in a mode with aliases followed (a composed color: its color with the opacity as alpha). */
  resolvedIn(modeId: string): VariableValue {
    const value = this.values.get(modeId);
    if (value === undefined) throw new Error(`${this.name} has no value in ${modeId}`);
    if (typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS')
      return (this.figma.variablesById.get(value.id) as StandInVariable).resolvedIn(modeId);
    if (typeof value === 'object' && 'opacity' in value && 'type' in value.color) {
      const color = (this.figma.variablesById.get(value.color.id) as StandInVariable).resolvedIn(modeId) as RGBA;
      return { ...color, a: (value.opacity as number) / 100 };
    }
    return value;
  }
  fillMode(modeId: string): void {
    this.values.set(modeId, structuredClone(DEFAULTS[this.resolvedType]));
  }
  forgetMode(modeId: string): void {
    this.values.delete(modeId);
  }
  resolveForConsumer(): { value: VariableValue; resolvedType: VariableResolvedDataType } {
    return { value: this.resolvedIn(this.collection.defaultModeId), resolvedType: this.resolvedType };
  }
  async getPublishStatusAsync(): Promise<PublishStatus> {
    return 'UNPUBLISHED';
  }
  remove(): void {
    this.figma.variablesById.delete(this.id);
    this.figma.wrote();
  }
  async valuesByModeForCollectionAsync(): Promise<{ [modeId: string]: VariableValue }> {
    return this.valuesByMode;
  }
  removeOverrideForMode(): void {
    throw new Error('in removeOverrideForMode: not modelled by the stand-in (no extended collections)');
  }
}

abstract class StandInStyle extends StandInPluginData {
  readonly id: string;
  private currentName = '';
  private currentDescription = '';
  descriptionMarkdown = '';
  documentationLinks: readonly DocumentationLink[] = [];
  readonly remote = false;
  readonly key: string;
  readonly consumers: StyleConsumers[] = [];
  constructor(figma: FigmaStandIn) {
    super(figma);
    this.id = figma.newId('S');
    this.key = this.id;
  }
  get name(): string {
    return this.currentName;
  }
  set name(name: string) {
    this.currentName = name;
    this.figma.wrote();
  }
  get description(): string {
    return this.currentDescription;
  }
  set description(text: string) {
    this.currentDescription = text;
    this.figma.wrote();
  }
  async getPublishStatusAsync(): Promise<PublishStatus> {
    return 'UNPUBLISHED';
  }
  async getStyleConsumersAsync(): Promise<StyleConsumers[]> {
    return [];
  }
  protected bindable(variable: Variable | null, type: VariableResolvedDataType, field: string): VariableAlias | undefined {
    if (variable === null) return undefined;
    if (!this.figma.variablesById.has(variable.id)) throw new Error(`in setBoundVariable: The variable of ${field} does not exist`);
    if (variable.resolvedType !== type)
      throw new Error(`in setBoundVariable: ${field} takes a ${type} variable, not ${variable.resolvedType}`);
    return { type: 'VARIABLE_ALIAS', id: variable.id };
  }
}

const TEXT_FIELD_TYPES: Readonly<Record<VariableBindableTextField, VariableResolvedDataType>> = {
  fontFamily: 'STRING',
  fontStyle: 'STRING',
  fontSize: 'FLOAT',
  fontWeight: 'FLOAT',
  letterSpacing: 'FLOAT',
  lineHeight: 'FLOAT',
  paragraphSpacing: 'FLOAT',
  paragraphIndent: 'FLOAT',
};

export class StandInTextStyle extends StandInStyle implements TextStyle {
  readonly type = 'TEXT';
  private font: FontName = { family: 'Inter', style: 'Regular' };
  private size = 12;
  private spacing: LetterSpacing = { unit: 'PERCENT', value: 0 };
  private leading: LineHeight = { unit: 'AUTO' };
  textDecoration: TextDecoration = 'NONE';
  leadingTrim: LeadingTrim = 'NONE';
  paragraphIndent = 0;
  paragraphSpacing = 0;
  textWrapStyle: TextWrapStyle = 'AUTO';
  listSpacing = 0;
  hangingPunctuation = false;
  hangingList = false;
  textCase: TextCase = 'ORIGINAL';
  private bound: { [field in VariableBindableTextField]?: VariableAlias } = {};

  private requireFont(field: string, next?: FontName): void {
    for (const font of [this.font, next ?? this.font])
      if (!this.figma.loadedFonts.has(fontKey(font)))
        throw new Error(
          `in set_${field}: Cannot write to node with unloaded font "${font.family} ${font.style}". Please call figma.loadFontAsync`,
        );
  }
  get fontName(): FontName {
    return { ...this.font };
  }
  set fontName(font: FontName) {
    this.requireFont('fontName', font);
    this.font = { family: font.family, style: font.style };
    this.figma.wrote();
  }
  get fontSize(): number {
    return this.size;
  }
  set fontSize(size: number) {
    this.requireFont('fontSize');
    this.size = Math.fround(size);
    this.figma.wrote();
  }
  get letterSpacing(): LetterSpacing {
    return { ...this.spacing };
  }
  set letterSpacing(spacing: LetterSpacing) {
    this.requireFont('letterSpacing');
    this.spacing = { unit: spacing.unit, value: Math.fround(spacing.value) };
    this.figma.wrote();
  }
  get lineHeight(): LineHeight {
    return { ...this.leading };
  }
  set lineHeight(height: LineHeight) {
    this.requireFont('lineHeight');
    this.leading = height.unit === 'AUTO' ? { unit: 'AUTO' } : { unit: height.unit, value: Math.fround(height.value) };
    this.figma.wrote();
  }
  get boundVariables(): { [field in VariableBindableTextField]?: VariableAlias } {
    return { ...this.bound };
  }
  setBoundVariable(field: VariableBindableTextField, variable: Variable | null): void {
    const alias = this.bindable(variable, TEXT_FIELD_TYPES[field], field);
    if (alias === undefined) delete this.bound[field];
    else this.bound[field] = alias;
    this.figma.wrote();
  }
  remove(): void {
    this.figma.textStyles.splice(this.figma.textStyles.indexOf(this), 1);
    this.figma.wrote();
  }
}

export class StandInEffectStyle extends StandInStyle implements EffectStyle {
  readonly type = 'EFFECT';
  private list: readonly Effect[] = [];
  get effects(): readonly Effect[] {
    return structuredClone(this.list);
  }
  set effects(effects: readonly Effect[]) {
    for (const effect of effects) {
      if (effect.type !== 'DROP_SHADOW' && effect.type !== 'INNER_SHADOW') continue;
      for (const [field, alias] of Object.entries(effect.boundVariables ?? {})) {
        const variable = this.figma.variablesById.get(alias.id);
        this.bindable(variable ?? ({ id: alias.id } as Variable), field === 'color' ? 'COLOR' : 'FLOAT', field);
      }
    }
    this.list = structuredClone(effects);
    this.figma.wrote();
  }
  get boundVariables(): { readonly effects?: VariableAlias[] } {
    const aliases = this.list.flatMap((effect) =>
      effect.type === 'DROP_SHADOW' || effect.type === 'INNER_SHADOW' ? Object.values(effect.boundVariables ?? {}) : [],
    );
    return aliases.length === 0 ? {} : { effects: aliases };
  }
  remove(): void {
    this.figma.effectStyles.splice(this.figma.effectStyles.indexOf(this), 1);
    this.figma.wrote();
  }
}
