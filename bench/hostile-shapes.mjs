// The hostile design system shapes of `bench/hardening.mjs`, shared with `bench/compile-handoff.mjs`.

/** `chains` chains of `length` references, keys sorted tail first (`c<n>.t000` has the value). */
export function chainTokens(chains, length, seed = 0) {
  let text = 'tokens:\n';
  for (let chain = 0; chain < chains; chain++) {
    const name = (hop) => `space.c${chain}.t${String(hop).padStart(4, '0')}`;
    text += `  ${name(0)}: { type: spacing, value: ${chain + seed} }\n`;
    for (let hop = 1; hop <= length; hop++) text += `  ${name(hop)}: { type: spacing, ref: ${name(hop - 1)} }\n`;
  }
  return text;
}

/** A system of `tokens` colors (several files) in `modes` further modes. */
export function colorSystem(slug, tokens, modes) {
  const files = new Map([
    [
      `${slug}/system.yaml`,
      `name: ${slug}\nmodes:\n${Array.from({ length: modes }, (_, index) => `  m${index}: { base: ${index % 2 ? 'dark' : 'light'} }\n`).join('')}`,
    ],
    [
      `${slug}/scales.yaml`,
      'scales:\n  gray:\n    100: { light: "#EEEEEE", dark: "#111111" }\n    200: { light: "#DDDDDD", dark: "#222222" }\n',
    ],
  ]);
  for (let start = 0; start < tokens; start += 200) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + 200); index++)
      text += `  color.c${index}: { type: color, scale: gray, step: ${index % 2 ? 100 : 200}, description: Color ${index} }\n`;
    files.set(`${slug}/tokens/${start}.yaml`, text);
  }
  return files;
}

/**
 * A design system of `colors` color tokens whose every value differs per mode (`modes` further modes), and a
 * `contrast` section of `pairs` pairs naming them (kinds and levels varied, a translucent surface), so every pair is
 * checked in every mode: `pairs × (modes + 2)` checks. `variant` changes every color (a second commit of it).
 */
export function contrastSystem(slug, { colors, modes, pairs, variant = 0 }) {
  const declared = Array.from({ length: modes }, (_, index) => `m${index}`);
  const channel = (step, mode, part) => (step * 37 + mode * 11 + part * 101 + variant * 53) % 256;
  const color = (step, mode) => `"#${[0, 1, 2].map((part) => channel(step, mode, part).toString(16).padStart(2, '0')).join('')}"`;
  const files = new Map([
    [
      `${slug}/system.yaml`,
      `name: ${slug}\nmodes:\n${declared.map((mode, index) => `  ${mode}: { base: ${index % 2 ? 'dark' : 'light'} }\n`).join('')}`,
    ],
  ]);
  const names = ['light', 'dark', ...declared];
  const perFile = 100;
  for (let start = 0; start < colors; start += perFile) {
    let text = `scales:\n  s${start}:\n`;
    for (let step = start; step < Math.min(colors, start + perFile); step++)
      text += `    ${step}: { ${names.map((mode, index) => `${mode}: ${color(step, index)}`).join(', ')} }\n`;
    text += 'tokens:\n';
    for (let step = start; step < Math.min(colors, start + perFile); step++)
      text += `  c.c${step}: { type: color, scale: s${start}, step: ${step} }\n`;
    files.set(`${slug}/colors-${start}.yaml`, text);
  }
  let contrast = 'contrast:\n  surface: c.surface\n  pairs:\n';
  for (let index = 0; index < pairs; index++) {
    const kind = index % 3 === 0 ? '' : `, kind: ${index % 3 === 1 ? 'large-text' : 'non-text'}`;
    contrast += `    p${index}: { foreground: c.c${index % colors}, background: c.c${(index * 7 + 3) % colors}${kind} }\n`;
  }
  files.set(`${slug}/contrast.yaml`, `tokens:\n  c.surface: { type: color, color: "#F6F8FA80" }\n${contrast}`);
  return files;
}
