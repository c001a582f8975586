import { checkBreakpointOption, checkModeOption, defineFormat } from '../output-format.js';
import { severalFiles } from '../several-files.js';
import { ANDROID_PARAMETERS, androidFiles, androidSymbolOf, lintAndroid, readAndroidOptions } from './export-android.js';
import type { AndroidOptions } from './export-android.js';

/** The row of `/export/android`: a folder of Android resources. */
export const ANDROID_FORMAT = defineFormat<AndroidOptions>({
  path: '/export/android',
  platform: 'native',
  title: 'Android resources: `res/values/` and `res/values-night/`, text appearances',
  description:
    'Android resources (a folder): `res/values/` with the light values and `res/values-night/` with every color’s dark value and each other value that differs: colors `#AARRGGBB`, lengths in dp and text sizes in sp (`dimens.xml`), floats, integers, bools and font families as their Android types, each typography a `TextAppearance.Tokens.<Name>` style, each easing a `pathInterpolator`; `mode=<name>`: that mode’s values alone in `res/values/`.',
  parameters: ANDROID_PARAMETERS,
  readOptions: readAndroidOptions,
  checkOptions(options, system) {
    checkModeOption(options, system);
    checkBreakpointOption(options, system);
  },
  ...severalFiles('android', androidFiles),
  lint: lintAndroid,
  usage: (system, token) => androidSymbolOf(system, token.key),
  // Android alone writes no resource for some types, without a warning (docs/native.md).
  leftOutReason: (token) => `The Android export writes no resource for a \`${token.type}\` token (docs/native.md).`,
  examples: ['', '?references=keep', '?mode=dark'],
  fileName: ({ mode, breakpoint }) => ['android', mode, breakpoint].filter((part) => part !== undefined).join('.'),
  rules: {
    'android-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one Android resource (`font.lineHeight`, `font.line-height`: `@dimen/font_line_height`): the first in key order keeps it; or a key with no letter or digit (`-`, `_._`), left out (a lint of the `android` export)',
    },
    'android-value-left-out': {
      severities: ['warning'],
      reportedBy: 'build',
      catches:
        'a value no Android resource holds (a length in `em`, `%` or a viewport unit, a CSS keyword such as `auto`, a list of lengths, a typography whose font size is one of them): the Android export leaves the token out',
    },
  },
});
