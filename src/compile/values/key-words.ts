/** A segment that is one lowercase word already (the common case): no splitting needed. */
const SINGLE_WORD = /^[a-z0-9]+$/;

/**
 * The words of a key segment, lowercased: split at `-`, `_` and lower-to-upper case changes. Every naming of the
 * exports (kebab-case, camelCase, snake_case, Tailwind) joins these words, so two keys with the same words collide.
 * @example wordsOfSegment('onPrimary') // ['on', 'primary']
 */
export function wordsOfSegment(segment: string): string[] {
  if (SINGLE_WORD.test(segment)) return [segment];
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_ ]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

const DOT = 0x2e;
const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;
const SPACE = 0x20;
const isUppercase = (code: number): boolean => code >= 0x41 && code <= 0x5a;
const isLowercaseOrDigit = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
const appendWord = (words: string, separator: string, word: string): string => (words === '' ? word : `${words}${separator}${word}`);

/** The words of a whole dotted key, joined with `-`: equal for keys that get the same exported names. */
export function wordsOfKey(key: string): string {
  return joinedWordsOfKey(key, '-');
}

/**
 * The words of a key joined with `.`: equal between two keys exactly when their {@link wordsOfKey} are (no word holds
 * `.` nor `-`), and the key itself when it is plain (lowercase letters and digits between single dots), so comparing
 * the names of plain keys makes no string.
 * @example dottedWordsOfKey('color.onPrimary') // 'color.on.primary'; dottedWordsOfKey('color.brand') -> the key itself
 */
export function dottedWordsOfKey(key: string): string {
  return isPlainKey(key) ? key : joinedWordsOfKey(key, '.');
}

/** Whether a key is lowercase letters and digits between single dots: its segments are its words. */
function isPlainKey(key: string): boolean {
  let afterDot = true;
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code === DOT) {
      if (afterDot) return false;
      afterDot = true;
    } else if (isLowercaseOrDigit(code)) afterDot = false;
    else return false;
  }
  return !afterDot;
}

/** The words of a key, lowercased and joined with `separator`. */
function joinedWordsOfKey(key: string, separator: string): string {
  // One pass over the characters, splitting where {@link wordsOfSegment} splits each segment, without its arrays and
  // regexes: this runs for every token in every compile and in several exports.
  let words = '';
  let start = 0;
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code === DOT || code === HYPHEN || code === UNDERSCORE || code === SPACE) {
      if (index > start) words = appendWord(words, separator, key.slice(start, index));
      start = index + 1;
    } else if (isUppercase(code) && index > start && isLowercaseOrDigit(key.charCodeAt(index - 1))) {
      words = appendWord(words, separator, key.slice(start, index));
      start = index;
    }
  }
  if (key.length > start) words = appendWord(words, separator, key.slice(start));
  return words.toLowerCase();
}
