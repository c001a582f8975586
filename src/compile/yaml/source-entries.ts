import type { Diagnostic, SourcePosition, WrittenValue } from '../types.js';

/** A YAML value with the place it was written (once checked, what its check made sure of). */
export interface Located<Value = unknown> {
  readonly value: Value;
  readonly pos: SourcePosition;
}

/** A field's value as the API serves it: the YAML readers give JSON's values (strings, numbers, booleans, null, lists, mappings). */
export const writtenValueOf = (field: Located): WrittenValue => field.value as WrittenValue;

/** Value fields by name, each with the place it was written (defaults sit at their token). */
export type ValueFields = Readonly<Record<string, Located>>;

/** A mapping entry whose value is itself a mapping: its name, where the name is, and its fields (undefined when the value is not a mapping). */
export interface NamedFields {
  readonly name: string;
  readonly pos: SourcePosition;
  /** Where the value is (the name's position when it is empty). */
  readonly valuePos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>> | undefined;
}

/** One step of a scale as written: its `light` and `dark` colors when given, and its other fields (further modes, or problems). */
export interface ScaleStepEntry {
  readonly step: number;
  readonly pos: SourcePosition;
  readonly light: Located | undefined;
  readonly dark: Located | undefined;
  readonly others: readonly { readonly name: string; readonly pos: SourcePosition; readonly value: Located }[];
}

/** One scale as written under `scales`. */
export interface ScaleEntry {
  readonly name: string;
  readonly pos: SourcePosition;
  readonly steps: readonly ScaleStepEntry[];
}

/** One primitive as written under `primitives.<type>`. */
export interface PrimitiveEntry {
  readonly type: string;
  readonly key: string;
  readonly pos: SourcePosition;
  readonly value: Located;
}

/** One token as written under `tokens`: its full dotted key and its fields (`type` among them, a string). */
export interface TokenEntry {
  readonly key: string;
  readonly pos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>>;
  /** The entries of its `modes` field when that is a mapping. */
  readonly modes: readonly NamedFields[] | undefined;
  /** The entries of its `breakpoints` field when that is a mapping; absent when it has none. */
  readonly breakpoints?: readonly BreakpointEntry[];
}

/** One entry of a token's `breakpoints`: its value fields for that breakpoint, and the entries of its own `modes`. */
export interface BreakpointEntry extends NamedFields {
  readonly modes: readonly NamedFields[] | undefined;
}

/** A group key seen in a tokens tree, kept to detect token/group clashes. */
export interface GroupEntry {
  readonly key: string;
  readonly pos: SourcePosition;
}

/** The fields of `system.yaml` as written. */
export interface SystemEntry {
  readonly pos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>>;
  /** The entries of its `modes` field when that is a mapping. */
  readonly modes: readonly NamedFields[] | undefined;
  /** The entries of its `breakpoints` field when that is a mapping. */
  readonly breakpoints?: readonly NamedFields[];
}

/** The `contrast` section of a file as written: where its key is, its fields, and the entries of `pairs` when a mapping. */
export interface ContrastEntry {
  readonly pos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>>;
  readonly pairs: readonly NamedFields[] | undefined;
}

/** What one YAML file contributes to its design system, with positions, and the problems local to it. */
export interface SourceFileEntries {
  readonly path: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly system: SystemEntry | undefined;
  readonly scales: readonly ScaleEntry[];
  readonly primitives: readonly PrimitiveEntry[];
  readonly tokens: readonly TokenEntry[];
  readonly groups: readonly GroupEntry[];
  /** The file's `contrast` section, when it has one. */
  readonly contrast?: ContrastEntry;
}
