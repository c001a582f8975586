import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderJsDeclarations } from '../../../../src/views/formats/js/export-dts.js';
import { renderJsModule } from '../../../../src/views/formats/js/export-js.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { STRICT_COMPILER_OPTIONS } from '../../../helpers/typescript.js';

type Loaded = Readonly<Record<string, unknown>>;

/** What the module says of the responsive fixture, read the way an app reads it. */
const WANT_BREAKPOINTS = {
  md: { minWidth: '48rem', container: null, condition: '(min-width: 48rem)' },
  lg: { minWidth: '1024px', container: null, condition: '(min-width: 1024px)' },
};

describe('JavaScript module of breakpoints (ESM, CommonJS and their declarations)', () => {
  let dir: string;
  let system: CompiledDesignSystem;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-responsive-js-'));
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(dir, 'tokens.mjs'), renderJsModule(system, 'esm'));
    await writeFile(join(dir, 'tokens.cjs'), renderJsModule(system, 'cjs'));
    await writeFile(join(dir, 'tokens.d.mts'), renderJsDeclarations(system, 'esm'));
    await writeFile(join(dir, 'tokens.d.cts'), renderJsDeclarations(system, 'cjs'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('import() and require() give each breakpoint’s condition and, per mode, the values that change there, frozen', async () => {
    const esm = (await import(pathToFileURL(join(dir, 'tokens.mjs')).href)) as Loaded;
    const cjs = createRequire(join(dir, 'app.cjs'))('./tokens.cjs') as Loaded;
    for (const loaded of [esm, cjs]) {
      expect(loaded['breakpoints']).toEqual(WANT_BREAKPOINTS);
      const at = loaded['atBreakpoint'] as Record<string, Record<string, { space?: Record<string, string>; color?: unknown }>>;
      expect(Object.keys(at)).toEqual(['md', 'lg']);
      expect(at['md']?.['light']).toEqual({ color: { bg: '#FFFFFF' }, space: { gap: '24px', gutter: '24px', stack: '20px' } });
      expect(at['md']?.['dark']).toEqual({ color: { bg: '#F0F6FC' }, space: { gap: '24px', gutter: '24px', stack: '20px' } });
      expect(at['lg']?.['light']?.space).toEqual({ gap: '2rem', gutter: '2rem', inset: '12px' });
      expect(at['lg']?.['dark-dimmed']?.space?.['inset']).toBe('14px');
      expect(Object.isFrozen(at['lg']?.['dark']?.space)).toBe(true);
      expect(Object.isFrozen(loaded['breakpoints'])).toBe(true);
      // The base values stay where they were.
      expect((loaded['light'] as { space: Record<string, string> }).space['gutter']).toBe('16px');
    }
  });

  it('is accepted by tsc --strict through both declaration files, with literal types', async () => {
    const app = (from: string): string =>
      [
        `import { atBreakpoint, breakpoints, light } from "${from}";`,
        `import type { BreakpointName } from "${from}";`,
        'const at: BreakpointName = "lg";',
        'export const query: "(min-width: 48rem)" = breakpoints.md.condition;',
        'export const container: null = breakpoints.lg.container;',
        'export const inset: "14px" = atBreakpoint.lg.dark.space.inset;',
        'export const bg: "#F0F6FC" = atBreakpoint.md.dark.color.bg;',
        'export const picked: string = at === "lg" ? atBreakpoint[at].light.space.gutter : light.space.gutter;',
        '',
      ].join('\n');
    await writeFile(join(dir, 'app.mts'), app('./tokens.mjs'));
    await writeFile(join(dir, 'app.cts'), app('./tokens.cjs'));
    const program = ts.createProgram([join(dir, 'app.mts'), join(dir, 'app.cts')], STRICT_COMPILER_OPTIONS);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    // And a wrong literal is refused: the types carry the values.
    await writeFile(
      join(dir, 'wrong.mts'),
      'import { atBreakpoint } from "./tokens.mjs";\nexport const inset: "12px" = atBreakpoint.lg.dark.space.inset;\n',
    );
    const wrong = ts.createProgram([join(dir, 'wrong.mts')], STRICT_COMPILER_OPTIONS);
    expect(ts.getPreEmitDiagnostics(wrong).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([
      `Type '"14px"' is not assignable to type '"12px"'.`,
    ]);
  });
});
