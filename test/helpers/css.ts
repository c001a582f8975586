import * as csstree from 'css-tree';
import { expect } from 'vitest';

export interface ParsedCss {
  /** Selector -> declared custom properties (name -> value), in order. */
  readonly rules: Map<string, Map<string, string>>;
}

/** Parses the export with css-tree, a real CSS parser, refusing anything it had to recover from. */
export function parseCssExport(css: string): ParsedCss {
  const parseErrors: string[] = [];
  const ast = csstree.parse(css, { onParseError: (error) => parseErrors.push(error.message) });
  expect(parseErrors).toEqual([]);
  const rules = new Map<string, Map<string, string>>();
  csstree.walk(ast, {
    visit: 'Rule',
    enter(rule) {
      const selector = csstree.generate(rule.prelude);
      expect(rules.has(selector)).toBe(false);
      const declarations = new Map<string, string>();
      rule.block.children.forEach((node) => {
        expect(node.type).toBe('Declaration');
        if (node.type !== 'Declaration') return;
        expect(declarations.has(node.property)).toBe(false);
        expect(node.value.type).toBe('Raw');
        declarations.set(node.property, node.value.type === 'Raw' ? node.value.value.trim() : '');
      });
      rules.set(selector, declarations);
    },
  });
  return { rules };
}
