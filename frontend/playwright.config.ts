import { defineConfig, devices } from '@playwright/test';
import { baseURL, chromiumLaunchOptions, desenBin, e2eDir, serverEnv } from './e2e/support/env';

// The temp dir is made here because Playwright starts `webServer` before `globalSetup` runs;
// `serve` migrates the fresh database itself, globalSetup then adds the accounts.
const dir = e2eDir();

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: `"${desenBin}" serve`,
    url: `${baseURL}/service/health`,
    env: serverEnv(dir),
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
