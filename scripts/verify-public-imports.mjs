#!/usr/bin/env node
// Imports public design systems' SOURCE tokens with our importer and compares every token's served value
// (formatCssValue(token.resolved[mode])) with the system's OWN BUILT OUTPUT (the oracle), per theme.
//
//   npm run build && node scripts/verify-public-imports.mjs /tmp/public-import [primer|utrecht|digdir|telekom|rhc|gestalt|italia|auro|spectrum|amsterdam|paste ...]
//
// The folder holds the packages as `npm pack` gives them, untarred (`mkdir <dir> && tar xzf <tgz> -C <dir>`):
//   <folder>/@primer+primitives@11.10.0/package   npm pack @primer/primitives@11.10.0
//   <folder>/@utrecht+design-tokens/package       npm pack @utrecht/design-tokens@5.0.1
//   <folder>/digdir-generated                     npx @digdir/designsystemet@1.15.0 tokens create --config
//                                                 designsystemet.config.json (3 brands), then `tokens build -o built`
//                                                 (the brands digdir, altinn, uutilsynet of GitHub digdir/designsystemet
//                                                 packages/cli/digdir.config.json, `"outDir": "./design-tokens"`)
//   <folder>/telekom/package                      npm pack @telekom/design-tokens@1.0.0-beta.12
//                                                 (Style Dictionary json5, `value: { light, dark }` per token)
//   <folder>/rhc/package                          npm pack @rijkshuisstijl-community/design-tokens@11.1.0
//                                                 (Tokens Studio single file figma/figma.tokens.json, 7 `$themes`)
//   <folder>/gestalt/package                      npm pack gestalt-design-tokens@177.0.12
//                                                 (untyped Style Dictionary tokens/classic, *-dark.json per mode)
//   <folder>/italia/package                       npm pack design-tokens-italia@1.3.3
//                                                 (Tokens Studio W3C export: `$value`/`$type`, 3 files, no themes)
//   <folder>/auro/package                         npm pack @aurodesignsystem/design-tokens@8.16.0
//                                                 (Style Dictionary, every token `type: "semantic"`)
//   <folder>/spectrum/package                     npm pack @adobe/spectrum-tokens@15.4.1
//                                                 (Style Dictionary, `sets: { light, dark, wireframe }` and
//                                                 `sets: { desktop, mobile }` per token)
//   <folder>/amsterdam/package                    npm pack @amsterdam/design-system-tokens@4.0.1
//                                                 (DTCG 2025.10 `$value`/`$type`, aliases without `$type`; the
//                                                 tarball holds its source src/**/*.tokens.json next to dist/, the
//                                                 last version that does: 4.3.0 and later ship dist/ only)
//   <folder>/paste/package                        npm pack @twilio-paste/design-tokens@10.15.0 (the oracle: dist/ only)
//   <folder>/paste/source/tokens                  its Theo YAML source, not in the tarball: GitHub twilio-labs/paste at
//                                                 85e73a58a ("version packages", 10.15.0; the tokens are unchanged
//                                                 since), `git archive 85e73a58a packages/paste-design-tokens/tokens |
//                                                 tar x --strip-components=2 -C <folder>/paste/source`
//                                                 The case writes <folder>/paste/json: each *.yml as *.json, same
//                                                 structure (the importer reads no YAML), and imports that.
// Primer's theme -> files table is its scripts/themes.config.ts (not in the tarball), written out below; the other
// systems' build configurations are not in their tarballs either: each case says what it reads and why.
//
// Comparison: each value is split into CSS components (top-level spaces and commas; functions kept whole); colors
// compare as 8-bit RGBA bytes (hex, rgb()/rgba(), hsl()/hsla() in comma or space syntax, a few named colors), lengths
// numerically (px<->rem at 16px counted as "equal after px<->rem"), everything else as normalized text (a font list
// whose family names are quoted on one side only counts as equal). `var(--x)` in
// a CSS oracle is followed within the oracle's own file.
//
// Besides the table, each system prints its report's counts as the CLI computes them (one verdict per token), and
// every verdict "left out" / "with loss" grouped by reason (quoted values and keys replaced by `…`), with counts.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const load = (path) => import(pathToFileURL(join(repo, path)).href);
const { importDesignSystem } = await load('dist/import/import-design-system.js');
const { verifyImport } = await load('dist/import/verify-import.js');
const { formatCssValue } = await load('dist/views/shared/css-values.js');
const { readTokenFiles } = await load('dist/cli/import.js');
const { verdictsOf } = await load('dist/import/verdicts.js');

const root = resolve(process.argv[2] ?? '/tmp/public-import');
const only = process.argv.slice(3);
const SHOW_DIFFERENCES = Number(process.env.SHOW_DIFFERENCES ?? 10);

// ---------------------------------------------------------------------------------------------------------------
// Files, as the CLI reads them: a file, or every *.json / *.json5 below a folder, in path order.

async function readInputs(cwd, paths) {
  const inputs = [];
  for (const path of paths) inputs.push(...(await readTokenFiles(cwd, path)));
  return inputs;
}

// ---------------------------------------------------------------------------------------------------------------
// CSS values -> components.

const NAMED_COLORS = {
  transparent: [0, 0, 0, 0],
  black: [0, 0, 0, 255],
  white: [255, 255, 255, 255],
  red: [255, 0, 0, 255],
  green: [0, 128, 0, 255],
  blue: [0, 0, 255, 255],
  yellow: [255, 255, 0, 255],
  gray: [128, 128, 128, 255],
  grey: [128, 128, 128, 255],
  orange: [255, 165, 0, 255],
  purple: [128, 0, 128, 255],
};

const byte = (value) => Math.max(0, Math.min(255, Math.round(value)));
/** An alpha written as a number (0-1) or a percentage, as a byte. */
const alphaByte = (text) => (text === undefined ? 255 : byte((text.endsWith('%') ? parseFloat(text) / 100 : parseFloat(text)) * 255));

