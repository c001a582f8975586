import { MAX_TOKEN_VALUES } from '../../src/compile/resolve/compile-tokens.js';
import { MAX_ZIP_ENTRIES } from '../../src/compile/resolve/zip-entry-limit.js';

/** Color tokens a design system may have: one iOS color set each, plus the catalog's two other files, in one zip. */
const MAX_COLOR_TOKENS = MAX_ZIP_ENTRIES - 2;
/** The fewest modes in which the most values (`MAX_TOKEN_VALUES`) stay within `MAX_COLOR_TOKENS` color tokens. */
export const LARGEST_MODES = Math.ceil(MAX_TOKEN_VALUES / MAX_COLOR_TOKENS);

/** The shape of a generated design system at the documented limits; every part a parameter, so a case can grow it. */
export interface LargestSystemShape {
  readonly slug: string;
  /** Values in all (tokens × modes); default the limit, `MAX_TOKEN_VALUES`. */
  readonly values?: number;
  /** Modes besides light and dark (default: as few as keep the colors within the zip cap, `LARGEST_MODES` in all). */
  readonly extraModes?: number;
  /** Contrast pairs in `contrast.yaml` (default 0: no contrast section). */
  readonly contrastPairs?: number;
  /** Tokens per token file (default 200: far under the 1 MiB a file may have). */
  readonly tokensPerFile?: number;
}

/** What the generator wrote: the files (path below the source folder -> text) and keys the cases can name. */
export interface LargestSystem {
  readonly files: Record<string, string>;
  readonly tokens: number;
  readonly modes: number;
  /** A token key in the middle of the system. */
  readonly someKey: string;
  /** A hex color no token has (a tool looking it up finds only the nearest). */
  readonly unusedHex: string;
  /** The path of the token file an edit (a second commit) changes. */
  readonly editedFile: string;
}

const SCALE_STEPS = [25, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const SCALES = ['gray', 'blue', 'green', 'red', 'amber', 'violet', 'teal', 'pink', 'slate', 'orange'];

const hex = (n: number): string => `#${(n & 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`;

/**
 * Colors only (the type the value and contrast lookups walk): half a literal color each (all different), half a
 * scale step with a light and a dark value (and one per extra mode), so every mode has many distinct values. As many
 * tokens as `values / modes` allows: the largest design system the compiler accepts.
 */
export function generateLargestSystem(shape: LargestSystemShape): LargestSystem {
  const { slug, extraModes = LARGEST_MODES - 2, contrastPairs = 0, tokensPerFile = 200 } = shape;
  const modes = 2 + extraModes;
  const tokens = Math.floor((shape.values ?? MAX_TOKEN_VALUES) / modes);
  const files: Record<string, string> = {};
  const extra = Array.from({ length: extraModes }, (_, index) => `m${index}`);
  files[`${slug}/system.yaml`] =
    `name: Largest\nid: ${slug}-id\n` +
    (extraModes === 0
      ? ''
      : `modes:\n${extra.map((mode, index) => `  ${mode}: { base: ${index % 2 === 0 ? 'light' : 'dark'} }\n`).join('')}`);
  let scales = 'scales:\n';
  SCALES.forEach((scale, s) => {
    scales += `  ${scale}:\n`;
    SCALE_STEPS.forEach((step, i) => {
      const perMode = extra.map((mode, m) => `, ${mode}: "${hex((s * 977 + i * 131 + m * 7919) * 2654435761)}"`).join('');
      scales += `    ${step}: { light: "${hex((s * 12 + i) * 40503)}", dark: "${hex((s * 12 + i) * 40503 + 0x808080)}"${perMode} }\n`;
    });
  });
  files[`${slug}/scales.yaml`] = scales;
  const keyOf = (index: number): string => `color.g${Math.floor(index / 100)}.c${index % 100}`;
  for (let start = 0; start < tokens; start += tokensPerFile) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + tokensPerFile); index++) {
      text +=
        index % 2 === 0
          ? `  ${keyOf(index)}: { type: color, color: "${hex(index * 97 + 1)}" }\n`
          : `  ${keyOf(index)}: { type: color, scale: ${SCALES[index % SCALES.length]}, step: ${SCALE_STEPS[index % SCALE_STEPS.length]}, description: Color ${index} }\n`;
    }
    files[`${slug}/tokens/${String(start / tokensPerFile).padStart(4, '0')}.yaml`] = text;
  }
  if (contrastPairs > 0) {
    let text = 'contrast:\n  pairs:\n';
    for (let pair = 0; pair < contrastPairs; pair++)
      text += `    p${pair}: { foreground: ${keyOf((pair * 2) % tokens)}, background: ${keyOf((pair * 2 + 1) % tokens)} }\n`;
    files[`${slug}/contrast.yaml`] = text;
  }
  return {
    files,
    tokens,
    modes,
    someKey: keyOf(Math.floor(tokens / 2) + 1),
    // Literal colors are index * 97 + 1 for even indexes: an even step past the last is unused.
    unusedHex: hex(tokens * 97 * 4 + 2),
    editedFile: `${slug}/tokens/0000.yaml`,
  };
}
