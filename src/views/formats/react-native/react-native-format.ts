import { TEXT_TYPE } from '../../shared/rendered.js';
import { defineFormat, withoutParameters } from '../output-format.js';
import type { NoOptions } from '../output-format.js';
import { lintReactNative, reactNativeSymbolOf, renderReactNative } from './export-react-native.js';

/** The row of `/export/react-native`: a TypeScript module for React Native. */
export const REACT_NATIVE_FORMAT = defineFormat<NoOptions>({
  path: '/export/react-native',
  platform: 'native',
  contentType: TEXT_TYPE,
  title: 'React Native module (TypeScript): one object per mode, `useTokens()` on `useColorScheme()`',
  description:
    'A TypeScript module for React Native (Metro compiles it as it is): `light`, `dark` and each further mode (in camelCase) as one object frozen at every level, typed `Tokens`; `modes` by mode name; `tokensFor(mode)`; `useTokens()`, light or dark as `useColorScheme()` says. Lengths in density-independent pixels (px as is, rem x 16), colours `#RRGGBB` or `#RRGGBBAA`, typographies as `TextStyle` properties, shadows as `boxShadow` strings, durations in ms.',
  ...withoutParameters('tokens.react-native.ts'),
  render: renderReactNative,
  lint: lintReactNative,
  usage: (system, token) => reactNativeSymbolOf(system, token.key),
  rules: {
    'react-native-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one property in the React Native module (`font.lineHeight`, `font.line-height`): the first in key order keeps it (a lint of the `react-native` export)',
    },
    'react-native-value-left-out': {
      severities: ['warning'],
      reportedBy: 'build',
      catches:
        'a value React Native cannot hold (a length in `em`, `%` or a viewport unit outside a typography, a CSS keyword but `auto`, a stroke style but solid, dotted, dashed): the React Native export leaves the token out',
    },
  },
});
