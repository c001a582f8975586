import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';

// The export formats' lints (a name clash in one language) reach `validate`, at the token's definition.
const files = (tokens: string) => [
  { path: 'shop/system.yaml', text: 'name: Shop\nid: shop\n' },
  { path: 'shop/tokens.yaml', text: tokens },
];

describe('validate runs each export format’s lint', () => {
  it('reports a JavaScript name clash at the token, once, beside the compiler’s own CSS clash', () => {
    const report = validateInputSync({
      files: files(
        'tokens:\n  dark: { type: spacing, value: 4 }\n  space:\n    two-xl: { type: spacing, value: 8 }\n    twoXl: { type: spacing, value: 9 }\n',
      ),
      keys: undefined,
      sourcePrefix: 'ds',
      now: 0,
    });
    expect(report.diagnostics.map(({ file, line, column, rule }) => `${file}:${line}:${column} ${rule}`)).toEqual([
      'ds/shop/tokens.yaml:2:3 js-name-clash',
      'ds/shop/tokens.yaml:5:5 css-name-clash',
      'ds/shop/tokens.yaml:5:5 js-name-clash',
    ]);
    expect(report.diagnostics[0]?.message).toBe(
      '`dark` gets the JavaScript name `dark`, which the JavaScript module exports for the mode `dark`: the token has no named export (the mode objects hold it)',
    );
  });

  it('reports nothing for a design system every format writes without a clash', () => {
    const report = validateInputSync({
      files: files('tokens:\n  space:\n    sm: { type: spacing, value: 8 }\n'),
      keys: undefined,
      sourcePrefix: 'ds',
      now: 0,
    });
    expect(report.diagnostics).toEqual([]);
  });
});
