import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../src/compile/diagnostics/rules.js';
import { ALL_RULES, FORMAT_RULES } from '../../../src/views/formats/format-rules.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { compileFiles } from '../../helpers/fixtures.js';

const DESIGNERS_GUIDE = new URL('../../../docs/designers.md', import.meta.url);

/** Every rule id a row declares, with the row, in the table's order (duplicates kept). */
const declared = OUTPUT_FORMAT_IDS.flatMap((id) => Object.keys(OUTPUT_FORMATS[id].rules ?? {}).map((rule) => [rule, id] as const));

/** Tokens that every format's lint has something to say of: names that clash in each language, lengths natives leave out. */
const CLASHING = [
  'tokens:',
  '  dark: { type: spacing, value: 4 }',
  '  space:',
  '    two-xl: { type: spacing, value: 8 }',
  '    twoXl: { type: spacing, value: 9 }',
  '  font.size.body: { type: font.size, value: 16 }',
  '  typography.body: { type: typography, fontFamily: Inter, fontSize: 16, fontWeight: 400, lineHeight: 1.5 }',
  '  tracking.caps: { type: font.letterSpacing, value: 0.05, unit: em }',
  '  gap.wide: { type: spacing, value: 5, unit: vw }',
  '',
].join('\n');

describe('the formats’ lint rules, on their rows', () => {
  it('are declared by one row each, never by the compiler too', () => {
    const ids = declared.map(([rule]) => rule);
    expect(ids.filter((rule, index) => ids.indexOf(rule) !== index)).toEqual([]);
    expect(ids.filter((rule) => Object.hasOwn(RULES, rule))).toEqual([]);
    expect(FORMAT_RULES.size).toBe(ids.length);
  });

  it('are each a row of the docs’ table of rules', async () => {
    const guide = await readFile(DESIGNERS_GUIDE, 'utf8');
    expect(declared.filter(([rule]) => !guide.includes(`\n| \`${rule}\` | `)).map(([rule, id]) => `${id}: ${rule}`)).toEqual([]);
  });

  it('are the rules the lints name: every one a lint reports is declared, and every declared one is reported', () => {
    const { system, diagnostics } = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      ['ds/tokens.yaml', CLASHING],
    ]);
    expect(diagnostics).toEqual([]);
    if (system === undefined) throw new Error('the clashing system does not compile');
    const reported = new Set(OUTPUT_FORMAT_IDS.flatMap((id) => (OUTPUT_FORMATS[id].lint?.(system) ?? []).map(({ rule }) => rule)));
    expect([...reported].filter((rule) => !FORMAT_RULES.has(rule))).toEqual([]);
    expect(declared.map(([rule]) => rule).filter((rule) => !reported.has(rule))).toEqual([]);
  });

  it('sit beside the compiler’s in one list sorted by id, each id once', () => {
    const ids = ALL_RULES.map(([id]) => id);
    expect(ids).toEqual([...new Set(ids)].sort());
    expect(ids.length).toBe(Object.keys(RULES).length + FORMAT_RULES.size);
  });
});
