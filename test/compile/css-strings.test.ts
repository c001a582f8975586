import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileFiles } from '../helpers/fixtures.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';
import { positionOf } from '../helpers/text-position.js';

// Strings a committer writes that end up in CSS (font stacks, shadow text, a mode's media condition) or in CSS and
// TypeScript comments (deprecation messages), and numbers the exports would write otherwise than they were written.

const errors = (diagnostics: readonly Diagnostic[]) =>
  diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map(({ file, line, column, rule, message }) => ({ file, line, column, rule, message }));

/** The one error a `tokens:` body gives, at `needle`. */
function tokenError(tokens: string, needle: string, message: string, rule: RuleId = 'invalid-value') {
  return { file: 'ds/tokens.yaml', ...positionOf(`tokens:\n${tokens}`, needle), rule, message };
}

const BREAKOUT = 'a string that cannot break out of its CSS value:';

describe('strings written into CSS cannot leave their value', () => {
  it.each([
    [
      'a comment opener in a font stack',
      '  font.family.evil: { type: font.family, value: "Inter /* x" }\n',
      '"Inter /*',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`/*\` at character 7 would open a comment, got "Inter /* x"`,
    ],
    [
      'a comment closer in a font stack',
      '  font.family.evil: { type: font.family, value: "Inter */ x" }\n',
      '"Inter */',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`*/\` at character 7 would close a comment, got "Inter */ x"`,
    ],
    [
      'an unclosed quote',
      `  font.family.evil: { type: font.family, value: "'Inter, sans-serif" }\n`,
      `"'Inter`,
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} the quote \`'\` at character 1 is never closed, got "'Inter, sans-serif"`,
    ],
    [
      'an unclosed parenthesis',
      '  font.family.evil: { type: font.family, value: "Inter, url(x" }\n',
      '"Inter, url',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`(\` at character 11 is never closed, got "Inter, url(x"`,
    ],
    [
      'a bracket that closes nothing',
      '  font.family.evil: { type: font.family, value: "Inter] x" }\n',
      '"Inter]',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`]\` at character 6 closes nothing, got "Inter] x"`,
    ],
    [
      'brackets closed in the wrong order',
      '  font.family.evil: { type: font.family, value: "a([)]" }\n',
      '"a([',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`)\` at character 4 closes \`[\` of character 3, got "a([)]"`,
    ],
    [
      'a comment opener in a typography font family',
      '  typography.evil: { type: typography, fontFamily: "x/*", fontSize: 16px, fontWeight: 400, lineHeight: 1.5 }\n',
      '"x/*',
      `\`fontFamily\` of \`typography.evil\` must be ${BREAKOUT} \`/*\` at character 2 would open a comment, or a reference like \`{group.token}\`, got "x/*"`,
    ],
    [
      'a comment opener in a shadow primitive',
      '  opacity.x: { type: opacity, value: 1 }\nprimitives:\n  shadow: { evil: "0px 1px 2px rgba(0, 0, 0, 0.1) /*" }\n',
      '"0px 1px',
      `primitive \`shadow.evil\` must be ${BREAKOUT} \`/*\` at character 32 would open a comment, got "0px 1px 2px rgba(0, 0, 0, 0.1) /*"`,
    ],
    [
      'a comment opener in a font family primitive',
      '  opacity.x: { type: opacity, value: 1 }\nprimitives:\n  font.family: { evil: "Inter/**/" }\n',
      '"Inter/**/',
      `primitive \`font.family.evil\` must be ${BREAKOUT} \`/*\` at character 6 would open a comment, got "Inter/**/"`,
    ],
    [
      'a comment opener in a mode value',
      '  font.family.evil: { type: font.family, value: Inter, modes: { dark: { value: "x /*" } } }\n',
      '"x /*',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`/*\` at character 3 would open a comment, got "x /*"`,
    ],
    [
      'a comment opener inside quotes',
      '  font.family.evil: { type: font.family, value: "\'a /* b\', serif" }\n',
      '"\'a /*',
      `\`value\` of \`font.family.evil\` must be ${BREAKOUT} \`/*\` at character 4 would open a comment, got "'a /* b', serif"`,
    ],
  ])('%s', (_name, tokens, at, message) => {
    const result = compileTokens(tokens);
    expect(errors(result.diagnostics)).toEqual([tokenError(tokens, at, message)]);
  });

  it.each([
    ['a stack with quoted names', `Inter, 'Helvetica Neue', "Segoe UI", sans-serif`],
    ['brackets inside quotes', `"Font (Beta) [1", serif`],
    ['a quote of the other kind inside quotes', `"Font's Name", serif`],
  ])('%s stays valid and is written as written', (_name, stack) => {
    const result = compileTokens(`  font.family.ok: { type: font.family, value: ${JSON.stringify(stack)} }\n`);
    expect(errors(result.diagnostics)).toEqual([]);
    const token = tokenOf(result.system, 'font.family.ok');
    expect(token === undefined ? undefined : formatCssValue(token.resolved.light)).toBe(stack);
  });
});