/** hsl (h in degrees, s and l in percent) -> [r, g, b] 0-255, CSS Color 4's algorithm. */
export function hslToRgb(h, s, l) {
  h = ((h % 360) + 360) % 360;
  s = Math.max(0, Math.min(100, s)) / 100;
  l = Math.max(0, Math.min(100, l)) / 100;
  const f = (n) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255].map(byte);
}

const hueDegrees = (text) => {
  const match = /^(-?[\d.]+)(deg|turn|rad|grad)?$/.exec(text);
  if (!match) return NaN;
  const value = parseFloat(match[1]);
  return match[2] === 'turn' ? value * 360 : match[2] === 'rad' ? (value * 180) / Math.PI : match[2] === 'grad' ? value * 0.9 : value;
};

/** A CSS color as [r, g, b, a] bytes, or undefined. */
export function parseCssColor(text) {
  const t = text.trim().toLowerCase();
  if (t in NAMED_COLORS) return NAMED_COLORS[t];
  let match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(t);
  if (match) {
    const digits = match[1].length <= 4 ? [...match[1]].map((d) => d + d).join('') : match[1];
    const bytes = [0, 1, 2, 3].map((i) => (i * 2 < digits.length ? parseInt(digits.slice(i * 2, i * 2 + 2), 16) : 255));
    return bytes;
  }
  match = /^(rgba?|hsla?)\((.*)\)$/.exec(t);
  if (!match) return undefined;
  const [body, slashAlpha] = match[2].split('/').map((part) => part.trim());
  let parts = body.includes(',') ? body.split(',').map((part) => part.trim()) : body.split(/\s+/);
  let alpha = slashAlpha;
  if (parts.length === 4 && alpha === undefined) alpha = parts.pop();
  if (parts.length !== 3) return undefined;
  if (match[1].startsWith('rgb')) {
    const channels = parts.map((part) => (part.endsWith('%') ? (parseFloat(part) * 255) / 100 : parseFloat(part)));
    if (channels.some(Number.isNaN)) return undefined;
    return [...channels.map(byte), alphaByte(alpha)];
  }
  const [h, s, l] = [hueDegrees(parts[0]), parseFloat(parts[1]), parseFloat(parts[2])];
  if ([h, s, l].some(Number.isNaN)) return undefined;
  return [...hslToRgb(h, s, l), alphaByte(alpha)];
}

/** Splits CSS text at top-level spaces and commas (a comma is kept as its own component); functions stay whole. */
function splitComponents(text) {
  const parts = [];
  let current = '';
  let depth = 0;
  let quote = '';
  const flush = () => {
    if (current !== '') parts.push(current);
    current = '';
  };
  for (const char of text.trim().replace(/;$/, '')) {
    if (quote !== '') {
      current += char;
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === '(') {
      depth += 1;
      current += char;
    } else if (char === ')') {
      depth -= 1;
      current += char;
    } else if (depth === 0 && /\s/.test(char)) flush();
    else if (depth === 0 && char === ',') {
      flush();
      parts.push(',');
    } else current += char;
  }
  flush();
  return parts;
}

const NUMBER = /^(-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?)([a-z%]*)$/i;

