import { describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';

const importOne = (document: unknown) =>
  importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'ld', name: 'LD' });

/** Every token's key and its modes, as written. */
const keysAndModes = (result: ReturnType<typeof importOne>) =>
  Object.fromEntries(result.tokens.map((token) => [token.key, token.modes === undefined ? [] : Object.keys(token.modes)]));

describe('import: tokens named `light` and `dark` that are not modes', () => {
  it.each([
    [
      'Style Dictionary: `color.text.light` and `.dark` beside other tokens',
      { color: { text: { light: { value: '#FFFFFF' }, dark: { value: '#111111' }, muted: { value: '#666666' } } } },
    ],
    [
      'DTCG: `color.text.light` and `.dark` beside other tokens',
      {
        color: {
          $type: 'color',
          text: { light: { $value: '#FFFFFF' }, dark: { $value: '#111111' }, muted: { $value: '#666666' } },
        },
      },
    ],
  ])('%s stay three tokens', (_, document) => {
    const result = importOne(document);
    expect(keysAndModes(result)).toEqual({ 'color.text.dark': [], 'color.text.light': [], 'color.text.muted': [] });
    expect(result.notes.filter((note) => note.startsWith('mode'))).toEqual([]);
    expect(result.files.get('system.yaml')).toBe('# yaml-language-server: $schema=../../schemas/system.schema.json\nname: LD\n');
  });

  it.each([
    ['Style Dictionary', { surface: { light: { value: '#FFFFFF' }, dark: { value: '#000000' }, default: { value: '#F6F8FA' } } }],
    ['DTCG', { surface: { $type: 'color', light: { $value: '#FFFFFF' }, dark: { $value: '#000000' }, default: { $value: '#F6F8FA' } } }],
  ])('%s: a group whose keys are `light`, `dark`, `default` is three tokens', (_, document) => {
    const result = importOne(document);
    expect(keysAndModes(result)).toEqual({ 'surface.dark': [], 'surface.default': [], 'surface.light': [] });
    expect(result.issues).toEqual([]);
    expect(result.notes.filter((note) => note.startsWith('mode'))).toEqual([]);
  });

  it('a value keyed by `light`/`dark` is still one token with modes (the layout the detector is for)', () => {
    const result = importOne({ surface: { value: { light: '#FFFFFF', dark: '#000000' } } });
    expect(keysAndModes(result)).toEqual({ surface: ['dark'] });
  });
});

describe('import: values that are not keyed by mode', () => {
  it('a composite whose fields are written in kebab case (`font-family`) is not read as modes', () => {
    const result = importOne({
      text: { body: { value: { 'font-family': 'Inter, sans-serif', 'font-size': '16px', 'line-height': 1.5 }, type: 'typography' } },
    });
    expect(result.notes.filter((note) => note.startsWith('mode'))).toEqual([]);
    expect(result.sources.find((source) => source.key === 'text.body')?.modes).toEqual({});
  });
});
