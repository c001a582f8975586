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
