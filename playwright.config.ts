import { defineConfig } from '@playwright/test';
import { E2E_SERVER_COMMAND } from './e2e/database-place';
import { browser } from './scripts/browser';

export const PORT = Number(process.env.E2E_PORT ?? 3100);

// Found here, in the runner, so it is printed once and the workers inherit the choice.
const { executablePath, args } = browser();

export default defineConfig({
  testDir: 'e2e',
  // One folder per port: a run on another port (a second checkout's, a helper's) cleans only its own.
  outputDir: `test-results/${PORT}`,
  forbidOnly: true,
  // Two browsers against the one server: the tests keep to their own data (fresh accounts,
  // bookings of their own); CI's 15 minutes would not hold the suite on one.
  workers: 2,
  // A flow with a sign-in, several steps and an accessibility scan takes 20 s on this 2-core
  // machine on a good day and over 30 s (the default) on a slow one: the same fresh-clone CI
  // failed two such flows at 31 s, each asserting nothing wrong. A hang is still caught.
  timeout: 60_000,
  reporter: process.env.CI
    ? 'list'
    : [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${PORT}` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args,
    },
  },
  projects: [
    { name: 'app', testMatch: /.*\.spec\.ts$/, testIgnore: /admin-pricing\.spec\.ts$/ },
    // Changes the live prices the app project's specs assert: alone, once they have finished.
    { name: 'pricing', testMatch: /admin-pricing\.spec\.ts$/, dependencies: ['app'] },
    // Rewrites the provider app's service worker on disk: alone, once the rest has finished.
    { name: 'deploy', testMatch: /.*\.deploy\.ts$/, dependencies: ['app'] },
  ],
  webServer: {
    command: E2E_SERVER_COMMAND,
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { PORT: String(PORT), LOG_LEVEL: 'warn' },
    timeout: 180_000,
    reuseExistingServer: false,
    // Stopped as a process manager would, so it stops its embedded PostgreSQL and removes its
    // folder (e2e/serve.ts) rather than leaving both behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
  },
});
