/** CSS's generic font families and the system-font keywords, lower-cased: names of no font file. */
const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
  '-apple-system',
  'blinkmacsystemfont',
]);

/**
 * Whether `family` is a generic family or a system-font keyword (compared ASCII case-insensitively, as CSS does).
 * @example isGenericFamily('BlinkMacSystemFont') // true
 */
export const isGenericFamily = (family: string): boolean => GENERIC_FAMILIES.has(family.toLowerCase());
