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
});
