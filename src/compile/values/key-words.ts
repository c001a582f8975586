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

/** The words of a whole dotted key, joined with `-`: equal for keys that get the same exported names. */
export function wordsOfKey(key: string): string {
  // Plain loops: this runs for every token in every compile and in the Tailwind export.
  let words = '';
  for (const segment of key.split('.')) {
    const parts = SINGLE_WORD.test(segment) ? [segment] : wordsOfSegment(segment);
    for (const word of parts) words = words === '' ? word : `${words}-${word}`;
  }
  return words;
}
