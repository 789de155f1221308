import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Whole-system suites: a server, a browser or thousands of games each. One file at a time, with room.
    fileParallelism: false,
    hookTimeout: 300_000,
    testTimeout: 600_000,
  },
});
