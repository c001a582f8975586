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
  rules: {
    'compose-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one Kotlin name in the Compose export (`font.lineHeight`, `font.line-height`), or a token named like a font family’s names field: the first in key order keeps it; or a key with no letter or digit (`-`, `_._`), left out (a lint of the `compose` export)',
    },
    'compose-value-left-out': {
      severities: ['warning'],
      reportedBy: 'build',
      catches:
        'a value Jetpack Compose cannot hold (a length in `em`, `%` or a viewport unit, a CSS keyword such as `auto`): the Compose export leaves the token out',
    },
  },
});
