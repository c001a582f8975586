import ts from 'typescript';

/** The strictest options a consumer of the TypeScript export may compile it with. */
export const STRICT_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  noUnusedLocals: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
};
