import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayReadFast, readFast } from '../../src/compile/yaml/read-yaml-fast.js';
import { readSimple } from '../../src/compile/yaml/read-yaml-simple.js';
import type { SourceNode } from '../../src/compile/yaml/source-node.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith('.yaml') ? [path] : [];
  });
}

const EXAMPLES = yamlFiles('design-systems').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const FIXTURES = yamlFiles('test/fixtures').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
// Plain JavaScript without declarations: imported by a path the type checker does not resolve.
const generator = '../../bench/generate.mjs';
const generate = (await import(generator)) as {
  generateDesignSystem(options: { slug: string; tokens: number; seed: number }): { files: Map<string, string> };
};
const GENERATED = [1, 7].flatMap((seed) =>
  [...generate.generateDesignSystem({ slug: `generated${seed}`, tokens: 1500, seed }).files].map(([path, text]) => ({ path, text })),
);

/** What the fast reader (js-yaml) reads, or the error it throws (which sends the file to the precise reader). */
function readWithJsYaml(path: string, text: string): SourceNode | null | Error {
  try {
    return readFast(path, text);
  } catch (error) {
    return error as Error;
  }
}

/** The simple reader either leaves the text to the fast reader (undefined) or reads exactly what the fast reader reads. */
function expectSameAsFastReader(path: string, text: string): boolean {
  const simple = readSimple(path, text);
  if (simple === undefined) return false;
  expect(simple, `${path}: ${JSON.stringify(text.slice(0, 200))}`).toStrictEqual(readWithJsYaml(path, text));
  return true;
}

describe('the simple YAML reader', () => {
  it('reads every generated file, and every example and fixture it answers, exactly as the fast reader', () => {
    for (const { path, text } of GENERATED) expect(expectSameAsFastReader(path, text), path).toBe(true);
    const answered = [...EXAMPLES, ...FIXTURES].filter(({ path, text }) => expectSameAsFastReader(path, text));
    // Most hand-written files are in its subset (the others use block lists or multi-line scalars, or are broken on purpose).
    expect(answered.length).toBeGreaterThan((EXAMPLES.length + FIXTURES.length) * 0.8);
  });

  it.each([
    ['numbers as js-yaml reads them', 'a: 0\nb: -0\nc: -0.0\nd: 1.0\ne: 0.04\nf: -12.5\ng: 123456789012345\n'],
    ['words of the core schema', 'a: null\nb: Null\nc: TRUE\nd: False\ne: yes\nf: on\ng: tRue\n'],
    ['strings that start like numbers', 'a: 3xs\nb: 2e\nc: 12px\nd: 1.2.3\ne: 10%\nf: -x\ng: x-y\n'],
    ['keys that are not strings', 'True: 1\nnull: 2\n1.50: 3\n100: 4\n'],
    ['quoted scalars and keys', `"a b": "c: d"\n'k': 'it''s'\nc: "# not a comment"\n`],
    ['plain scalars with colons and brackets', 'a: b:c\nb: http://x.y/z\nc: b[c]\nd: {u: http://x}\n'],
    ['flows, nested and empty', 'a: [1, -2, x y, "q", [3], {b: c}]\nb: {}\nc: []\nd: { }\ne: {b: [c, {d: e}], f: g}\n'],
    ['comments and blank lines anywhere', '# head\n\na: 1 # one\n  # indented\n\nb:\n\n  # inside\n  c: 2\n#end'],
    ['empty values and their positions', 'a:\nb:   # comment\nc:   \nd:'],
    ['nesting out and in again', 'a:\n  b:\n    c: 1\n  d: 2\ne: 3'],
    ['an indented root', '  a: 1\n  b: 2\n'],
    ['no content', '# only a comment\n'],
    ['many keys', Array.from({ length: 40 }, (_, index) => `k${index}: ${index}`).join('\n')],
  ])('reads %s as the fast reader does', (_name, text) => {
    expect(expectSameAsFastReader('ds/tokens.yaml', text)).toBe(true);
  });

  it.each([
    ['a block list', 'a:\n  - 1\n  - 2\n'],
    ['a multi-line plain scalar', 'a: one\n  two\n'],
    ['a multi-line flow', 'a: { b: 1,\n  c: 2 }\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
    ['an escape', 'a: "\\u00e9"\n'],
    ['a tab', 'a:\t1\n'],
    ['Windows line ends', 'a: 1\r\nb: 2\r\n'],
    ['a byte order mark', '\uFEFFa: 1\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a duplicate key in a flow', 'a: {b: 1, b: 2}\n'],
    ['a duplicate key in a list', 'a: [{b: 1, b: 2}]\n'],
    ['a duplicate key among many', Array.from({ length: 40 }, (_, index) => `k${index % 39}: ${index}`).join('\n')],
    ['numbers of other spellings', 'a: 007\nb: 1e3\nc: .5\nd: +1\ne: 1.\nf: -.inf\n'],
    ['a long integer', 'a: 1234567890123456\n'],
    ['a mapping where a scalar was expected', 'a: b: c\n'],
    ['a pair in a flow list', 'a: [b: 1]\n'],
    ['an empty value in a flow', 'a: {b: }\n'],
    ['a trailing comma', 'a: {b: 1, }\n'],
    ['a document marker', '---\na: 1\n'],
    ['a root that is not a mapping', '[1, 2]\n'],
    ['a syntax error', 'a: {b: 1\n'],
    ['a line indented between two levels', 'a:\n    b: 1\n  c: 2\n'],
    ['mappings nested past 50 levels', `${Array.from({ length: 60 }, (_, level) => `${' '.repeat(level * 2)}k:`).join('\n')} 1\n`],
    ['flows nested past 50 levels', `a: ${'['.repeat(60)}${']'.repeat(60)}\n`],
  ])('leaves %s to the fast reader', (_name, text) => {
    expect(readSimple('ds/tokens.yaml', text)).toBeUndefined();
  });

  it('reads mutated files exactly as the fast reader, or leaves them to it', () => {
    const pieces = [
      ' ',
      '  ',
      '\n',
      ':',
      ': ',
      '#',
      ' #',
      '{',
      '}',
      '[',
      ']',
      ',',
      '"',
      "'",
      '- ',
      '-',
      '0',
      '00',
      '1.',
      '-0',
      'null',
      'True',
      'x',
      'a b',
      '3xs',
      '1.50',
      '?',
      '&a',
      '*a',
      '|',
      'é',
      '😀',
      '12px',
      '"a: b"',
      'a:b',
      "'it''s'",
    ];
    const seeds = [...EXAMPLES, ...GENERATED.slice(0, 20)].map(({ text }) => text);
    let state = 20261126;
    const random = (below: number): number => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state % below;
    };
    let answered = 0;
    for (let round = 0; round < 3000; round++) {
      let text = seeds[random(seeds.length)] as string;
      for (let change = 0; change <= random(3); change++) {
        const at = random(text.length + 1);
        text =
          random(2) === 0
            ? text.slice(0, at) + (pieces[random(pieces.length)] as string) + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1 + random(4));
      }
      // The simple reader runs only on what passes the fast reader's check, as parseSourceFile calls it.
      if (mayReadFast(text) && expectSameAsFastReader('ds/tokens.yaml', text)) answered += 1;
    }
    expect(answered).toBeGreaterThan(500);
  });
});
