import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, desenBin, frontendDir } from '../e2e/support/env';
import { benchDir, benchServerEnv, benchURL } from './env';

// The first-paint bench (`just bench`): cold loads of the archive and a design page against the
// `desen` binary DESEN_BIN (a release build) serving frontend/dist (build it first) with the demo
// archive. Not a journey: `npx playwright test` reads ../playwright.config.ts (testDir ../e2e).
// The temp dir is made here because Playwright starts `webServer` before `globalSetup` runs.
const dir = benchDir();

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../test-results/bench',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ten cold loads of each page, each in a browser context of its own.
  timeout: 10 * 60_000,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: '../e2e/global-teardown.ts',
  use: { baseURL: benchURL, locale: 'en-US' },
  // Debian's Chromium, launched as for the journeys.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
  webServer: {
    command: `"${desenBin}" serve`,
    cwd: frontendDir,
    url: `${benchURL}/service/health`,
    env: benchServerEnv(dir),
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
