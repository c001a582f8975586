import { defineConfig } from 'vitest/config';

/** `npm run bench:smoke`: the benchmark driven once at smoke size, so it never rots (CI runs it after `npm test`). */
export default defineConfig({
  test: {
    include: ['test/bench/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