describe("a mode's media condition cannot start another media query, a comment or a string", () => {
  const compileSystem = (system: string) =>
    compileFiles('ds', [
      ['ds/system.yaml', system],
      ['ds/tokens.yaml', 'tokens:\n  opacity.x: { type: opacity, value: 1 }\n'],
    ]);
  const MEDIA = '`media` of mode `everyone` must be one media condition:';

  it.each([
    [
      'a comma at the top level',
      '(min-width: 1px), all and (max-width: 0px)',
      `${MEDIA} \`,\` at character 17 would start another media query, got "(min-width: 1px), all and (max-width: 0px)"`,
    ],
    ['a comment opener', '(min-width: 1px) /* x)', `${MEDIA} \`/*\` at character 18 would open a comment, got "(min-width: 1px) /* x)"`],
    ['a quote', '(x: "a")', `${MEDIA} \`"\` at character 5: a media condition takes no quotes, got "(x: \\"a\\")"`],
    ['parentheses that do not match', '(a)) or ((b)', `${MEDIA} \`)\` at character 4 closes nothing, got "(a)) or ((b)"`],
  ])('%s', (_name, media, message) => {
    const system = `name: DS\nmodes:\n  everyone: { base: light, media: ${JSON.stringify(media)} }\n`;
    const { line, column } = positionOf(system, `"${media.slice(0, 3)}`);
    expect(errors(compileSystem(system).diagnostics)).toEqual([{ file: 'ds/system.yaml', line, column, rule: 'invalid-mode', message }]);
  });

  it.each([
    ['(prefers-contrast: more)'],
    ['(min-aspect-ratio: 16/9)'],
    ['(prefers-contrast: more) and (min-width: 40em)'],
    ['((min-width: 1px) or (hover: hover))'],
  ])('%s stays valid', (media) => {
    const result = compileSystem(`name: DS\nmodes:\n  everyone: { base: light, media: ${JSON.stringify(media)} }\n`);
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.system?.modes.find((mode) => mode.name === 'everyone')?.media).toBe(media);
  });
});

describe('deprecation messages cannot end the page element they are written into', () => {
  const WITHOUT = 'without `<` (it is written into CSS and TypeScript comments, which a page may inline)';
  it.each([
    [
      'markup ending a <style> element',
      '  opacity.old: { type: opacity, value: 1, deprecated: "</style><script>alert(1)</script>" }\n',
      '"</style>',
      `\`deprecated\` of \`opacity.old\` must be a message ${WITHOUT}, got "</style><script>alert(1)</script>"`,
    ],
    [
      'markup in the message field',
      '  opacity.old: { type: opacity, value: 1, deprecated: { message: "Old <!-- x", since: 2026-01-01 } }\n',
      '{ message',
      `\`deprecated\` of \`opacity.old\` \`message\` must be text ${WITHOUT}, got "Old <!-- x"`,
    ],
  ])('%s', (_name, tokens, at, message) => {
    expect(errors(compileTokens(tokens).diagnostics)).toEqual([tokenError(tokens, at, message)]);
  });

  it('a message with `>`, `*/` (the writers write `* /`) and a line break stays valid', () => {
    const result = compileTokens('  opacity.old: { type: opacity, value: 1, deprecated: "Use a -> b */ c.\\nSee /docs/*." }\n');
    expect(errors(result.diagnostics)).toEqual([]);
    expect(tokenOf(result.system, 'opacity.old')?.deprecated?.message).toBe('Use a -> b */ c.\nSee /docs/*.');
  });
});

