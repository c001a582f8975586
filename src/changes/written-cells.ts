import { isWrittenList } from '../compile/narrow-unknown.js';
import { isSystemFilePath } from '../compile/source-paths.js';
import { writtenValueOf } from '../compile/yaml/source-entries.js';
import { newFieldRecord } from '../compile/yaml/field-record.js';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import type { WrittenValue } from '../compile/types.js';
import type { SourceTexts } from './apply-operations.js';
import { NOT_LIGHT_VALUE_FIELDS } from './operations.js';

/** A token as its files write it: its fields (JSON values) and its per-mode overrides (`darkStep` as dark's `step`). */
export interface WrittenToken {
  readonly fields: Readonly<Record<string, WrittenValue>>;
  readonly modes: Readonly<Record<string, Readonly<Record<string, WrittenValue>>>>;
}

/** What one design system's files write, by token key and by `scale/step`: what a merge compares, cell by cell. */
export interface WrittenDesignSystem {
  readonly tokens: ReadonlyMap<string, WrittenToken>;
  /** `<scale>/<step>` -> mode -> color as written. */
  readonly steps: ReadonlyMap<string, Readonly<Record<string, WrittenValue>>>;
}

/** Reads what `sources` write with the compiler's own reader (a file that does not parse contributes nothing). */
export function readWritten(sources: SourceTexts): WrittenDesignSystem {
  const tokens = new Map<string, WrittenToken>();
  const steps = new Map<string, Record<string, WrittenValue>>();
  for (const [path, text] of sources) {
    if (isSystemFilePath(path)) continue;
    const parsed = parseSourceFile(path, text, false);
    for (const entry of parsed.tokens) {
      const fields = newFieldRecord<WrittenValue>();
      for (const [name, located] of Object.entries(entry.fields)) fields[name] = writtenValueOf(located);
      const modes = newFieldRecord<Record<string, WrittenValue>>();
      for (const mode of entry.modes ?? []) {
        const own = newFieldRecord<WrittenValue>();
        for (const [name, located] of Object.entries(mode.fields ?? {})) own[name] = writtenValueOf(located);
        modes[mode.name] = own;
      }
      if (fields['darkStep'] !== undefined) modes['dark'] = { ...modes['dark'], step: fields['darkStep'] };
      if (!tokens.has(entry.key)) tokens.set(entry.key, { fields, modes });
    }
    for (const scale of parsed.scales) {
      for (const step of scale.steps) {
        const colors = newFieldRecord<WrittenValue>();
        if (step.light !== undefined) colors['light'] = writtenValueOf(step.light);
        if (step.dark !== undefined) colors['dark'] = writtenValueOf(step.dark);
        for (const other of step.others) colors[other.name] = writtenValueOf(other.value);
        steps.set(`${scale.name}/${step.step}`, colors);
      }
    }
  }
  return { tokens, steps };
}

/** A token's value fields in `mode` as written (light: its own; another mode: its override, undefined when none). */
export function writtenValueIn(token: WrittenToken, mode: string): Readonly<Record<string, WrittenValue>> | undefined {
  if (mode !== 'light') return token.modes[mode];
  const fields = newFieldRecord<WrittenValue>();
  for (const [name, value] of Object.entries(token.fields)) if (!NOT_LIGHT_VALUE_FIELDS.has(name)) fields[name] = value;
  return fields;
}

/** Whether two written values are the same, whatever order their fields are written in. */
export function sameWritten(a: WrittenValue | undefined, b: WrittenValue | undefined): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: WrittenValue | undefined): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (isWrittenList(value)) return `[${value.map((item) => canonical(item)).join(',')}]`;
  const record = value;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
    .join(',')}}`;
}
