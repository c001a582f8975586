import { ANDROID_FORMAT } from './android/android-format.js';
import { COMPOSE_FORMAT } from './compose/compose-format.js';
import { CSS_FORMAT, TAILWIND_FORMAT } from './css/css-format.js';
import { JSON_FORMAT, RESOLVER_FORMAT } from './dtcg/dtcg-format.js';
import { FIGMA_FORMAT } from './figma/figma-format.js';
import { FLUTTER_FORMAT } from './flutter/flutter-format.js';
import { IOS_FORMAT } from './ios/ios-format.js';
import { DTS_FORMAT, JS_FORMAT, TS_FORMAT } from './js/js-format.js';
import type { OutputFormat } from './output-format.js';
import { LESS_FORMAT, SCSS_FORMAT } from './preprocessors/preprocessors-format.js';
import { REACT_NATIVE_FORMAT } from './react-native/react-native-format.js';

/** The table of rows: each format's row lives in its family's folder (`<family>/<family>-format.ts`). */
const TABLE = {
  css: CSS_FORMAT,
  json: JSON_FORMAT,
  resolver: RESOLVER_FORMAT,
  ts: TS_FORMAT,
  tailwind: TAILWIND_FORMAT,
  js: JS_FORMAT,
  dts: DTS_FORMAT,
  scss: SCSS_FORMAT,
  less: LESS_FORMAT,
  compose: COMPOSE_FORMAT,
  'react-native': REACT_NATIVE_FORMAT,
  android: ANDROID_FORMAT,
  ios: IOS_FORMAT,
  flutter: FLUTTER_FORMAT,
  figma: FIGMA_FORMAT,
};

/** The id of an output format: its key in `OUTPUT_FORMATS`. */
export type FormatId = keyof typeof TABLE;

/** The parsed options of format `Id`. */
export type OptionsOf<Id extends FormatId> = (typeof TABLE)[Id] extends OutputFormat<infer Options> ? Options : never;

/**
 * Every output format by id, in the order the API lists them (the order of the stored bodies): one row per format
 * with its route, content type, parameters, reading of the parameters, render, examples and offline file name.
 * A new format is one folder with its row, and one line here.
 * @example OUTPUT_FORMATS.css.render(system, OUTPUT_FORMATS.css.readOptions({ theme: 'media' })) // ':root { ... }'
 */
export const OUTPUT_FORMATS: { readonly [Id in FormatId]: OutputFormat<OptionsOf<Id>> } = TABLE;

/** Whether `id` names an output format. */
export function isFormatId(id: string): id is FormatId {
  return Object.hasOwn(OUTPUT_FORMATS, id);
}

/** Every format id, in the table's order. */
export const OUTPUT_FORMAT_IDS: readonly FormatId[] = Object.keys(OUTPUT_FORMATS).filter(isFormatId);