describe('numbers are written as they were written', () => {
  const TINY = 'a number at least 1e-20 in size (exports write 20 decimals at most, so a smaller one would be written as 0)';
  const HUGE = 'an integer from -9007199254740991 to 9007199254740991 (a larger one cannot be kept exactly)';
  it.each([
    [
      'a line height of 1e-320 (rule: > 0)',
      '  font.lineHeight.tiny: { type: font.lineHeight, value: 1e-320 }\n',
      '1e-320',
      `\`value\` of \`font.lineHeight.tiny\` must be ${TINY}, got 1e-320`,
    ],
    [
      'a line height primitive of 1e-320',
      '  opacity.x: { type: opacity, value: 1 }\nprimitives:\n  font.lineHeight: { tiny: 1e-320 }\n',
      '1e-320',
      `primitive \`font.lineHeight.tiny\` must be ${TINY}, got 1e-320`,
    ],
    [
      'a spacing written as a length of 1e-25px',
      `  opacity.x: { type: opacity, value: 1 }\nprimitives:\n  spacing: { tiny: "0.${'0'.repeat(24)}1px" }\n`,
      '"0.000',
      `primitive \`spacing.tiny\` must be ${TINY} (a number in px, or text in px, rem, em, ch, ex, vw, vh, dvh, svh, lvh like \`1.5rem\`), got "0.${'0'.repeat(24)}1px"`,
    ],
    [
      'a typography line height of 1e-320',
      '  typography.tiny: { type: typography, fontFamily: Inter, fontSize: 16px, fontWeight: 400, lineHeight: 1e-320 }\n',
      '1e-320',
      `\`lineHeight\` of \`typography.tiny\` must be ${TINY}, or a reference like \`{group.token}\`, got 1e-320`,
    ],
    [
      'a z-index beyond 2^53',
      '  z.top: { type: z-index, value: 9007199254740993 }\n',
      '9007199254740993',
      `\`value\` of \`z.top\` must be ${HUGE}, got 9007199254740992`,
    ],
    [
      'a z-index of -2^53',
      '  z.bottom: { type: z-index, value: -9007199254740992 }\n',
      '-9007199254740992',
      `\`value\` of \`z.bottom\` must be ${HUGE}, got -9007199254740992`,
    ],
  ])('%s', (_name, tokens, at, message) => {
    expect(errors(compileTokens(tokens).diagnostics)).toEqual([tokenError(tokens, at, message)]);
  });

  it.each([
    ['a z-index of 2^53 - 1', '  z.top: { type: z-index, value: 9007199254740991 }\n', 'z.top', '9007199254740991'],
    [
      'a line height of 1e-20',
      '  font.lineHeight.small: { type: font.lineHeight, value: 1e-20 }\n',
      'font.lineHeight.small',
      '0.00000000000000000001',
    ],
    ['a spacing of 0', '  spacing.none: { type: spacing, value: 0 }\n', 'spacing.none', '0px'],
  ])('%s stays valid', (_name, tokens, key, css) => {
    const result = compileTokens(tokens);
    expect(errors(result.diagnostics)).toEqual([]);
    const token = tokenOf(result.system, key);
    expect(token === undefined ? undefined : formatCssValue(token.resolved.light)).toBe(css);
  });
});
