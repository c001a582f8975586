import { TEXT_TYPE } from '../../shared/rendered.js';
import { defineFormat } from '../output-format.js';
import { COMPOSE_PACKAGE_PARAMETER, composeSymbolOf, lintCompose, readComposeOptions, renderCompose } from './export-compose.js';
import type { ComposeOptions } from './export-compose.js';

/** The row of `/export/compose`: `Tokens.kt` for Jetpack Compose. */
export const COMPOSE_FORMAT = defineFormat<ComposeOptions>({
  path: '/export/compose',
  platform: 'native',
  contentType: TEXT_TYPE,
  title: 'Jetpack Compose: `Tokens.kt`, one object per mode, `LocalTokens`',
  description:
    'A Kotlin file for Jetpack Compose (`Tokens.kt`, in `package`): the `@Immutable` abstract class `Tokens` with one property per token (`Color`, `Dp`, font sizes in `sp`, `TextStyle`, durations in milliseconds), one object per mode (`LightTokens`, `DarkTokens`, `DarkDimmedTokens`, ...), `tokensByMode`, `LocalTokens` and `systemTokens()` on `isSystemInDarkTheme()`.',
  parameters: { package: COMPOSE_PACKAGE_PARAMETER },
  readOptions: readComposeOptions,
  render: renderCompose,
  lint: lintCompose,
  usage: (system, token) => composeSymbolOf(system, token.key),
  examples: ['', '?package=com.acme.tokens'],
  fileName: () => 'Tokens.kt',
});
