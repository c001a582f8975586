import { TEXT_TYPE } from '../../shared/rendered.js';
import { defineFormat, withoutParameters } from '../output-format.js';
import type { NoOptions } from '../output-format.js';
import { flutterSymbolOf, lintFlutter, renderFlutter } from './export-flutter.js';

/** The row of `/export/flutter`: `tokens.dart`, a `ThemeExtension`. */
export const FLUTTER_FORMAT = defineFormat<NoOptions>({
  path: '/export/flutter',
  platform: 'native',
  contentType: TEXT_TYPE,
  title: 'Flutter: `tokens.dart`, a `ThemeExtension` with a constant per mode',
  description:
    'A Dart file for Flutter (`tokens.dart`): the `@immutable` `ThemeExtension` `DesignTokens` with one final field per token (`Color`, lengths as `double` logical pixels, px as is and rem x 16, `TextStyle`, `List<BoxShadow>`, `Duration`, `Cubic`, `FontWeight`, `BorderSide`, `EdgeInsets`, `LinearGradient`), `copyWith` and `lerp`, one `static const` per mode (`light`, `dark`, `darkDimmed`, ...), `modes` by mode name, and MaterialApp’s `theme`, `darkTheme`, `highContrastTheme` and `highContrastDarkTheme`.',
  ...withoutParameters('tokens.dart'),
  render: renderFlutter,
  lint: lintFlutter,
  usage: (system, token) => flutterSymbolOf(system, token.key),
  rules: {
    'flutter-name-clash': {
      severities: ['warning'],
      catches:
        'two tokens that get one Dart name in the Flutter export (`font.lineHeight`, `font.line-height`: `fontLineHeight`): the first in key order keeps it (a lint of the `flutter` export)',
    },
    'flutter-value-left-out': {
      severities: ['warning'],
      reportedBy: 'build',
      catches:
        'a value Flutter cannot hold (a length in `em`, `%` or a viewport unit outside a text style, a CSS keyword such as `auto`, an inset shadow, a border neither solid nor none): the Flutter export leaves the token out',
    },
  },
});
