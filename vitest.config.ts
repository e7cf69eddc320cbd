import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which on CI's 2 cores is one file at a time; each
    // API test file has a database of its own, so two at once is safe (62 files: 382 s → 273 s).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'pwa', include: ['pwa/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          // Each API test file brings its own database and server, so files need no fresh module
          // graph each: importing the app once per worker, not once per file, saves CI about two
          // minutes of a 15-minute budget (import time 127 s → 11 s over 61 files).
          isolate: false,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
