import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // The benchmark's smoke run has its own script (`npm run bench:smoke`), run by CI after `npm test`: a minute of
    // both cores that would otherwise slow every test beside it.
    exclude: ['test/bench/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
