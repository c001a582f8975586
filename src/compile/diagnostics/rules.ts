/** How bad a problem is: an error keeps a design system (or a keys file) from being served; a warning does not. */
export type Severity = 'error' | 'warning';

/** What the registry says of one rule: the severities its diagnostics take, and what it catches. */
export interface RuleInfo {
  readonly severities: readonly Severity[];
  readonly catches: string;
}

const ERROR: readonly Severity[] = ['error'];
const WARNING: readonly Severity[] = ['warning'];

/**
 * Every rule of the compiler, about the source itself, sorted by id, with its severities and what it catches. A rule
 * about one output's names or values is that format's, on its row (`rules` in views/formats/output-format.ts); the
 * table of rules in `docs/designers.md` lists both (`ALL_RULES` in views/formats/format-rules.ts), checked by
 * `test/compile/rules.test.ts`.
 */
export const RULES = {
  'alias-limit': { severities: ERROR, catches: 'YAML aliases in one file that expand to more than 10,000 nodes' },
  'color-token-not-color': { severities: ERROR, catches: 'a shadow whose `colorToken` names a token that is not a color' },
  'compile-budget': { severities: ERROR, catches: 'a design system whose reading and compiling ran past the time or memory limit' },
  'contrast-too-large': {
    severities: ERROR,
    catches:
      'a `contrast` section whose pairs × modes are more than 20,000 checks: reported at the section, from the first pair past the limit',
  },
  'contrast-too-low': {
    severities: ['error', 'warning'],
    catches:
      'a declared contrast pair below its WCAG 2.2 ratio in some mode (reported by `validate`; a warning when the pair says `severity: warning`)',
  },
  'deprecated-reference': { severities: WARNING, catches: 'a reference (`ref`, a `{token}` part, a `colorToken`) to a deprecated token' },
  'design-system-too-large': {
    severities: ERROR,
    catches: 'a design system that declares more than 100 modes, or whose tokens have more than 100,000 values in all (tokens × modes)',
  },
  'duplicate-key': {
    severities: ERROR,
    catches:
      'a key written twice in one mapping, a scale, step, primitive or token defined twice, a second `contrast` section, or two API keys with one `name` or `sha256`',
  },
  'extra-field': {
    severities: ERROR,
    catches:
      'a token field its type does not take, a value field beside `primitive` or `ref`, or a field beside the one that stands for it (`color`, `layers`)',
  },
  'file-not-a-map': { severities: ERROR, catches: 'a source file that is not a mapping of top-level sections' },
  'file-too-large': { severities: ERROR, catches: 'a source file or keys file larger than 1 MiB' },
  'font-size-too-small': {
    severities: ERROR,
    catches: 'a font size or typography below the `contrast` section’s `minFontSize` in some mode (reported by `validate`)',
  },
  'invalid-breakpoint': {
    severities: ERROR,
    catches:
      'a breakpoint declaration in `system.yaml` that is malformed (a name, a `min-width` that is not a length in px, rem or em, a `container` name), out of ascending order, or a token `breakpoints` entry that is not a mapping of value fields',
  },
  'invalid-hex': {
    severities: ERROR,
    catches: 'a scale color that is not a color (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`, `rgba()`, `transparent`)',
  },
  'invalid-key': {
    severities: ERROR,
    catches:
      'a scale name, primitive key or token key segment with characters other than letters, digits, `-` and `_` (a contrast pair name may also have dots)',
  },
  'invalid-mode': {
    severities: ERROR,
    catches:
      'a mode declaration in `system.yaml` that is malformed (a `media` that is not one media condition), redeclares `light` or `dark`, or a token value for `light` under `modes`',
  },
  'invalid-slug': { severities: ERROR, catches: 'a design system folder name that is not lowercase letters, digits and single hyphens' },
  'invalid-step': { severities: ERROR, catches: 'a scale step that is not an integer ≥ 0' },
  'invalid-type': { severities: ERROR, catches: 'a token `type` that is not a string' },
  'invalid-utf8': { severities: ERROR, catches: 'a file that is not valid UTF-8' },
  'invalid-value': {
    severities: ERROR,
    catches:
      'a field of the wrong kind or out of range, in any file; CSS text that could leave its value (`/*`, an unclosed quote or bracket), or a value with a character no native file holds (a control or non-character, a lone surrogate); `<` in a deprecation message',
  },
  'key-expired': { severities: WARNING, catches: 'an API key whose `expiresAt` has passed (the server refuses it)' },
  'key-not-a-map': { severities: ERROR, catches: 'an entry of `keys` that is not a mapping' },
  'key-unknown-design-system': { severities: ERROR, catches: 'an API key whose `designSystem` or `access` names no design system' },
  'keys-not-a-list': { severities: ERROR, catches: 'a keys file without a `keys:` list' },
  'missing-field': { severities: ERROR, catches: 'a required field left out: of a token, a scale step, a contrast pair or an API key' },
  'missing-system-file': { severities: ERROR, catches: 'a design system folder without `system.yaml`' },
  'mode-cycle': { severities: ERROR, catches: 'modes whose `base` leads back to themselves' },
  'nesting-limit': { severities: ERROR, catches: 'mappings and lists nested more than 100 levels deep' },
  'primitive-group-not-a-map': { severities: ERROR, catches: 'a primitive type that is not a mapping of key to value' },
  'primitive-not-allowed': {
    severities: ERROR,
    catches: 'a color, stroke style or composite token that names a `primitive` (there are no primitives of those types)',
  },
  'primitive-type-mismatch': { severities: ERROR, catches: 'a token that names a primitive of another type' },
  'redundant-dark-step': {
    severities: WARNING,
    catches: 'a `darkStep` equal to `step` on a step whose light and dark colors are the same',
  },
  'reference-cycle': {
    severities: ERROR,
    catches: 'references that lead back to where they started (the message lists the whole chain with positions)',
  },
  'reference-depth': { severities: ERROR, catches: 'a value that resolves through more than 64 references' },
  'reference-type-mismatch': {
    severities: ERROR,
    catches:
      'a `ref` to a token of another type, a `{token}` part naming a token of a type the part does not take, or a contrast pair naming a token of the wrong type',
  },
  'scale-not-a-map': { severities: ERROR, catches: 'a scale that is not a mapping of step numbers' },
  'section-not-a-map': { severities: ERROR, catches: 'a `scales`, `primitives`, `tokens` or `contrast` section that is not a mapping' },
  'step-not-a-map': { severities: ERROR, catches: 'a scale step that is not a mapping `{ light, dark }`' },
  'system-missing-name': { severities: ERROR, catches: 'a `system.yaml` without a `name`' },
  'system-unknown-field': { severities: ERROR, catches: 'a field of `system.yaml` other than `name`, `description`, `id` and `modes`' },
  'token-group-clash': { severities: ERROR, catches: 'a key that is a token in one place and a group of tokens in another' },
  'token-not-a-map': { severities: ERROR, catches: 'an entry of `tokens` that is neither a group nor a token `{ type, ... }`' },
  'too-many-problems': {
    severities: ['error', 'warning'],
    catches: 'the problems of one file past the first 100, counted in one line (an error when any of them is)',
  },
  'unknown-breakpoint': {
    severities: ERROR,
    catches: 'a token `breakpoints` entry naming a breakpoint `system.yaml` does not declare',
  },
  'unknown-color-token': { severities: ERROR, catches: 'a shadow whose `colorToken` names no token' },
  'unknown-field': {
    severities: ERROR,
    catches: 'a field of a scale step, an API key, the `contrast` section or a contrast pair that it does not take',
  },
  'unknown-mode': {
    severities: ERROR,
    catches: 'a mode `base` or a token `modes` entry naming a mode `system.yaml` does not declare',
  },
  'unknown-primitive': { severities: ERROR, catches: 'a token that names a primitive that does not exist' },
  'unknown-primitive-type': { severities: ERROR, catches: 'a primitive type that does not exist' },
  'unknown-reference': {
    severities: ERROR,
    catches: 'a `ref`, a `{token}` part, a deprecation `replacement` or a contrast pair naming no token',
  },
  'unknown-scale': { severities: ERROR, catches: 'a color token that names a scale that does not exist' },
  'unknown-section': { severities: ERROR, catches: 'a top-level section that the file does not take' },
  'unknown-step': { severities: ERROR, catches: 'a color token whose `step` or `darkStep` (in any mode) its scale does not have' },
  'unknown-token-type': { severities: ERROR, catches: 'a token type that does not exist' },
  'yaml-syntax': { severities: ERROR, catches: 'a file that is not valid YAML' },
  'zip-too-large': {
    severities: ERROR,
    catches:
      'a design system whose iOS asset catalog (a color set per color token) would hold more than 10,000 files, the most a zip of an export of several files holds',
  },
} as const satisfies Readonly<Record<string, RuleInfo>>;

/** The id of a rule: the `rule` of every diagnostic, so a misspelt id is a type error. */
export type RuleId = keyof typeof RULES;
