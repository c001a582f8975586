/** The words of a key segment: split at `-`, `_` and lower-to-upper case changes (as src/views/shared/css-names.ts). */
function wordsOf(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_ ]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/**
 * The custom property `GET /api/v1/export/css` declares for a token key (default naming, no prefix).
 * @example cssNameOf('color.text.onPrimary') // '--color-text-on-primary'
 */
export function cssNameOf(key: string): string {
  return `--${key.split('.').flatMap(wordsOf).join('-')}`;
}
