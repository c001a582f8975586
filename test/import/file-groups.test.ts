import { describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';

/** A flat-named system as many write it (`color-bg-primary-1`, no dots), `count` tokens over the usual groups. */
function flatTokens(count: number, prefix = ''): Record<string, unknown> {
  const families: [string, number, (index: number) => unknown][] = [
    ['color-bg', 0.2, (index) => ({ $type: 'color', $value: `#${(index * 4099).toString(16).padStart(6, '0').slice(-6)}` })],
    ['color-text', 0.15, (index) => ({ $type: 'color', $value: `#${(index * 7919).toString(16).padStart(6, '0').slice(-6)}` })],
    ['color-border', 0.1, (index) => ({ $type: 'color', $value: `#${(index * 104729).toString(16).padStart(6, '0').slice(-6)}` })],
    ['color-icon', 0.05, (index) => ({ $type: 'color', $value: `#${(index * 1299709).toString(16).padStart(6, '0').slice(-6)}` })],
    ['spacing', 0.1, (index) => ({ $type: 'dimension', $value: `${index + 1}px` })],
    ['size', 0.15, (index) => ({ $type: 'dimension', $value: `${index + 1}px` })],
    ['font-size', 0.05, (index) => ({ $type: 'dimension', $value: `${index + 10}px` })],
    ['radius', 0.05, (index) => ({ $type: 'dimension', $value: `${index}px` })],
    ['duration', 0.05, (index) => ({ $type: 'duration', $value: `${index * 10}ms` })],
    ['shadow-blur', 0.05, (index) => ({ $type: 'dimension', $value: `${index * 2}px` })],
    ['border-width', 0.05, (index) => ({ $type: 'dimension', $value: `${index % 8}px` })],
  ];
  const tokens: Record<string, unknown> = {};
  for (const [family, share, value] of families)
    for (let index = 0; index < Math.round(count * share); index += 1) tokens[`${prefix}${family}-${index}`] = value(index);
  return tokens;
}

const tokenFiles = (files: ReadonlyMap<string, string>) => [...files.keys()].filter((path) => path.startsWith('tokens/')).sort();
const importDocument = (document: unknown) =>
  importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'flat', name: 'Flat' });

describe('import: how tokens are grouped into files', () => {
  it('one file per top-level group while that gives at most 30 files of at most 500 tokens (as before)', () => {
    const result = importDocument({
      color: { $type: 'color', ink: { $value: '#111111' }, paper: { $value: '#FFFFFF' } },
      spacing: { $type: 'dimension', md: { $value: '16px' } },
      'font-size': { $type: 'dimension', body: { $value: '16px' } },
    });
    expect(tokenFiles(result.files)).toEqual(['tokens/color.yaml', 'tokens/font-size.yaml', 'tokens/spacing.yaml']);
  });

  it('2,000 flat names (`color-bg-12`, no dots): files by the names’ words, large groups split, small ones in misc.yaml', () => {
    const result = importDocument(flatTokens(2000));
    expect(result.tokens).toHaveLength(2000);
    expect(result.compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(tokenFiles(result.files)).toEqual([
      'tokens/border.yaml',
      'tokens/color-bg.yaml',
      'tokens/color-border.yaml',
      'tokens/color-icon.yaml',
      'tokens/color-text.yaml',
      'tokens/duration.yaml',
      'tokens/font.yaml',
      'tokens/radius.yaml',
      'tokens/shadow.yaml',
      'tokens/size.yaml',
      'tokens/spacing.yaml',
    ]);
    expect(result.files.get('tokens/color-bg.yaml')?.split('\n')[2]).toBe('  color-bg-0: { type: color, color: "#000000" }');
  });

  it('2,000 tokens all under one top-level group: split by the next word of their names', () => {
    const result = importDocument({ acme: flatTokens(2000) });
    expect(result.tokens).toHaveLength(2000);
    const files = tokenFiles(result.files);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.length).toBeLessThanOrEqual(30);
    expect(files).toContain('tokens/acme-color-bg.yaml');
  });

  it('many small top-level groups: those under 10 tokens share misc.yaml, and never more than 30 files', () => {
    const document: Record<string, unknown> = {};
    for (let group = 0; group < 60; group += 1) {
      const tokens: Record<string, unknown> = { $type: 'dimension' };
      for (let index = 0; index < (group < 20 ? 12 : 3); index += 1) tokens[`s${index}`] = { $value: `${index}px` };
      document[`g${group}`] = tokens;
    }
    const files = tokenFiles(importDocument(document).files);
    expect(files).toHaveLength(21);
    expect(files).toContain('tokens/misc.yaml');
    expect(files).toContain('tokens/g0.yaml');
    expect(files).not.toContain('tokens/g20.yaml');
  });
});
