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
});
