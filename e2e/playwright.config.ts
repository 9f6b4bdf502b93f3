import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/env';

// Journeys run against the composed production build (host/dist + releases/) served by the API on
// one origin, exactly as users get it. `npm test` builds those before this runs.
const SERVER_WIDE = /shell\/repin\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One journey at a time on CI's two cores (the server, its jobs and Chromium share them; two
  // browsers at once left remotes loading past the expectation timeout). Every journey signs up
  // its own account, so LEADFORGE_E2E_WORKERS=2 works on a bigger machine.
  fullyParallel: false,
  workers: Number(process.env.LEADFORGE_E2E_WORKERS ?? 1),
  retries: 0,
  forbidOnly: true,
  reporter: (process.env.LEADFORGE_E2E_REPORTERS ?? 'list').split(',').map((name) => [name] as [string]),
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    // Off unless asked for (LEADFORGE_E2E_TRACE=retain-on-failure, say): recording a trace's
    // screencast tripled Chromium's CPU time on these two cores (JPEG frames read back from the
    // software GPU), and CI keeps no artifacts to open one in. A failure still leaves its
    // screenshot and the page's accessibility snapshot (error-context.md).
    trace: (process.env.LEADFORGE_E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: SERVER_WIDE },
    // Journeys that change what the whole server serves (the environment map) run alone, after the
    // others, so no other journey loads a remote while it is re-pinned.
    { name: 'server-wide', testMatch: SERVER_WIDE, dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${E2E_BASE_URL}/user-info`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
