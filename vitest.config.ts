import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'web', include: ['web/src/**/*.test.ts'], environment: 'node' },
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
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
