import * as csstree from 'css-tree';
import { expect } from 'vitest';

/** What css-tree reads in a stylesheet, in order. */
export interface CssOutline {
  /** Each at-rule as `@name prelude`, each rule as `selector { property property ... }`. */
  readonly blocks: string[];
  /** Each comment's text. */
  readonly comments: string[];
  /** The media queries of each `@media`, as css-tree splits its list. */
  readonly mediaQueries: string[][];
}

/** The rules, at-rules, comments and media queries of `css` as css-tree reads them, refusing anything it had to recover from. */
export function outlineCss(css: string): CssOutline {
  const blocks: string[] = [];
  const comments: string[] = [];
  const mediaQueries: string[][] = [];
  const parseErrors: string[] = [];
  const ast = csstree.parse(css, {
    onComment: (value) => comments.push(value),
    onParseError: (error) => parseErrors.push(error.message),
  });
  expect(parseErrors).toEqual([]);
  csstree.walk(ast, (node) => {
    if (node.type === 'Atrule') {
      blocks.push(`@${node.name} ${node.prelude === null ? '' : csstree.generate(node.prelude)}`);
      if (node.name === 'media' && node.prelude?.type === 'AtrulePrelude') {
        node.prelude.children.forEach((list) => {
          if (list.type === 'MediaQueryList') mediaQueries.push(list.children.toArray().map((query) => csstree.generate(query)));
        });
      }
    }
    if (node.type === 'Rule') {
      const names: string[] = [];
      node.block.children.forEach((child) => {
        if (child.type === 'Declaration') names.push(child.property);
      });
      blocks.push(`${csstree.generate(node.prelude)} { ${names.join(' ')} }`);
    }
  });
  return { blocks, comments, mediaQueries };
}
