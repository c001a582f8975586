import { defineFormat, withoutParameters } from '../output-format.js';
import type { NoOptions } from '../output-format.js';
import { severalFiles } from '../several-files.js';
import { iosFiles, iosSymbolOf, lintIos } from './export-ios.js';

/** The row of `/export/ios`: `Tokens.xcassets` and `Tokens.swift`. */
export const IOS_FORMAT = defineFormat<NoOptions>({
  path: '/export/ios',
  platform: 'native',
  title: 'iOS: `Tokens.xcassets` color sets and `Tokens.swift`',
  description:
    'iOS (a folder): `Tokens.xcassets` with a color set per color token (Any, Dark, and with a high-contrast mode High Contrast and Dark + High Contrast), and `Tokens.swift`: the namespace `Tokens` (colors from the catalog as `Color` and `UIColor`, lengths as `CGFloat` points, px as pt and rem × 16, durations as `TimeInterval` seconds, weights as `Font.Weight`, typography, shadow, border, transition and gradient structs), the protocol `TokenTheme` with one type per mode (`LightTheme`, `DarkDimmedTheme`, ...) and `TokenThemes`.',
  ...withoutParameters('ios'),
  ...severalFiles('ios', iosFiles),
  lint: lintIos,
  usage: (system, token) => iosSymbolOf(system, token.key),
  rules: {
    'ios-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one Swift name, color set or theme property in the iOS export (`font.lineHeight`, `font.line-height`: `Tokens.Font.lineHeight`), or color sets that differ in case only (`ab.c`, `a.bc`: `AbC`, `ABc`, one folder on a Mac’s disk): the first in key order keeps it; or a key with no letter or digit (`-`, `_._`), left out (a lint of the `ios` export)',
    },
    'ios-value-left-out': {
      severities: ['warning'],
      reportedBy: 'build',
      catches:
        'a value iOS has no size or type for (a length in `em`, `%` or a viewport unit outside a typography’s letter spacing, a CSS keyword such as `auto`): the iOS export leaves the token out',
    },
  },
});