function classify(part) {
  const color = parseCssColor(part);
  if (color !== undefined) return { kind: 'color', bytes: color };
  const number = NUMBER.exec(part);
  if (number) return { kind: 'number', value: parseFloat(number[1]), unit: number[2].toLowerCase() };
  if (part === ',') return { kind: 'comma' };
  return {
    kind: 'text',
    text: part
      .replace(/^["']|["']$/g, '')
      .replace(/\s+/g, ' ')
      // Inside a function (`cubic-bezier(0.4,0,1,1)`), spaces around commas and parentheses do not count.
      .replace(/\s*([(),/])\s*/g, '$1')
      .toLowerCase(),
  };
}

const close = (a, b) => Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(a), Math.abs(b));
const TIME = { ms: 1, s: 1000 };

/** How two numbers with units compare: 'equal', 'px-rem' (equal at 16px per rem), or undefined. */
function sameNumber(a, b) {
  if (a.unit === b.unit) return close(a.value, b.value) ? 'equal' : undefined;
  if (a.value === 0 && b.value === 0) return 'equal';
  // An opacity written as a percentage (`30%`) is the number (`0.3`), in CSS as in the sources.
  if ((a.unit === '%' && b.unit === '') || (a.unit === '' && b.unit === '%')) {
    return close(a.unit === '%' ? a.value / 100 : a.value, b.unit === '%' ? b.value / 100 : b.value) ? 'equal' : undefined;
  }
  if (a.unit in TIME && b.unit in TIME) return close(a.value * TIME[a.unit], b.value * TIME[b.unit]) ? 'equal' : undefined;
  const px = (n) => (n.unit === 'px' ? n.value : n.unit === 'rem' ? n.value * 16 : undefined);
  if (px(a) !== undefined && px(b) !== undefined) return close(px(a), px(b)) ? 'px-rem' : undefined;
  return undefined;
}

/**
 * Compares the oracle's CSS text with ours: 'equal', 'px-rem' (equal once px and rem are taken at 16px) or
 * 'different'.
 */
export function compareCss(oracle, ours) {
  const a = splitComponents(oracle).map(classify);
  const b = splitComponents(ours).map(classify);
  if (a.length !== b.length) {
    // A font list whose family names are quoted on one side only (`"AS Circular", Arial` / `AS Circular, Arial`).
    const unquoted = (text) =>
      text
        .replace(/["']/g, '')
        .replace(/\s*,\s*/g, ',')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();
    if (unquoted(oracle) === unquoted(ours)) return 'equal';
    const textA = a.map((part) => part.text ?? '').join(' ');
    const textB = b.map((part) => part.text ?? '').join(' ');
    return textA === textB && a.every((part) => part.kind === 'text') ? 'equal' : 'different';
  }
  let result = 'equal';
  for (let i = 0; i < a.length; i += 1) {
    const [x, y] = [a[i], b[i]];
    if (x.kind !== y.kind) return 'different';
    if (x.kind === 'color' && x.bytes.some((value, index) => value !== y.bytes[index])) return 'different';
    if (x.kind === 'text' && x.text !== y.text) return 'different';
    if (x.kind === 'number') {
      const same = sameNumber(x, y);
      if (same === undefined) return 'different';
      if (same === 'px-rem') result = 'px-rem';
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// CSS oracle files: custom properties per context, var() followed within the file.

/** `selector { --name: value; ... }` blocks of a CSS file (at-rule wrappers unwrapped), in order, with their @media. */
function cssBlocks(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const blocks = [];
  const stack = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') {
      stack.push({ prelude: text.slice(start, i).trim(), start: i + 1 });
      start = i + 1;
    } else if (text[i] === '}') {
      const open = stack.pop();
      const body = text.slice(open.start, i);
      if (!body.includes('{')) {
        const media = stack.some((outer) => outer.prelude.startsWith('@media'));
        const declarations = new Map();
        for (const match of body.matchAll(/(--[A-Za-z0-9_-]+)\s*:([^;]*)(;|$)/g)) declarations.set(match[1], match[2].trim());
        blocks.push({ selector: open.prelude, media, declarations });
      }
      start = i + 1;
    }
  }
  return blocks;
}

/** `value` with every `var(--x[, fallback])` replaced by what the file's declarations give (recursively). */
function followVars(value, declarations, depth = 0) {
  if (depth > 32 || !value.includes('var(')) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const at = value.indexOf('var(', i);
    if (at < 0) {
      out += value.slice(i);
      break;
    }
    out += value.slice(i, at);
    let depthParen = 0;
    let end = at + 3;
    for (; end < value.length; end += 1) {
      if (value[end] === '(') depthParen += 1;
      else if (value[end] === ')' && --depthParen === 0) break;
    }
    const inner = value.slice(at + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const fallback = comma < 0 ? undefined : inner.slice(comma + 1).trim();
    const target = declarations.get(name);
    const replacement = target !== undefined ? target : fallback;
    out += replacement === undefined ? value.slice(at, end + 1) : followVars(replacement, declarations, depth + 1);
    i = end + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// One system: import, verify, compare with the oracle.

/** The CLI's counts (src/cli/import.ts jsonReport): one verdict per token or file not carried exactly. */
function importReport(result) {
  const verdicts = verdictsOf(result.issues);
  const lossy = verdicts.filter((verdict) => verdict.level === 'lossy');
  const written = new Set(result.tokens.map((token) => token.source.source));
  return {
    imported: result.tokens.length,
    exact: result.tokens.length - lossy.filter((verdict) => written.has(verdict.source)).length,
    lossy: lossy.length,
    skipped: verdicts.length - lossy.length,
    verdicts,
  };
}

/** A verdict's reason with its particulars (quoted values, keys, numbers) blanked, so that reasons group. */
export function reasonClass(reason) {
  return reason
    .replace(/`[^`]*`/g, '`…`')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 160);
}

function printReasons(verdicts) {
  for (const level of ['lossy', 'skipped']) {
    const counts = new Map();
    for (const verdict of verdicts) {
      if (verdict.level !== level) continue;
      const reason = reasonClass(verdict.reason);
      const entry = counts.get(reason) ?? { count: 0, first: verdict.source };
      entry.count += 1;
      counts.set(reason, entry);
    }
    if (counts.size === 0) continue;
    console.log(`${level === 'lossy' ? 'with loss' : 'left out'} by reason:`);
    for (const [reason, { count, first }] of [...counts].sort((x, y) => y[1].count - x[1].count)) {
      console.log(`  ${padStart(count, 5)}  ${reason}   (e.g. ${first})`);
    }
  }
}

const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

/**
 * system: { title, cwd, inputs: [paths], layers: [{ mode, paths }], from?, themes: [{ theme, mode, oracle: Map<name,
 * value>, file }], keyOf(token) -> oracle name, transform?(name, oracleValue, ours) -> bool, notComparable?(value) -> bool }
 */
async function runSystem(system) {
  console.log(`\n=== ${system.title} ===`);
  const inputs = await readInputs(system.cwd, system.inputs);
  const layers = [];
  for (const layer of system.layers ?? []) layers.push({ mode: layer.mode, inputs: await readInputs(system.cwd, layer.paths) });
  console.log(`command: ${system.command}`);
  let result;
  try {
    result = importDesignSystem(inputs, { slug: system.slug, name: system.slug, format: system.from, layers, types: system.types });
  } catch (error) {
    console.log(`IMPORTER CRASHED: ${error.stack}`);
    return;
  }
  const report = importReport(result);
  console.log(
    `import (read as ${result.format}): ${inputs.length} files, ${report.imported} tokens imported: ${report.exact} exactly, ` +
      `${report.lossy} with loss; ${report.skipped} left out`,
  );
  for (const note of result.notes) console.log(`  note: ${note.length > 300 ? `${note.slice(0, 300)}…` : note}`);
  printReasons(report.verdicts);
  const compiled = result.compiled.system;
  if (compiled === undefined) {
    console.log('the import did not compile; no comparison');
    return;
  }
  const errors = result.compiled.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) console.log(`compile errors: ${errors.length} (first: ${errors[0].message})`);
  const verified = verifyImport(result.sources, result.tokens, compiled);
  console.log(
    `--verify: ${verified.mismatches.length} mismatches; compared per mode: ` +
      Object.entries(verified.compared)
        .map(([mode, count]) => `${mode} ${count}`)
        .join(', '),
  );
  for (const mismatch of verified.mismatches.slice(0, SHOW_DIFFERENCES)) {
    console.log(`  verify mismatch ${mismatch.source} (${mismatch.mode}): source ${mismatch.expected}, imported ${mismatch.got}`);
  }
  const modes = new Set(compiled.modes.map((mode) => mode.name));
  console.log(`modes: ${[...modes].join(', ')}`);

  // Oracle name -> our compiled token; which source keys the importer left out.
  const compiledByKey = new Map(compiled.tokens.map((token) => [token.key, token]));
  const ours = new Map();
  for (const token of result.tokens) {
    const compiledToken = compiledByKey.get(token.key);
    if (compiledToken !== undefined) ours.set(system.keyOf(token.source.key), { token: compiledToken, source: token.source });
  }
  const leftOut = new Set();
  for (const issue of result.issues) {
    if (issue.level !== 'skipped') continue;
    const colon = issue.source.lastIndexOf(':');
    if (colon > 0) leftOut.add(system.keyOf(issue.source.slice(colon + 1)));
  }

  const header = system.transform
    ? [
        'theme',
        'mode',
        'oracle',
        'compared',
        'equal',
        '(px<->rem)',
        'oracle-transform',
        'different',
        'not-comparable',
        'missing:left-out',
        'missing:not-in-input',
        'ours-only',
      ]
    : [
        'theme',
        'mode',
        'oracle',
        'compared',
        'equal',
        '(px<->rem)',
        'different',
        'not-comparable',
        'missing:left-out',
        'missing:not-in-input',
        'ours-only',
      ];
  const rows = [];
  const differences = [];
  const totals = {};
  for (const theme of system.themes) {
    const row = {
      theme: theme.theme,
      mode: theme.mode ?? '(none)',
      oracle: theme.oracle.size,
      compared: 0,
      equal: 0,
      pxrem: 0,
      transform: 0,
      different: 0,
      notComparable: 0,
      leftOut: 0,
      notInInput: 0,
      oursOnly: 0,
    };
    for (const [name, oracleValue] of theme.oracle) {
      if (system.notComparable?.(oracleValue)) {
        row.notComparable += 1;
        continue;
      }
      const mine = ours.get(name);
      if (mine === undefined) {
        if (leftOut.has(name)) row.leftOut += 1;
        else row.notInInput += 1;
        continue;
      }
      if (theme.mode === undefined || !modes.has(theme.mode)) {
        row.notInInput += 1;
        continue;
      }
      const value = mine.token.resolved[theme.mode];
      const text = value === undefined ? '(no value)' : formatCssValue(value);
      row.compared += 1;
      const outcome = value === undefined ? 'different' : compareCss(oracleValue, text);
      if (outcome === 'equal') row.equal += 1;
      else if (outcome === 'px-rem' && system.transform?.(name, oracleValue, text)) row.transform += 1;
      else if (outcome === 'px-rem') {
        row.equal += 1;
        row.pxrem += 1;
      } else {
        row.different += 1;
        differences.push({ name, theme: theme.theme, mode: theme.mode, oracle: oracleValue, ours: text, source: mine.source });
      }
    }
    for (const name of ours.keys()) if (!theme.oracle.has(name)) row.oursOnly += 1;
    rows.push(row);
    for (const [field, value] of Object.entries(row)) if (typeof value === 'number') totals[field] = (totals[field] ?? 0) + value;
  }
  rows.push({ theme: 'TOTAL', mode: '', ...totals });
  const cells = rows.map((row) => [
    row.theme,
    row.mode,
    row.oracle,
    row.compared,
    row.equal,
    row.pxrem,
    ...(system.transform ? [row.transform] : []),
    row.different,
    row.notComparable,
    row.leftOut,
    row.notInInput,
    row.oursOnly,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => String(cell[i]).length)));
  console.log(header.map((title, i) => (i < 2 ? pad(title, widths[i]) : padStart(title, widths[i]))).join(' | '));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const cell of cells) console.log(cell.map((value, i) => (i < 2 ? pad(value, widths[i]) : padStart(value, widths[i]))).join(' | '));
  console.log(
    'columns: oracle = tokens with a value in the oracle for that theme; compared = in both; equal includes (px<->rem);' +
      ' missing:left-out = the importer reported it left out; missing:not-in-input = no imported token of that name' +
      ' (not in the source files read, or no mode for the theme); ours-only = imported, not in that oracle',
  );
  if (differences.length > 0) {
    console.log(`first ${Math.min(SHOW_DIFFERENCES, differences.length)} of ${differences.length} differences:`);
    for (const d of differences.slice(0, SHOW_DIFFERENCES)) {
      console.log(`  ${d.name} [${d.theme}]: oracle ${d.oracle} | ours ${d.ours}   (${d.source.source})`);
    }
    if (system.explain) {
      const causes = new Map();
      for (const d of differences) {
        const cause = system.explain(d);
        causes.set(cause, (causes.get(cause) ?? 0) + 1);
      }
      console.log('  differences by cause (first matching rule):');
      for (const [cause, count] of [...causes].sort((x, y) => y[1] - x[1])) console.log(`    ${padStart(count, 5)}  ${cause}`);
    }
    const byToken = new Map();
    for (const d of differences) byToken.set(d.name, (byToken.get(d.name) ?? 0) + 1);
    console.log(`  (${byToken.size} distinct tokens differ)`);
  }
  return { report, verified, rows };
}

// ---------------------------------------------------------------------------------------------------------------
// The systems.

const PRIMER_THEMES = [
  // file, override key (mode), base color files
  ['light', 'light', ['light/light', 'light/display-light']],
  ['light-tritanopia', 'light-tritanopia', ['light/light', 'light/display-light']],
  ['light-tritanopia-high-contrast', 'light-tritanopia-high-contrast', ['light/light', 'light/light.high-contrast', 'light/display-light']],
  ['light-colorblind', 'light-protanopia-deuteranopia', ['light/light', 'light/display-light']],
  [
    'light-colorblind-high-contrast',
    'light-protanopia-deuteranopia-high-contrast',
    ['light/light', 'light/light.high-contrast', 'light/display-light'],
  ],
  ['light-high-contrast', 'light-high-contrast', ['light/light', 'light/light.high-contrast', 'light/display-light']],
  ['dark', 'dark', ['dark/dark', 'dark/display-dark']],
  ['dark-dimmed', 'dark-dimmed', ['dark/dark', 'dark/dark.dimmed', 'dark/display-dark']],
  [
    'dark-dimmed-high-contrast',
    'dark-dimmed-high-contrast',
    ['dark/dark', 'dark/dark.high-contrast', 'dark/dark.dimmed', 'dark/display-dark'],
  ],
  ['dark-tritanopia', 'dark-tritanopia', ['dark/dark', 'dark/display-dark']],
  ['dark-tritanopia-high-contrast', 'dark-tritanopia-high-contrast', ['dark/dark', 'dark/dark.high-contrast', 'dark/display-dark']],
  ['dark-colorblind', 'dark-protanopia-deuteranopia', ['dark/dark', 'dark/display-dark']],
  [
    'dark-colorblind-high-contrast',
    'dark-protanopia-deuteranopia-high-contrast',
    ['dark/dark', 'dark/dark.high-contrast', 'dark/display-dark'],
  ],
  ['dark-high-contrast', 'dark-high-contrast', ['dark/dark', 'dark/dark.high-contrast', 'dark/display-dark']],
];

/** What Primer's import reads (`folder` holds `@primer+primitives@11.10.0/package`): the inputs and one layer per mode. */
export function primerSources(folder) {
  const pkg = join(folder, '@primer+primitives@11.10.0/package');
  const cwd = join(pkg, 'src/tokens');
  const baseFiles = (files) => files.map((file) => `base/color/${file}.json5`);
  const inputs = [
    'functional/color',
    'functional/shadow',
    'functional/border',
    'component',
    'functional/size/border.json5',
    ...baseFiles(['light/light', 'light/display-light']),
  ];
  const layers = PRIMER_THEMES.filter(([, mode]) => mode !== 'light').map(([, mode, files]) => ({ mode, paths: baseFiles(files) }));
  return { pkg, cwd, inputs, layers };
}

async function primer() {
  const { pkg, cwd, inputs, layers } = primerSources(root);
  const themes = [];
  for (const [file, mode] of PRIMER_THEMES) {
    const docs = JSON.parse(await readFile(join(pkg, `dist/docs/functional/themes/${file}.json`), 'utf8'));
    const oracle = new Map();
    for (const entry of Object.values(docs)) if (entry.value !== undefined) oracle.set(entry.path.join('.'), String(entry.value));
    themes.push({ theme: file, mode, oracle });
  }
  return runSystem({
    title: '@primer/primitives 11.10.0 (DTCG json5; oracle dist/docs/functional/themes/<theme>.json `value`)',
    slug: 'primer',
    cwd,
    inputs,
    layers,
    themes,
    keyOf: (key) => key,
    explain: ({ source, mode }) => {
      const overrides = source.extensions?.['org.primer.overrides'] ?? {};
      const written = mode in overrides ? overrides[mode] : source.value;
      const layers = Array.isArray(written) ? written : Array.isArray(written?.$value) ? written.$value : [];
      if (source.type === 'shadow' && layers.some((layer) => typeof layer?.alpha === 'number')) {
        return 'shadow layer `alpha` dropped (map-token.ts shadowLayer)';
      }
      if (typeof overrides[mode] === 'string' && /^rgba\(/.test(String(source.value))) {
        return "the token's own `alpha` is not applied to a plain-string override (read-dtcg.ts extensionModes)";
      }
      if (mode !== 'dark' && mode.startsWith('dark-') && 'dark' in overrides && !(mode in overrides)) {
        return 'Primer applies the `dark` override first in every dark-* theme; the import does not (read-dtcg.ts extensionModes)';
      }
      return 'other: a reference to a token of the two kinds above, or another cause';
    },
    command:
      `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import ${inputs.join(' ')} --out /tmp/vpi/primer --verify ` +
      layers.map((layer) => `--mode ${layer.mode}=${layer.paths.join(',')}`).join(' '),
  });
}

/** The leaves of Style Dictionary's nested `json` output with a `value`, by dotted path. */
function sdLeaves(node, path = [], out = new Map()) {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    if ('value' in node) {
      out.set(path.join('.'), typeof node.value === 'string' ? node.value : JSON.stringify(node.value));
      return out;
    }
    for (const [name, child] of Object.entries(node)) if (!name.startsWith('$')) sdLeaves(child, [...path, name], out);
  }
  return out;
}

async function utrecht() {
  const cwd = join(root, '@utrecht+design-tokens/package');
  // style-dictionary-build.mjs reads src/{brand,common,component}/tokens.json and src/{brand,common,component}/**/*.tokens.json
  // (plus ../../components/**, not in the package); src/component/opencatalogi/data-badge.json matches neither.
  const inputs = [];
  for (const folder of ['src/brand', 'src/common', 'src/component']) {
    for (const { path } of await readTokenFiles(cwd, folder)) {
      if (path === `${folder}/tokens.json` || path.endsWith('.tokens.json')) inputs.push(path);
    }
  }
  // style-dictionary-build-dark.mjs adds src/dark/tokens.json, src/dark/*.tokens.json, src/dark/**/tokens.json.
  const themes = [];
  for (const [theme, mode, file] of [
    ['light', 'light', 'dist/tokens.json'],
    ['dark', 'dark', 'dist/dark/tokens.json'],
  ]) {
    themes.push({ theme, mode, oracle: sdLeaves(JSON.parse(await readFile(join(cwd, file), 'utf8'))) });
  }
  return runSystem({
    title: '@utrecht/design-tokens 5.0.1 (Style Dictionary; oracle dist/tokens.json, dist/dark/tokens.json)',
    slug: 'utrecht',
    cwd,
    inputs,
    layers: [{ mode: 'dark', paths: ['src/dark'] }],
    themes,
    keyOf: (key) => key,
    // Their `fontSize/pxToRem` transform: font-size and line-height in px are written as parseInt(px)/16 rem.
    transform: (name) => /\.(font-size|line-height)$/.test(name),
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import <${inputs.length} files: src/{brand,common,component}/**/*.tokens.json> --out /tmp/vpi/utrecht --verify --mode dark=src/dark`,
  });
}

async function digdir() {
  const cwd = join(root, 'digdir-generated');
  const themes = [];
  // built/<brand>.css: `:root` blocks (and `[data-color-scheme="<scheme>"]` for the scheme); @media copies skipped.
  // Mode of each (brand, scheme) as the importer names its modes (see its notes): the base `light` is the theme named
  // Light with the other groups at their first theme (digdir); `dark` is digdir + Dark; `altinn`/`uutilsynet` are
  // those brands + Light. A brand in Dark is a combination our list of modes does not hold.
  const modeOf = { 'digdir/light': 'light', 'digdir/dark': 'dark', 'altinn/light': 'altinn', 'uutilsynet/light': 'uutilsynet' };
  for (const brand of ['digdir', 'altinn', 'uutilsynet']) {
    const blocks = cssBlocks(await readFile(join(cwd, `built/${brand}.css`), 'utf8'));
    for (const scheme of ['light', 'dark']) {
      const declarations = new Map();
      for (const block of blocks) {
        if (block.media) continue;
        const schemeMatch = /\[data-color-scheme="(\w+)"\]/.exec(block.selector);
        const applies = schemeMatch ? schemeMatch[1] === scheme : block.selector.split(',').some((s) => s.trim() === ':root');
        if (applies) for (const [name, value] of block.declarations) declarations.set(name, value);
      }
      const oracle = new Map();
      for (const [name, value] of declarations) oracle.set(name, followVars(value, declarations));
      themes.push({ theme: `${brand}/${scheme}`, mode: modeOf[`${brand}/${scheme}`], oracle });
    }
  }
  return runSystem({
    title: 'Tokens Studio, @digdir/designsystemet 1.15.0 (oracle built/<brand>.css)',
    slug: 'digdir',
    cwd,
    inputs: ['design-tokens'],
    layers: [],
    themes,
    keyOf: (key) => `--ds-${key.replace(/\./g, '-')}`,
    notComparable: (value) => /calc\(|min\(|max\(|var\(/.test(value),
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import design-tokens --out /tmp/vpi/digdir --verify`,
  });
}

/** Style Dictionary's `name/kebab` (change-case paramCase): camelCase split, lowercased, other characters to `-`. */
const kebab = (text) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `--name: value` declarations of the CSS blocks `selects(selector)` picks (not inside @media), var() followed. */
async function cssOracle(file, selects) {
  const declarations = new Map();
  for (const block of cssBlocks(await readFile(file, 'utf8'))) {
    if (!block.media && selects(block.selector)) for (const [name, value] of block.declarations) declarations.set(name, value);
  }
  const oracle = new Map();
  for (const [name, value] of declarations) oracle.set(name, followVars(value, declarations));
  return oracle;
}

async function telekom() {
  // Its build (not in the tarball) reads src/core and src/semantic (dist/css/design-tokens.*), or src/telekom/core
  // over them (dist/telekom/..., the same names). Tokens write `value: { light, dark }`; the outputs are the semantic
  // tokens only, named `telekom-<path>` with `&` as `and`.
  const cwd = join(root, 'telekom/package');
  const themes = [];
  for (const mode of ['light', 'dark']) {
    const flat = JSON.parse(await readFile(join(cwd, `dist/css/design-tokens.${mode}.json`), 'utf8'));
    themes.push({ theme: mode, mode, oracle: new Map(Object.entries(flat).map(([name, value]) => [name, String(value)])) });
  }
  return runSystem({
    title: '@telekom/design-tokens 1.0.0-beta.12 (Style Dictionary json5, per-token modes; oracle dist/css/design-tokens.<mode>.json)',
    slug: 'telekom',
    cwd,
    inputs: ['src/core', 'src/semantic'],
    layers: [],
    themes,
    keyOf: (key) => `telekom-${kebab(key.replace(/&/g, 'and'))}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import src/core src/semantic --out /tmp/vpi/telekom --verify`,
  });
}

async function rhc() {
  // figma/figma.tokens.json is the Tokens Studio single file (every set, `$themes`, `$metadata`); its build
  // (token-transformer.mjs + Style Dictionary, not all in the tarball) writes dist/<theme>/index.css per theme,
  // `.<theme> { --<kebab path>: ... }`. The themes are one group: the first is our base mode `light`.
  const cwd = join(root, 'rhc/package');
  const THEMES = [
    ['kern-lintblauw', 'light'],
    ['uitvoerend-lintblauw', 'uitvoerend-lintblauw'],
    ['uitvoerend-groen', 'uitvoerend-groen'],
    ['uitvoerend-hemelblauw', 'uitvoerend-hemelblauw'],
    ['uitvoerend-oranje', 'uitvoerend-oranje'],
    ['uitvoerend-paars', 'uitvoerend-paars'],
    ['uitvoerend-robijnrood', 'uitvoerend-robijn-rood'],
  ];
  const themes = [];
  for (const [folder, mode] of THEMES) {
    const oracle = await cssOracle(join(cwd, `dist/${folder}/index.css`), (selector) => selector === `.${folder}`);
    themes.push({ theme: folder, mode, oracle });
  }
  return runSystem({
    title: '@rijkshuisstijl-community/design-tokens 11.1.0 (Tokens Studio single file; oracle dist/<theme>/index.css)',
    slug: 'rhc',
    cwd,
    inputs: ['figma/figma.tokens.json'],
    layers: [],
    themes,
    keyOf: (key) => `--${kebab(key)}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import figma/figma.tokens.json --out /tmp/vpi/rhc --verify`,
  });
}

async function gestalt() {
  // tokens/classic is untyped Style Dictionary (aliases `{x.value}`); its build (not in the tarball) makes
  // dist/css/classic/variables.css from the files without `-dark` and variables-dark.css with the `*-dark.json` files
  // in place of the `*-light.json` ones. So: the light files as input, the dark files as `--mode dark`.
  const cwd = join(root, 'gestalt/package');
  const files = (await readTokenFiles(cwd, 'tokens/classic')).map(({ path }) => path);
  const inputs = files.filter((path) => !path.endsWith('-dark.json'));
  const dark = files.filter((path) => path.endsWith('-dark.json'));
  const themes = [];
  for (const [theme, file] of [
    ['light', 'variables.css'],
    ['dark', 'variables-dark.css'],
  ]) {
    themes.push({ theme, mode: theme, oracle: await cssOracle(join(cwd, `dist/css/classic/${file}`), (selector) => selector === ':root') });
  }
  return runSystem({
    title: 'gestalt-design-tokens 177.0.12 classic (untyped Style Dictionary; oracle dist/css/classic/variables[-dark].css)',
    slug: 'gestalt',
    cwd,
    inputs,
    layers: [{ mode: 'dark', paths: dark }],
    themes,
    keyOf: (key) => `--${kebab(key)}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import ${inputs.join(' ')} --out /tmp/vpi/gestalt --verify --mode dark=${dark.join(',')}`,
  });
}

async function italia() {
  // tokens/{global,semantic,specific}.json, Tokens Studio's W3C export (`$value`/`$type`); dist/css/variables.css,
  // `--it-<kebab path>` (no themes).
  const cwd = join(root, 'italia/package');
  const oracle = await cssOracle(join(cwd, 'dist/css/variables.css'), (selector) => selector === ':root');
  return runSystem({
    title: 'design-tokens-italia 1.3.3 (Tokens Studio W3C export; oracle dist/css/variables.css)',
    slug: 'italia',
    cwd,
    inputs: ['tokens'],
    layers: [],
    themes: [{ theme: 'light', mode: 'light', oracle }],
    keyOf: (key) => `--it-${kebab(key)}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import tokens --out /tmp/vpi/italia --verify`,
  });
}

async function auro() {
  // src/themes/auro-classic is Style Dictionary 3 whose every token says `type: "semantic"` (a category, not a type;
  // 2 comment tokens have none); its build (scripts/, not in the tarball) writes dist/legacy/auro-classic/
  // CSSCustomProperties.css, `:root { --ds-<kebab path>: ... }`. The other themes' sources are in another package
  // (@aurodesignsystem/auro-tokendefinitions), so only auro-classic is compared. No modes.
  const cwd = join(root, 'auro/package');
  const oracle = await cssOracle(join(cwd, 'dist/legacy/auro-classic/CSSCustomProperties.css'), (selector) => selector === ':root');
  return runSystem({
    title:
      '@aurodesignsystem/design-tokens 8.16.0 auro-classic (Style Dictionary, `type: "semantic"`; oracle dist/legacy/auro-classic/CSSCustomProperties.css)',
    slug: 'auro',
    cwd,
    inputs: ['src/themes/auro-classic'],
    layers: [],
    themes: [{ theme: 'light', mode: 'light', oracle }],
    keyOf: (key) => `--ds-${kebab(key)}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import src/themes/auro-classic --out /tmp/vpi/auro --verify`,
  });
}

async function spectrum() {
  // src/*.json: flat kebab names, no `type` (each token's `$schema` URL names its kind), per-token modes written
  // `sets: { light, dark, wireframe }` (colors) or `sets: { desktop, mobile }` (sizes), sets nested in sets. Its own
  // build (tasks/buildSpectrumTokens.js, Style Dictionary 3 + style-dictionary-sets) writes dist/json/drover.json with
  // the resolved values of `colorThemes.light`, `.dark`, `.darkest` (a theme the sources no longer have) and
  // `dimensions` (the desktop set). dist/json/variables.json keeps the references, so it is no oracle.
  const cwd = join(root, 'spectrum/package');
  const drover = JSON.parse(await readFile(join(cwd, 'dist/json/drover.json'), 'utf8'));
  const flat = (object) => new Map(Object.entries(object).map(([name, value]) => [name, String(value)]));
  const themes = [
    { theme: 'colorThemes.light', mode: 'light', oracle: flat(drover.colorThemes.light) },
    { theme: 'colorThemes.dark', mode: 'dark', oracle: flat(drover.colorThemes.dark) },
    { theme: 'colorThemes.darkest', mode: undefined, oracle: flat(drover.colorThemes.darkest) },
    { theme: 'dimensions', mode: 'desktop', oracle: flat(drover.dimensions) },
  ];
  return runSystem({
    title: '@adobe/spectrum-tokens 15.4.1 (Style Dictionary, `sets` per token, two axes; oracle dist/json/drover.json)',
    slug: 'spectrum',
    cwd,
    inputs: ['src'],
    layers: [],
    themes,
    keyOf: (key) => key,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import src --out /tmp/vpi/spectrum --verify`,
  });
}

async function amsterdam() {
  // Source: src/**/*.tokens.json of the npm tarball itself (GitHub Amsterdam/design-system,
  // packages-proprietary/tokens/src, as published in 4.0.1), so source and oracle are the same release. DTCG 2025.10:
  // `$value`/`$type`, dimensions as `{ value, unit }`, a group `$type` at a file's root (colors), and 863 aliases of
  // which most carry no `$type` anywhere up the tree (only `$extensions["nl.amsterdam.type"]`; its README: "References
  // inherit the type of the token they refer to"). Its build.js (in the tarball) makes dist/index.css from every file
  // but `*.compact.tokens.json`, and dist/compact.css from those alone, loaded after index.css as an override: so
  // the mode `compact` is the compact files given as `--mode compact=...`, and its oracle is index.css's `:root`
  // declarations overridden by compact.css's, var() followed (what a page loading both computes). Names:
  // `name/customKebab`, kebab-case of the path without a trailing `default` segment.
  const cwd = join(root, 'amsterdam/package');
  const files = (await readTokenFiles(cwd, 'src')).map(({ path }) => path);
  const inputs = files.filter((path) => !path.endsWith('.compact.tokens.json'));
  const compact = files.filter((path) => path.endsWith('.compact.tokens.json'));
  const declarationsOf = async (file) => {
    const declarations = new Map();
    for (const block of cssBlocks(await readFile(join(cwd, file), 'utf8'))) {
      if (!block.media && block.selector === ':root') for (const [name, value] of block.declarations) declarations.set(name, value);
    }
    return declarations;
  };
  const index = await declarationsOf('dist/index.css');
  const merged = new Map([...index, ...(await declarationsOf('dist/compact.css'))]);
  const followed = (declarations) => new Map([...declarations].map(([name, value]) => [name, followVars(value, declarations)]));
  return runSystem({
    title: '@amsterdam/design-system-tokens 4.0.1 (DTCG, untyped aliases; oracle dist/index.css, dist/compact.css over it)',
    slug: 'amsterdam',
    cwd,
    inputs,
    layers: [{ mode: 'compact', paths: compact }],
    themes: [
      { theme: 'index', mode: 'light', oracle: followed(index) },
      { theme: 'compact', mode: 'compact', oracle: followed(merged) },
    ],
    keyOf: (key) => `--${kebab(key.replace(/\.default$/, ''))}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import <${inputs.length} files: src/**/*.tokens.json but *.compact.tokens.json> --out /tmp/vpi/amsterdam --verify --mode compact=${compact.join(',')}`,
  });
}

async function paste() {
  // Theo 1 (Salesforce), not Style Dictionary: each tokens/**/*.yml is `{ global: { type, category }, imports: [files],
  // props: { <flat-kebab-name>: { value, comment } } }` or `{ imports, aliases: { <name>: value } }`; a reference is
  // `{!alias}` (aliases only, file-scoped: visible through the file's imports), not `{a.b}`. Its gulpfile runs theo on
  // tokens/**/tokens.yml with the `web` transform (`color/rgb`): dist/tokens.custom-properties.css for tokens/tokens.yml,
  // dist/themes/<theme>/tokens.custom-properties.css for tokens/themes/<theme>/tokens.yml, `:root { --<name>: ... }`.
  // A theme's files import the base files (twilio-dark: dark's) and override their props/aliases, so a theme is a
  // mode: its files = what its tokens.yml reaches through `imports` (imports first, then the file) but the base's,
  // given as `--mode <theme>=...`. The importer reads *.json / *.json5 only (a folder of *.yml gives 0 tokens), so each
  // file is converted 1:1 to JSON (yaml.parse, JSON.stringify) into <folder>/paste/json first.
  const { parse } = await import('yaml');
  const { mkdir, writeFile, readdir } = await import('node:fs/promises');
  const { dirname, relative } = await import('node:path');
  const source = join(root, 'paste/source');
  const cwd = join(root, 'paste/json');
  const yamlFiles = [];
  const walk = async (folder) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.yml')) yamlFiles.push(path);
    }
  };
  await walk(join(source, 'tokens'));
  const parsed = new Map();
  for (const file of yamlFiles) {
    const data = parse(await readFile(file, 'utf8'));
    parsed.set(file, data);
    const out = join(cwd, relative(source, file).replace(/\.yml$/, '.json'));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(data, null, 2)}\n`);
  }
  /** Every file `entry` reaches through `imports`, imports before the file (Theo's order: the file's own win). */
  const closure = (entry, seen = new Set(), order = []) => {
    if (seen.has(entry)) return order;
    seen.add(entry);
    for (const imported of parsed.get(entry)?.imports ?? []) closure(resolve(dirname(entry), imported), seen, order);
    order.push(entry);
    return order;
  };
  const asJson = (file) => relative(source, file).replace(/\.yml$/, '.json');
  const base = closure(join(source, 'tokens/tokens.yml'));
  const THEMES = ['dark', 'evergreen', 'sendgrid', 'twilio', 'twilio-dark'];
  const layers = THEMES.map((theme) => ({
    mode: theme,
    paths: closure(join(source, `tokens/themes/${theme}/tokens.yml`))
      .filter((file) => !base.includes(file))
      .map(asJson),
  }));
  const pkg = join(root, 'paste/package');
  const themes = [
    { theme: 'default', mode: 'light', oracle: await cssOracle(join(pkg, 'dist/tokens.custom-properties.css'), (s) => s === ':root') },
  ];
  for (const theme of THEMES) {
    const file = join(pkg, `dist/themes/${theme}/tokens.custom-properties.css`);
    themes.push({ theme, mode: theme, oracle: await cssOracle(file, (s) => s === ':root') });
  }
  const inputs = base.map(asJson);
  return runSystem({
    title: '@twilio-paste/design-tokens 10.15.0 (Theo YAML as JSON; oracle dist/[themes/<theme>/]tokens.custom-properties.css)',
    slug: 'paste',
    cwd,
    inputs,
    layers,
    themes,
    keyOf: (key) => `--${key.split('.').at(-1)}`,
    command: `cd ${cwd} && node ${join(repo, 'dist/cli.js')} import ${inputs.join(' ')} --out /tmp/vpi/paste --verify ${layers.map((layer) => `--mode ${layer.mode}=${layer.paths.join(',')}`).join(' ')}`,
  });
}

const SYSTEMS = { primer, utrecht, digdir, telekom, rhc, gestalt, italia, auro, spectrum, amsterdam, paste };
// Run as a script, not when another script imports `primerSources`.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, run] of Object.entries(SYSTEMS)) {
    if (only.length > 0 && !only.includes(name)) continue;
    try {
      await run();
    } catch (error) {
      console.log(`\n=== ${name}: FAILED: ${error.stack}`);
    }
  }
}
