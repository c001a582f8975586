// The lint rules: ESLint's recommended set plus typescript-eslint's type-aware rules for what bites in this codebase
// (promises nobody awaits, `any` leaking out of JSON and YAML, type-only imports under verbatimModuleSyntax).
// Formatting is Prettier's job (`npm run format:check`); the layering is dependency-cruiser's (`npm run layers`).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', 'coverage/**', 'test/fixtures/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/consistent-type-exports': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Every case of a union named, no `default` standing in for them: a new value kind or token type is an error at
      // each switch that must handle it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: false, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Named exports only (see STYLE.md).' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // An async function without await is how Fastify hooks and our polling callbacks say they return a promise.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Format writers' value code with a `default` over a union, being changed for responsive tokens (issue 41):
    // name their cases once that lands.
    files: ['src/views/formats/android/export-android.ts', 'src/views/formats/ios/swift-values.ts', 'src/views/shared/css-writer.ts'],
    rules: { '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }] },
  },
  {
    // vitest types its asymmetric matchers (`expect.stringMatching(...)`) as `any`. A test's helper may let `default`
    // stand for the kinds it does not look at.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Plain JavaScript (bench, scripts, this file): no type information to lint with.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The browser page and the client package are TypeScript projects of their own.
    files: ['web/**/*.ts', 'packages/client/src/**/*.ts', 'packages/figma-plugin/ui/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tool configuration files are loaded by their tool's default export.
    files: ['vitest.config.ts', 'vitest.bench.config.ts', 'eslint.config.js', '.dependency-cruiser.cjs', 'prettier.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
