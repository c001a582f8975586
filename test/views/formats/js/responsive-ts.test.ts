import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderTypeScript } from '../../../../src/views/formats/js/export-ts.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { STRICT_COMPILER_OPTIONS } from '../../../helpers/typescript.js';

describe('TypeScript export of breakpoints', () => {
  let dir: string;
  let source: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-responsive-ts-'));
    source = renderTypeScript((await compileFixture('responsive')).system as CompiledDesignSystem);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes each breakpoint’s condition and the values that change there, per mode', () => {
    expect(source).toContain(
      '\nexport const breakpoints = {\n  md: { minWidth: "48rem", container: null, condition: "(min-width: 48rem)" },\n  lg: { minWidth: "1024px", container: null, condition: "(min-width: 1024px)" },\n} as const;\n\nexport type BreakpointName = "base" | "md" | "lg";\n',
    );
    expect(source).toContain('\nexport const atBreakpoint = {\n  md: {\n    light: {\n      color: {\n        bg: "#FFFFFF",\n      },\n');
  });

  it('is accepted by tsc --strict, and an app picks a breakpoint’s value by its condition', async () => {
    await writeFile(join(dir, 'tokens.ts'), source);
    const app = [
      'import { atBreakpoint, breakpoints, tokens } from "./tokens.js";',
      'import type { BreakpointName } from "./tokens.js";',
      'const at: BreakpointName = "lg";',
      'export const query: string = breakpoints.lg.condition;',
      'export const gutter: "2rem" = atBreakpoint.lg.dark.space.gutter;',
      'export const inset: "14px" = atBreakpoint.lg.dark.space.inset;',
      'export const base: string = tokens.space.gutter;',
      'export const picked: string = at === "lg" ? atBreakpoint[at].light.space.gutter : base;',
    ].join('\n');
    await writeFile(join(dir, 'app.ts'), `${app}\n`);
    const program = ts.createProgram([join(dir, 'tokens.ts'), join(dir, 'app.ts')], STRICT_COMPILER_OPTIONS);
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
