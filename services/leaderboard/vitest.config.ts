import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite starts in seconds: one per suite, created in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
