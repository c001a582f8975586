import Color from 'colorjs.io';
import { describe, expect, it } from 'vitest';
import { chromaOf, deltaE2000Of } from '../../src/mcp/delta-e-2000.js';
import { findTokenForValue, readSoughtValue } from '../../src/mcp/tools/find-token-for-value.js';
import { labOf, valueIndexOf } from '../../src/mcp/value-index.js';
import { compileExample, compileFiles } from '../helpers/fixtures.js';
import { bruteForceFindTokenForValue } from './brute-force-find.js';

/** Deterministic numbers in [0, 1) (mulberry32), so a failure names the same colors every run. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hexOf = (n: number): string => `#${(n & 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`;

describe('deltaE2000Of', () => {
  it('gives the bits colorjs.io gives, on 3,000 random pairs and the greys', () => {
    const random = randomFrom(36);
    const pairs: [number, number][] = Array.from({ length: 3000 }, () => [
      Math.floor(random() * 0x1000000),
      Math.floor(random() * 0x1000000),
    ]);
    pairs.push([0, 0xffffff], [0x808080, 0x808080], [0x777777, 0x787878]);
    for (const [one, other] of pairs) {
      const channels = (n: number): [number, number, number] => [(n >> 16) & 255, (n >> 8) & 255, n & 255];
      const [l1, a1, b1] = labOf(...channels(one));
      const [l2, a2, b2] = labOf(...channels(other));
      const want = new Color('srgb', channels(one).map((c) => c / 255) as [number, number, number]).deltaE2000(
        new Color('srgb', channels(other).map((c) => c / 255) as [number, number, number]),
      );
      expect(
        deltaE2000Of(l1, a1, b1, chromaOf(a1, b1), { l: l2, a: a2, b: b2, chroma: chromaOf(a2, b2) }),
        `${hexOf(one)} ${hexOf(other)}`,
      ).toBe(want);
    }
  });
});

describe('find_token_for_value over the value index', () => {
  it.each(['acme', 'acme-docs', 'harbor'])(
    'answers %s exactly as the brute force did, for its own values and random ones',
    async (slug) => {
      const system = await compileExample(slug);
      const random = randomFrom(slug.length);
      const texts = ['#2563EB', '#000', '#FFFFFF80', '16px', '1rem', '0px', '13.5px', '-4px', '9999px'];
      for (const token of system.tokens)
        for (const value of Object.values(token.resolved)) {
          if (value.kind === 'color') texts.push(hexOf((value.color.red << 16) | (value.color.green << 8) | value.color.blue));
        }
      for (let index = 0; index < 200; index += 1) texts.push(hexOf(Math.floor(random() * 0x1000000)));
      for (const text of texts) {
        const query = readSoughtValue(text);
        if (query === undefined) throw new Error(text);
        for (const limit of [1, 5, 100])
          expect(findTokenForValue(system, query, limit), `${text} ${limit}`).toEqual(bruteForceFindTokenForValue(system, query, limit));
      }
    },
  );

  it('answers as the brute force did on ties: many tokens of one color, lengths of one size in px and rem', () => {
    const lines = ['tokens:'];
    for (let index = 0; index < 40; index += 1) lines.push(`  color.same.c${39 - index}: { type: color, color: "#336699" }`);
    for (let index = 0; index < 30; index += 1)
      lines.push(`  color.other.c${index}: { type: color, color: "${hexOf(0x336699 + (index % 3))}" }`);
    for (let index = 0; index < 12; index += 1)
      lines.push(`  space.s-${index}: { type: dimension, value: ${index % 2 ? 16 : 1}, unit: ${index % 2 ? 'px' : 'rem'} }`);
    const { system, diagnostics } = compileFiles('ties', [
      ['ties/system.yaml', 'name: Ties\n'],
      ['ties/tokens.yaml', `${lines.join('\n')}\n`],
    ]);
    if (system === undefined) throw new Error(`the tie fixture does not compile: ${JSON.stringify(diagnostics)}`);
    for (const text of ['#336699', '#33669A', '#336600', '16px', '1rem', '15px', '17px'])
      for (const limit of [1, 3, 20, 100]) {
        const query = readSoughtValue(text);
        if (query === undefined) throw new Error(text);
        expect(findTokenForValue(system, query, limit), `${text} ${limit}`).toEqual(bruteForceFindTokenForValue(system, query, limit));
      }
  });

  it('is built once per compiled design system: the same index for the same system, a new one after a change', () => {
    const compile = (hex: string) =>
      compileFiles('once', [
        ['once/system.yaml', 'name: Once\n'],
        ['once/tokens.yaml', `tokens:\n  color.a: { type: color, color: "${hex}" }\n`],
      ]).system;
    const first = compile('#112233');
    const changed = compile('#112234');
    if (first === undefined || changed === undefined) throw new Error('the fixture does not compile');
    expect(valueIndexOf(first)).toBe(valueIndexOf(first));
    expect(valueIndexOf(changed)).not.toBe(valueIndexOf(first));
    expect([...valueIndexOf(changed).exactColors.keys()]).toEqual(['#112234']);
  });
});
