/** What a design system folder may be called (its slug): lowercase letters, digits and single hyphens, e.g. `acme-web`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What one dot-separated segment of a token key, a scale name or a primitive key may be written with. */
export const KEY_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A whole token key: segments of {@link KEY_SEGMENT} joined by dots, as `ref`, `{references}` and `replacement` name one. */
export const TOKEN_KEY = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
