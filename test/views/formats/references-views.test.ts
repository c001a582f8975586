import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { renderToken } from '../../../src/views/api/api-views.js';
import { diffDesignSystems } from '../../../src/views/diff/diff-design-systems.js';
import { renderCss } from '../../../src/views/formats/css/export-css.js';
import { buildDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-json.js';
import { buildStrictDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-strict.js';
import { renderTailwind } from '../../../src/views/formats/css/export-tailwind.js';
import { renderTypeScript } from '../../../src/views/formats/js/export-ts.js';
import { validateInputSync } from '../../../src/cli/validate.js';
import { compileFiles } from '../../helpers/fixtures.js';

/**
 * Every view of references, composites and deprecation on one small design system, held to hand-worked output: a
 * color alias chain (`button.bg` -> `action.primary` -> `blue 600`), an alias in one mode only, a border whose color
 * is a reference, a typography with a referenced size, a deprecated alias with a replacement.
 */
const FILES: Record<string, string> = {
  'ds/system.yaml': 'name: DS\nmodes:\n  dim: { base: dark }\n',
  'ds/scales.yaml': [
    'scales:',
    '  blue:',
    '    600: { light: "#2563EB", dark: "#60A5FA", dim: "#3B82F6" }',
    '  gray:',
    '    100: { light: "#F3F4F6", dark: "#1F2937" }',
    '    900: { light: "#111827", dark: "#F9FAFB" }',
    '',
  ].join('\n'),
  'ds/tokens.yaml': [
    'tokens:',
    '  action.primary: { type: color, scale: blue, step: 600 }',
    '  button.bg: { type: color, ref: action.primary }',
    '  button.fg: { type: color, scale: gray, step: 100, modes: { dim: { ref: text.default } } }',
    '  text.default: { type: color, scale: gray, step: 900 }',
    '  font.size.body: { type: font.size, value: 1, unit: rem }',
    '  border.focus: { type: border, width: 2px, style: solid, color: "{button.bg}" }',
    '  typography.body: { type: typography, fontFamily: "Inter, sans-serif", fontSize: "{font.size.body}", fontWeight: 400, lineHeight: 1.5 }',
    '  button.old-bg:',
    '    type: color',
    '    ref: button.bg',
    '    deprecated: { message: Renamed., replacement: button.bg, since: 2026-10-01 }',
    '',
  ].join('\n'),
};

function compile(files: Record<string, string> = FILES): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles('ds', Object.entries(files));
  expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return system as CompiledDesignSystem;
}

describe('references in the views', () => {
  const system = compile();
  const token = (key: string) => system.tokens.find((candidate) => candidate.key === key);

  it('records what each token resolves through, per mode', () => {
    expect(token('button.bg')?.references).toEqual({
      light: { ref: 'action.primary' },
      dark: { ref: 'action.primary' },
      dim: { ref: 'action.primary' },
    });
    expect(token('button.old-bg')?.references?.['dim']).toEqual({ ref: 'button.bg' });
    expect(token('button.fg')?.references).toEqual({ dim: { ref: 'text.default' } });
    expect(token('border.focus')?.references?.['light']).toEqual({ parts: { color: 'button.bg' } });
    expect(renderToken(token('button.old-bg') as never, new Map(system.tokens.map((entry) => [entry.key, entry]))).data).toMatchObject({
      value: { ref: 'button.bg' },
      deprecated: { message: 'Renamed.', replacement: 'button.bg', since: '2026-10-01' },
      references: { light: { chain: ['button.bg', 'action.primary'] } },
    });
  });

  it('resolves every reference in the default CSS export, per mode', () => {
    const css = renderCss(system, { naming: 'kebab-case' });
    expect(css).toContain('  --button-bg: #2563EB;\n');
    expect(css).toContain('  /* Deprecated. Renamed. Use --button-bg instead. */\n  --button-old-bg: #2563EB;\n');
    expect(css).toContain('  --border-focus: 2px solid #2563EB;\n');
    expect(css).toContain(
      '  --typography-body: 400 1rem/1.5 Inter, sans-serif;\n  --typography-body-font-family: Inter, sans-serif;\n  --typography-body-font-size: 1rem;\n',
    );
    const dim = css.slice(css.indexOf('[data-theme="dim"]'));
    expect(dim).toContain('  --button-bg: #3B82F6;\n');
    expect(dim).toContain('  --button-fg: #F9FAFB;\n');
  });

  it('keeps references as var() with references=keep, and redeclares an alias in a mode only where it names another token', () => {
    const css = renderCss(system, { naming: 'kebab-case', references: 'keep' });
    const [root, dark, dim] = ['\n:root {', '[data-theme="dark"]', '[data-theme="dim"]'].map((selector) => {
      const start = css.indexOf(selector);
      return css.slice(start, css.indexOf('}', start));
    }) as [string, string, string];
    expect(root).toContain('  --button-bg: var(--action-primary);\n');
    expect(root).toContain('  --button-old-bg: var(--button-bg);\n');
    expect(root).toContain('  --border-focus: 2px solid var(--button-bg);\n');
    expect(root).toContain('  --typography-body: 400 var(--font-size-body)/1.5 Inter, sans-serif;\n');
    expect(root).toContain('  --typography-body-font-size: var(--font-size-body);\n');
    // The scale colors switch; the aliases follow them without being redeclared.
    expect(dark).toContain('--action-primary: #60A5FA;');
    for (const block of [dark, dim]) {
      expect(block).not.toContain('--button-bg:');
      expect(block).not.toContain('--border-focus:');
    }
    expect(dim).toContain('  --button-fg: var(--text-default);\n');
    expect(dark).toContain('  --button-fg: #1F2937;\n');
  });

  it('writes DTCG aliases in the strict export with keep, resolved values without, and $deprecated in both exports', () => {
    const kept = buildStrictDtcgTree(system, 'reference', 'keep') as Record<string, Record<string, Record<string, unknown>>>;
    expect(kept['button']?.['bg']?.['$value']).toBe('{action.primary}');
    expect(kept['button']?.['fg']?.['$extensions']).toMatchObject({ 'com.service': { modes: { dim: '{text.default}' } } });
    expect((kept['border']?.['focus']?.['$value'] as Record<string, unknown>)['color']).toBe('{button.bg}');
    expect((kept['typography']?.['body']?.['$value'] as Record<string, unknown>)['fontSize']).toBe('{font.size.body}');
    expect(kept['button']?.['old-bg']?.['$deprecated']).toBe('Renamed. Use {button.bg}.');
    const resolved = buildStrictDtcgTree(system) as typeof kept;
    expect(resolved['button']?.['bg']?.['$value']).toMatchObject({ hex: '#2563EB' });
    expect(resolved['typography']?.['body']?.['$value']).toEqual({
      fontFamily: ['Inter', 'sans-serif'],
      fontSize: { value: 1, unit: 'rem' },
      fontWeight: 400,
      lineHeight: 1.5,
      letterSpacing: { value: 0, unit: 'px' },
    });
    const plain = buildDtcgTree(system) as typeof kept;
    expect(plain['button']?.['old-bg']?.['$deprecated']).toBe('Renamed. Use {button.bg}.');
  });

  it('marks a deprecated token for editors in the TypeScript export and writes typography as its parts', () => {
    const ts = renderTypeScript(system);
    expect(ts).toContain('    /** @deprecated Renamed. Use `button.bg`. */\n    "old-bg": "#2563EB",\n');
    expect(ts).toContain(
      '    body: {\n      fontFamily: "Inter, sans-serif",\n      fontSize: "1rem",\n      fontWeight: "400",\n      lineHeight: "1.5",\n      letterSpacing: "0px",\n    },\n',
    );
  });

  it('puts typography in Tailwind’s --text-* namespace with its sub-variables; where a font size has its name, keeps the first', () => {
    const withLead = compile({
      ...FILES,
      'ds/lead.yaml':
        'tokens:\n  typography.lead: { type: typography, fontFamily: Inter, fontSize: 18px, fontWeight: bold, lineHeight: 28px, letterSpacing: -0.01em }\n',
    });
    const css = renderTailwind(withLead, {});
    expect(css).toContain(
      '  --text-lead: 18px;\n  --text-lead--line-height: 28px;\n  --text-lead--letter-spacing: -0.01em;\n  --text-lead--font-weight: 700;\n',
    );
    // `font.size.body` and `typography.body` are both `--text-body`: the first in key order keeps it, with a warning.
    expect(css).toContain('  --text-body: 1rem;\n');
    expect(css).not.toContain('--text-body--line-height');
    // The Tailwind row's lint says so, where `validate` runs it.
    const files = Object.entries(FILES).map(([path, text]) => ({ path, text }));
    const { diagnostics } = validateInputSync({ files, keys: undefined, sourcePrefix: '.', now: 0 });
    expect(diagnostics.map((diagnostic) => [diagnostic.rule, diagnostic.severity, diagnostic.line, diagnostic.message])).toContainEqual([
      'tailwind-name-clash',
      'warning',
      8,
      '`typography.body` and `font.size.body` get the same Tailwind theme variable `--text-body`: the Tailwind export keeps `font.size.body` (first in key order) and leaves this one out',
    ]);
  });
});

describe('/diff and references', () => {
  it('lists a changed target once, with every token that changed through it', () => {
    const before = compile();
    const after = compile({ ...FILES, 'ds/scales.yaml': (FILES['ds/scales.yaml'] as string).replace('"#2563EB"', '"#1D4ED8"') });
    const { tokens } = diffDesignSystems(before, after);
    expect(tokens.changed.map((change) => [change.key, change.affects])).toEqual([
      ['action.primary', ['border.focus', 'button.bg', 'button.old-bg']],
    ]);
  });

  it('lists a token whose own reference changed, and a token newly deprecated', () => {
    const before = compile();
    const after = compile({
      ...FILES,
      'ds/tokens.yaml': (FILES['ds/tokens.yaml'] as string)
        .replace('button.bg: { type: color, ref: action.primary }', 'button.bg: { type: color, ref: text.default }')
        .replace(
          'text.default: { type: color, scale: gray, step: 900 }',
          'text.default: { type: color, scale: gray, step: 900, deprecated: true }',
        ),
    });
    const { tokens } = diffDesignSystems(before, after);
    expect(tokens.changed.map((change) => [change.key, change.affects])).toEqual([['button.bg', ['border.focus', 'button.old-bg']]]);
    expect(tokens.deprecated).toEqual([{ key: 'text.default', deprecated: { message: null, replacement: null, since: null } }]);
  });
});
