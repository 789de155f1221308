import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite starts in seconds; one per test file, created in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
