import { describePosition, describeValue } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { SourceFileEntries } from '../yaml/source-entries.js';
import { isPrimitiveType, PRIMITIVE_TYPES } from '../types.js';
import type { Primitive, PrimitiveType, SourcePosition } from '../types.js';
import { parseDimension } from '../values/parse-values.js';
import { PRIMITIVE_RULES } from '../fields/value-rules.js';

/** A checked primitive with its type and where it is defined. */
export interface PrimitiveDefinition extends Primitive {
  readonly type: PrimitiveType;
  readonly pos: SourcePosition;
}

/** The primitives of every file by `<type>.<key>`, merged and checked: a known type, defined once, a valid value. */
export function mergePrimitives(files: readonly SourceFileEntries[], report: Report): Map<string, PrimitiveDefinition> {
  const primitives = new Map<string, PrimitiveDefinition>();
  for (const file of files) {
    for (const entry of file.primitives) {
      if (!isPrimitiveType(entry.type)) {
        report(
          entry.pos,
          'unknown-primitive-type',
          () => `unknown primitive type \`${entry.type}\`${didYouMean(entry.type, PRIMITIVE_TYPES)}`,
        );
        continue;
      }
      const name = `${entry.type}.${entry.key}`;
      const first = primitives.get(name);
      if (first !== undefined) {
        report(entry.pos, 'duplicate-key', `primitive \`${name}\` is already defined at ${describePosition(first.pos)}`);
        continue;
      }
      const rule = PRIMITIVE_RULES[entry.type];
      const written = entry.value.value;
      // A type with lengths also takes one as text (`1.5rem`): its number is checked like a bare one.
      const length = rule.units === undefined ? undefined : parseDimension(written, rule.units, null);
      const problem = rule.check(length === undefined ? written : length.value);
      if (problem !== undefined) {
        const units =
          rule.units === undefined || typeof written === 'number'
            ? ''
            : ` (a number in ${rule.unit ?? 'no unit'}, or text in ${rule.units.join(', ')} like \`1.5${rule.units[1] ?? 'rem'}\`)`;
        report(entry.value.pos, 'invalid-value', `primitive \`${name}\` must be ${problem}${units}, got ${describeValue(written)}`);
        continue;
      }
      primitives.set(name, {
        type: entry.type,
        key: entry.key,
        value: length === undefined ? (written as number | string) : length.value,
        unit: length === undefined ? rule.unit : length.unit,
        pos: entry.pos,
      });
    }
  }
  return primitives;
}
