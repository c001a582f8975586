// Synthetic but realistic design systems from a fixed seed, shared by every benchmark in this folder.
//
// A design system of N tokens is laid out like a real one (see design-systems/acme):
//   <slug>/system.yaml       name, id, description
//   <slug>/scales.yaml       10 color scales of 12 steps (25, 50, 100 ... 950), light and dark hex values
//   <slug>/primitives.yaml   every primitive type (spacing, radius, font.*, opacity, duration, easing, shadow, z-index)
//   <slug>/tokens/NNN.yaml   `tokensPerFile` tokens each (default 100), nested `<area>.<component>.<name>`
// Tokens cover every token type. References: colors name a scale step (and often a darkStep), about a third of the
// other tokens name a primitive, shadows name a color token. Most tokens are written in flow style
// (`{ type: spacing, value: 8 }`), some in block style, some with a description, as designers write them.
// The same seed always gives the same bytes.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const BENCH_SEED = 20_260_105;
export const BENCH_KEY = 'dts_bench_key_0123456789';
export const SCALE_STEPS = [25, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const SCALE_NAMES = ['gray', 'slate', 'blue', 'indigo', 'violet', 'green', 'teal', 'amber', 'orange', 'red'];
const AREAS = ['surface', 'text', 'border', 'action', 'feedback', 'layout', 'typography', 'motion', 'elevation', 'state'];
const COMPONENTS = ['button', 'input', 'card', 'dialog', 'menu', 'tabs', 'toast', 'table', 'badge', 'avatar', 'tooltip', 'nav'];
const NAMES = [
  'background',
  'foreground',
  'border',
  'onPrimary',
  'hover',
  'active',
  'disabled',
  'focusRing',
  'muted',
  'subtle',
  'strong',
  'inverse',
];
const WORDS = ['Used on', 'Resting state of', 'Hover state of', 'Emphasis for', 'Quiet variant of', 'Default for'];

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(...parts) {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32LE(0);
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const int = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const hex = (n) => `#${(n & 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`;

const PRIMITIVES = {
  spacing: { none: 0, '3xs': 2, '2xs': 4, xs: 8, sm: 12, md: 16, lg: 24, xl: 32, '2xl': 40, '3xl': 48, '4xl': 64, '5xl': 80 },
  radius: { none: 0, xs: 2, sm: 4, md: 6, lg: 8, xl: 12, '2xl': 16, full: 9999 },
  'font.size': { '2xs': 10, xs: 12, sm: 14, md: 16, lg: 18, xl: 20, '2xl': 24, '3xl': 30, '4xl': 36, '5xl': 48 },
  'font.weight': { regular: 400, medium: 500, semibold: 600, bold: 700 },
  'font.family': { sans: '"Inter, system-ui, sans-serif"', serif: '"Georgia, serif"', mono: '"JetBrains Mono, monospace"' },
  'font.lineHeight': { tight: 1.2, snug: 1.35, normal: 1.5, relaxed: 1.7 },
  'font.letterSpacing': { tight: -0.02, normal: 0, wide: 0.04 },
  opacity: { disabled: 0.4, muted: 0.64, overlay: 0.8 },
  duration: { instant: 0, fast: 120, normal: 200, slow: 320 },
  easing: { standard: '"cubic-bezier(0.2, 0, 0, 1)"', emphasized: '"cubic-bezier(0.3, 0, 0, 1)"', linear: '"cubic-bezier(0, 0, 1, 1)"' },
  shadow: {
    xs: '"0 1px 2px rgba(15, 23, 42, 0.06)"',
    sm: '"0 1px 3px rgba(15, 23, 42, 0.1)"',
    xl: '"0 24px 48px -12px rgba(15, 23, 42, 0.25)"',
  },
  'z-index': { base: 0, dropdown: 1000, overlay: 1300, modal: 1400, toast: 1500 },
};

/**
 * Token kinds with their share of a design system (colors dominate, as in real ones). Each returns the token's
 * fields; `ref` is the key of a color token in the same file (for shadows), `variant` shifts inline numbers.
 */
const KINDS = [
  [
    34,
    'color',
    (r) => ({
      type: 'color',
      scale: pick(r, SCALE_NAMES),
      step: pick(r, SCALE_STEPS),
      ...(r() < 0.6 ? { darkStep: pick(r, SCALE_STEPS) } : {}),
    }),
  ],
  [
    10,
    'spacing',
    (r, v) =>
      r() < 0.4
        ? { type: 'spacing', primitive: `spacing.${pick(r, Object.keys(PRIMITIVES.spacing))}` }
        : { type: 'spacing', value: int(r, 0, 96) + v, ...(r() < 0.2 ? { unit: 'rem' } : {}) },
  ],
  [
    5,
    'radius',
    (r, v) =>
      r() < 0.4
        ? { type: 'radius', primitive: `radius.${pick(r, Object.keys(PRIMITIVES.radius))}` }
        : { type: 'radius', value: int(r, 0, 24) + v },
  ],
  [
    7,
    'font.size',
    (r, v) =>
      r() < 0.4
        ? { type: 'font.size', primitive: `font.size.${pick(r, Object.keys(PRIMITIVES['font.size']))}` }
        : { type: 'font.size', value: int(r, 10, 64) + v },
  ],
  [
    5,
    'font.weight',
    (r) =>
      r() < 0.4
        ? { type: 'font.weight', primitive: `font.weight.${pick(r, Object.keys(PRIMITIVES['font.weight']))}` }
        : { type: 'font.weight', value: int(r, 1, 9) * 100 },
  ],
  [
    3,
    'font.family',
    (r) =>
      r() < 0.5
        ? { type: 'font.family', primitive: `font.family.${pick(r, Object.keys(PRIMITIVES['font.family']))}` }
        : { type: 'font.family', value: '"Inter, system-ui, sans-serif"' },
  ],
  [
    4,
    'font.lineHeight',
    (r) =>
      r() < 0.4
        ? { type: 'font.lineHeight', primitive: `font.lineHeight.${pick(r, Object.keys(PRIMITIVES['font.lineHeight']))}` }
        : { type: 'font.lineHeight', value: int(r, 100, 200) / 100 },
  ],
  [
    3,
    'font.letterSpacing',
    (r) =>
      r() < 0.4
        ? { type: 'font.letterSpacing', primitive: 'font.letterSpacing.wide' }
        : { type: 'font.letterSpacing', value: int(r, -4, 8) / 100 },
  ],
  [
    6,
    'shadow',
    (r, _v, ref) =>
      r() < 0.3
        ? { type: 'shadow', primitive: `shadow.${pick(r, Object.keys(PRIMITIVES.shadow))}` }
        : {
            type: 'shadow',
            x: 0,
            y: int(r, 1, 24),
            blur: int(r, 2, 48),
            spread: int(r, -12, 0),
            colorToken: ref,
            opacity: int(r, 5, 30) / 100,
          },
  ],
  [
    5,
    'opacity',
    (r) =>
      r() < 0.4
        ? { type: 'opacity', primitive: `opacity.${pick(r, Object.keys(PRIMITIVES.opacity))}` }
        : { type: 'opacity', value: int(r, 0, 100) / 100 },
  ],
  [
    3,
    'z-index',
    (r) =>
      r() < 0.5
        ? { type: 'z-index', primitive: `z-index.${pick(r, Object.keys(PRIMITIVES['z-index']))}` }
        : { type: 'z-index', value: int(r, 0, 20) * 100 },
  ],
  [
    5,
    'duration',
    (r, v) =>
      r() < 0.4
        ? { type: 'duration', primitive: `duration.${pick(r, Object.keys(PRIMITIVES.duration))}` }
        : { type: 'duration', value: int(r, 0, 60) * 10 + v },
  ],
  [
    4,
    'easing',
    (r) =>
      r() < 0.5
        ? { type: 'easing', primitive: `easing.${pick(r, Object.keys(PRIMITIVES.easing))}` }
        : { type: 'easing', value: '"cubic-bezier(0.4, 0, 0.2, 1)"' },
  ],
  [6, 'boolean', (r) => ({ type: 'boolean', value: r() < 0.5 })],
];
const KIND_WEIGHT = KINDS.reduce((sum, [weight]) => sum + weight, 0);

/** The token types the generator writes (all of the compiler's). */
export const GENERATED_TYPES = KINDS.map(([, type]) => type);

function pickKind(random) {
  let roll = random() * KIND_WEIGHT;
  for (const kind of KINDS) {
    roll -= kind[0];
    if (roll < 0) return kind;
  }
  return KINDS[0];
}

function formatFields(fields, block, indent) {
  // Strings that need quotes (font stacks, easings, descriptions) are quoted by the kinds themselves.
  const entries = Object.entries(fields).map(([name, value]) => [name, String(value)]);
  if (!block) return ` { ${entries.map(([name, value]) => `${name}: ${value}`).join(', ')} }\n`;
  return `\n${entries.map(([name, value]) => `${indent}${name}: ${value}\n`).join('')}`;
}

/**
 * The text of token file `fileIndex` of a design system, and its token keys. `variant` changes inline numbers
 * (every spacing, radius, font size and duration written inline), so a reload with another variant is a real edit.
 */
export function tokenFile({ seed = BENCH_SEED, slug, fileIndex, count, variant = 0 }) {
  const random = createRandom(seedOf(seed, slug, 'file', fileIndex));
  const area = `${AREAS[fileIndex % AREAS.length]}${Math.floor(fileIndex / AREAS.length)}`;
  const keys = [];
  let text = `# Generated from seed ${seed}.\ntokens:\n  ${area}:\n`;
  let component = '';
  let colorRef = '';
  for (let index = 0; index < count; index++) {
    if (index % 10 === 0) {
      component = `${COMPONENTS[(index / 10) % COMPONENTS.length]}${Math.floor(index / 10 / COMPONENTS.length) || ''}`;
      text += `    ${component}:\n`;
    }
    const name = `${NAMES[index % NAMES.length]}${index}`;
    const key = `${area}.${component}.${name}`;
    // The first token of a file is a color, so shadows always have one to name.
    const kind = index === 0 ? KINDS[0] : pickKind(random);
    const fields = kind[2](random, variant, colorRef);
    if (index === 0) colorRef = key;
    if (random() < 0.15) fields.description = `"${pick(random, WORDS)} ${component} ${name}."`;
    const block = random() < 0.25;
    text += `      ${name}:${formatFields(fields, block, '        ')}`;
    keys.push(key);
  }
  return { text, keys };
}

function scalesFile(seed, slug) {
  const random = createRandom(seedOf(seed, slug, 'scales'));
  let text = '# Color scales: 12 steps, light ramp and its dark counterpart.\nscales:\n';
  for (const name of SCALE_NAMES) {
    const base = int(random, 0, 0xffffff);
    text += `  ${name}:\n`;
    SCALE_STEPS.forEach((step, index) => {
      const light = base ^ (index * 0x111111);
      const dark = (0xffffff - light) ^ 0x010101;
      text += `    ${step}: { light: "${hex(light)}", dark: "${hex(dark)}" }\n`;
    });
  }
  return text;
}

function primitivesFile() {
  let text = '# Raw values shared by tokens (`primitive: <type>.<key>`).\nprimitives:\n';
  for (const [type, values] of Object.entries(PRIMITIVES)) {
    text += `  ${type.includes('.') ? `"${type}"` : type}:\n`;
    for (const [key, value] of Object.entries(values)) text += `    ${/^[0-9]/.test(key) ? `"${key}"` : key}: ${value}\n`;
  }
  return text;
}

/**
 * One design system of `tokens` tokens: `files` maps paths relative to the source folder to their text; `keys` lists
 * every token key in file order.
 */
export function generateDesignSystem({ seed = BENCH_SEED, slug, tokens, tokensPerFile = 100 }) {
  const files = new Map();
  files.set(
    `${slug}/system.yaml`,
    `name: Bench ${slug}\nid: ${slug}\ndescription: Synthetic design system of ${tokens} tokens (seed ${seed}).\n`,
  );
  files.set(`${slug}/scales.yaml`, scalesFile(seed, slug));
  files.set(`${slug}/primitives.yaml`, primitivesFile());
  const keys = [];
  for (let fileIndex = 0; fileIndex * tokensPerFile < tokens; fileIndex++) {
    const count = Math.min(tokensPerFile, tokens - fileIndex * tokensPerFile);
    const file = tokenFile({ seed, slug, fileIndex, count });
    files.set(tokenFilePath(slug, fileIndex), file.text);
    keys.push(...file.keys);
  }
  return { slug, files, keys, tokensPerFile };
}

export function tokenFilePath(slug, fileIndex) {
  return `${slug}/tokens/${String(fileIndex).padStart(3, '0')}.yaml`;
}

/** Slugs of a set of `count` design systems: `ds-000`, `ds-001`, ... */
export function slugsOf(count) {
  return Array.from({ length: count }, (_, index) => `ds-${String(index).padStart(3, '0')}`);
}

/** The keys file: one key, `BENCH_KEY`, owning the first design system and reading all the others. */
export function keysFile(slugs, key = BENCH_KEY) {
  const sha = createHash('sha256').update(key).digest('hex');
  const access = slugs.length > 1 ? `    access: [${slugs.slice(1).join(', ')}]\n` : '';
  return `keys:\n  - name: bench\n    sha256: ${sha}\n    designSystem: ${slugs[0]}\n${access}`;
}

export function writeFiles(root, files) {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
}

/**
 * A fresh temporary Git repository holding `design-systems/` (the design systems given as `{ slug, tokens }`) and
 * `keys.yaml`, all committed. Returns its paths, the systems (with their token keys) and the commit sha.
 */
export function createSourceRepo({ seed = BENCH_SEED, systems, tokensPerFile = 100, prefix = 'dts-bench-', commit = true }) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const source = join(root, 'design-systems');
  const generated = systems.map(({ slug, tokens }) => generateDesignSystem({ seed, slug, tokens, tokensPerFile }));
  for (const system of generated) writeFiles(source, system.files);
  const keys = join(root, 'keys.yaml');
  writeFileSync(keys, keysFile(generated.map((system) => system.slug)));
  let sha = null;
  if (commit) {
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'config', 'user.name', 'Bench');
    git(root, 'config', 'user.email', 'bench@example.test');
    git(root, 'config', 'commit.gpgsign', 'false');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', `generated from seed ${seed}`);
    sha = git(root, 'rev-parse', 'HEAD');
  }
  return { root, source, keys, systems: generated, sha };
}

/** Every YAML file below a source folder, as paths relative to it (sorted). */
export function listSourcePaths(sourceDir, dir = '') {
  const paths = [];
  for (const entry of readdirSync(join(sourceDir, dir), { withFileTypes: true })) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...listSourcePaths(sourceDir, path));
    else if (entry.name.endsWith('.yaml')) paths.push(path);
  }
  return paths.sort();
}

/** The events of an initial load, as the watcher delivers them: every source file, then the keys file. */
export function loadEvents(sourceDir, keysPath, at = Date.now()) {
  const events = listSourcePaths(sourceDir).map((path) => ({
    type: 'file/changed',
    path,
    text: readFileSync(join(sourceDir, path), 'utf8'),
    at,
  }));
  events.push({ type: 'keys/changed', path: keysPath, text: readFileSync(keysPath, 'utf8'), at });
  return events;
}
