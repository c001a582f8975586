import { describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';

// Issue 22, finding 5: the strings that broke out of the CSS arrived through `import` too and were reported as
// imported exactly. The importer compiles what it writes with our compiler, so they are now left out and reported.

const importOne = (document: unknown) =>
  importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'imported', name: 'Imported' });

const BREAKOUT = 'a string that cannot break out of its CSS value:';

describe('import: strings our compiler refuses for the CSS they would write', () => {
  const document = {
    font: {
      $type: 'fontFamily',
      evil: { $value: 'Inter /* x' },
      named: { $value: ['Evil */ Sans', 'sans-serif'] },
      quote: { $value: "'Inter, sans-serif" },
      plain: { $value: ['Inter', 'sans-serif'] },
    },
    opacity: {
      $type: 'number',
      old: { $value: 0.5, $deprecated: '</style><script>alert(1)</script>' },
    },
  };

  it('leaves each out with the compiler’s reason, keeps the rest, and the folder compiles', () => {
    const result = importOne(document);
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:font.evil',
        level: 'skipped',
        reason: `refused by the compiler: \`value\` of \`font.evil\` must be ${BREAKOUT} \`/*\` at character 7 would open a comment, got "Inter /* x"`,
      },
      {
        source: 'tokens.json:font.named',
        level: 'skipped',
        reason: `refused by the compiler: \`value\` of \`font.named\` must be ${BREAKOUT} \`*/\` at character 7 would close a comment, got "'Evil */ Sans', sans-serif"`,
      },
      {
        source: 'tokens.json:font.quote',
        level: 'skipped',
        reason: `refused by the compiler: \`value\` of \`font.quote\` must be ${BREAKOUT} the quote \`'\` at character 1 is never closed, got "'Inter, sans-serif"`,
      },
      {
        source: 'tokens.json:opacity.old',
        level: 'skipped',
        reason:
          'refused by the compiler: `deprecated` of `opacity.old` must be a message without `<` (it is written into CSS and TypeScript comments, which a page may inline), got "</style><script>alert(1)</script>"',
      },
    ]);
    expect(result.tokens.map((token) => token.key)).toEqual(['font.plain']);
    expect(result.compiled.diagnostics).toEqual([]);
  });

  it('leaves out a shadow written as CSS with a comment opener: it is not layers it can read', () => {
    const result = importOne({ shadow: { $type: 'shadow', evil: { $value: '0px 1px 2px rgba(0, 0, 0, 0.1) /*' } } });
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:shadow.evil',
        level: 'skipped',
        reason:
          '`0px 1px 2px rgba(0, 0, 0, 0.1) /*` is not a CSS box shadow we read: layer 1 `0px 1px 2px rgba(0, 0, 0, 0.1) /*`: `/*` is not a length or a color',
      },
    ]);
    expect(result.tokens).toEqual([]);
  });

  // A second round (after the compiler refused the font stack) must not lose what the first round left out.
  it('reports a token left out in the first round beside one the compiler refuses', () => {
    const result = importOne({
      font: { $type: 'fontFamily', evil: { $value: 'Inter /* x' } },
      shadow: { $type: 'shadow', evil: { $value: '0px 1px 2px rgba(0, 0, 0, 0.1) /*' } },
    });
    expect(result.issues.map((issue) => issue.source)).toEqual(['tokens.json:shadow.evil', 'tokens.json:font.evil']);
    expect(result.tokens).toEqual([]);
  });
});
