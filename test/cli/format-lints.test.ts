import { describe, expect, it } from 'vitest';
import { validateInputSync } from '../../src/cli/validate.js';

// The export formats' lints (a name clash in one language) reach `validate`, at the token's definition.
const files = (tokens: string) => [
  { path: 'shop/system.yaml', text: 'name: Shop\nid: shop\n' },
  { path: 'shop/tokens.yaml', text: tokens },
];

describe('validate runs each export format’s lint', () => {
  it('reports each format’s name clash at the token, once per format, beside the compiler’s own CSS clash', () => {
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
      // `two-xl` and `twoXl` get one name in every language; each format names its own.
      'ds/shop/tokens.yaml:5:5 android-name-clash',
      'ds/shop/tokens.yaml:5:5 compose-name-clash',
      'ds/shop/tokens.yaml:5:5 css-name-clash',
      'ds/shop/tokens.yaml:5:5 flutter-name-clash',
      'ds/shop/tokens.yaml:5:5 ios-name-clash',
      'ds/shop/tokens.yaml:5:5 js-name-clash',
      'ds/shop/tokens.yaml:5:5 react-native-name-clash',
    ]);
    expect(report.diagnostics[0]?.message).toBe(
      '`dark` gets the JavaScript name `dark`, which the JavaScript module exports for the mode `dark`: the token has no named export (the mode objects hold it)',
    );
  });

  it('reports nothing for a design system every format writes without a clash', () => {
    // An `em` length the native formats leave out is a note `build` tells, not a problem `validate` reports.
    const report = validateInputSync({
      files: files(
        'tokens:\n  space:\n    sm: { type: spacing, value: 8 }\n  tracking:\n    caps: { type: font.letterSpacing, value: 0.05, unit: em }\n',
      ),
      keys: undefined,
      sourcePrefix: 'ds',
      now: 0,
    });
    expect(report.diagnostics).toEqual([]);
  });
});
