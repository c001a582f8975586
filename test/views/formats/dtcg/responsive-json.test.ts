import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { systemAtBreakpoint } from '../../../../src/views/shared/breakpoint-systems.js';
import { formatCssValue } from '../../../../src/views/shared/css-values.js';
import { compileFiles, compileFixture } from '../../../helpers/fixtures.js';
import { canonicalDtcgValue, canonicalTypedValue, loadDtcgSchemas, parseWithTerrazzo } from '../../../interop/dtcg-consumers.js';

/**
 * `/export/json` of a design system with breakpoints, both forms, read as a consumer reads them: the breakpoints from
 * the root group's `$extensions["com.service"].breakpoints`, a token's value in a mode at a width from the widest
 * breakpoint at or below it whose entry the token has (mobile first), else its own; each mode's value there from
 * `dark` or `modes.<mode>`, else the entry's light value. Every token in every mode at every breakpoint must read back
 * as the compiled system at that breakpoint has it; the strict form must stay valid under the official 2025.10 schema
 * and parse with Terrazzo without a message.
 */
const json = OUTPUT_FORMATS.json;
const BREAKPOINTS = ['base', 'md', 'lg'] as const;

type Leaf = Record<string, unknown>;
interface Entry {
  readonly value?: unknown;
  readonly dark?: unknown;
  readonly modes?: Readonly<Record<string, unknown>>;
}

function leafAt(tree: unknown, key: string): Leaf {
  return key.split('.').reduce<unknown>((node, segment) => (node as Leaf)[segment], tree) as Leaf;
}

const service = (node: Leaf): Leaf | undefined => (node['$extensions'] as Record<string, Leaf> | undefined)?.['com.service'];

/** A mode's value in a `{ value, dark, modes }` record: `dark`, or `modes.<mode>`, where given, else the light value. */
function inMode(entry: Entry, light: unknown, mode: string): unknown {
  if (mode === 'light') return light;
  const own = mode === 'dark' ? entry.dark : entry.modes?.[mode];
  return own ?? light;
}

/** A token's value in `mode` at breakpoint `at`, read mobile first from its leaf. */
function readAt(leaf: Leaf, at: string, mode: string): unknown {
  const breakpoints = (service(leaf)?.['breakpoints'] ?? {}) as Record<string, Entry>;
  const reached = BREAKPOINTS.slice(1, BREAKPOINTS.indexOf(at as (typeof BREAKPOINTS)[number]) + 1);
  const name = [...reached].reverse().find((breakpoint) => breakpoints[breakpoint] !== undefined);
  if (name === undefined) return inMode(service(leaf) ?? {}, leaf['$value'], mode);
  const entry = breakpoints[name] as Entry;
  return inMode(entry, entry.value, mode);
}

describe('/export/json of a design system with breakpoints', () => {
  let system: CompiledDesignSystem;
  let plain: Leaf;
  let strict: Leaf;
  beforeAll(async () => {
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    plain = JSON.parse(json.render(system, json.readOptions({}))) as Leaf;
    strict = JSON.parse(json.render(system, json.readOptions({ spec: '2025.10' }))) as Leaf;
  });

  it('describes the breakpoints in the root group’s $extensions, in both forms', () => {
    const described = {
      md: { minWidth: '48rem', container: null, condition: '(min-width: 48rem)' },
      lg: { minWidth: '1024px', container: null, condition: '(min-width: 1024px)' },
    };
    for (const tree of [plain, strict]) {
      expect(Object.keys(tree)[0]).toBe('$extensions');
      expect(tree['$extensions']).toEqual({ 'com.service': { breakpoints: described } });
    }
  });

  it('string values: every token in every mode at every breakpoint reads back as the system there has it', () => {
    for (const breakpoint of BREAKPOINTS) {
      const there = systemAtBreakpoint(system, breakpoint);
      for (const token of there.tokens)
        for (const { name: mode } of system.modes) {
          const want = formatCssValue(token.resolved[mode] ?? token.resolved.light);
          expect([breakpoint, mode, token.key, readAt(leafAt(plain, token.key), breakpoint, mode)]).toEqual([
            breakpoint,
            mode,
            token.key,
            want,
          ]);
        }
    }
    expect(service(leafAt(plain, 'space.inset'))?.['breakpoints']).toEqual({
      lg: { value: '12px', dark: '14px', modes: { 'dark-dimmed': '14px' } },
    });
    // A fluid length keeps its clamp() at each breakpoint.
    expect(service(leafAt(plain, 'font.size.display'))?.['breakpoints']).toEqual({
      lg: { value: 'clamp(2.5rem, -1.1923rem + 5.7692vw, 4rem)' },
    });
  });

  it('DTCG 2025.10: valid under the official schema, read by Terrazzo without a message, every value at every breakpoint', async () => {
    const { format } = loadDtcgSchemas();
    expect(format(strict), JSON.stringify(format.errors)).toBe(true);
    const { messages } = await parseWithTerrazzo(strict, 'responsive.2025.10.json');
    expect(messages).toEqual([]);
    for (const breakpoint of BREAKPOINTS) {
      const there = systemAtBreakpoint(system, breakpoint);
      for (const token of there.tokens) {
        const leaf = leafAt(strict, token.key);
        for (const { name: mode } of system.modes) {
          const want = canonicalTypedValue(token.resolved[mode] ?? token.resolved.light);
          const got = canonicalDtcgValue(leaf['$type'] as string, readAt(leaf, breakpoint, mode));
          expect([breakpoint, mode, token.key, got]).toEqual([breakpoint, mode, token.key, want]);
        }
      }
    }
    expect(service(leafAt(strict, 'space.inset'))?.['breakpoints']).toEqual({
      lg: { value: { value: 12, unit: 'px' }, dark: { value: 14, unit: 'px' }, modes: { 'dark-dimmed': { value: 14, unit: 'px' } } },
    });
    // Members stay in a leaf's sorted order: `$extensions` before `$type` and `$value`.
    expect(Object.keys(leafAt(strict, 'space.gutter'))).toEqual(['$extensions', '$type', '$value']);
  });

  it('DTCG 2025.10: a value of another DTCG type at a breakpoint names it, one with no DTCG shape is CSS text', () => {
    const odd = compileFiles(
      'odd',
      Object.entries({
        'odd/system.yaml': 'name: Odd\nbreakpoints:\n  md: { min-width: 600px }\n',
        'odd/tokens.yaml': [
          'tokens:',
          '  space.relative: { type: spacing, value: 8, breakpoints: { md: { value: 0.5, unit: em } } }',
          '  size.max: { type: dimension, value: 100, unit: px, breakpoints: { md: { value: fit-content } } }',
          '  space.inset: { type: spacing, value: [8px, 16px], breakpoints: { md: { value: [12px, 24px] } } }',
          '',
        ].join('\n'),
      }),
    ).system as CompiledDesignSystem;
    const tree = JSON.parse(json.render(odd, json.readOptions({ spec: '2025.10' }))) as Leaf;
    expect(loadDtcgSchemas().format(tree)).toBe(true);
    expect(service(leafAt(tree, 'space.relative'))?.['breakpoints']).toEqual({ md: { type: 'number', value: 0.5, unit: 'em' } });
    expect(service(leafAt(tree, 'size.max'))?.['breakpoints']).toEqual({ md: { css: 'fit-content' } });
    expect(service(leafAt(tree, 'space.inset'))).toEqual({
      type: 'spacing',
      value: '8px 16px',
      breakpoints: { md: { value: '12px 24px' } },
    });
  });
});
