import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { E2E_OUTBOX_KEY } from './tests/e2e/outbox-key.ts'

/**
 * Browser tests run Debian's Chromium (never a downloaded browser) against the built app, served
 * by the real server on a throwaway embedded database. `npm test` builds first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3310)
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'faredrop-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker here. Two overlap one test's waits for the
  // server with another's rendering (decision 021).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    // In CI a failed test keeps its trace (actions, DOM snapshots, network, console) beside its
    // screenshot, since CI failures can't be replayed at a desk; without the trace's screencast:
    // encoding frames for every test cost a third of the browser suite's time on 2 cores. Locally
    // no trace is recorded (Playwright's default; 165 s → 150 s here): rerun a failing test with
    // `npx playwright test <file> --trace retain-on-failure`.
    trace: process.env.CI ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // The app registers its service worker on every page (decision 035). Blocked here so that no
    // test is answered from a cache another filled, nor installs the app's files it doesn't look
    // at; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  // Every browser test searches from 127.0.0.1: the per-address flight limit (decision 048) gets a
  // budget no run reaches; its own tests use a small one. Likewise the price checks' provider-call
  // budget: the worker checks every alert every test makes (62 calls in one minute of a run,
  // measured), and a check the default 60 a minute holds back is a failure of a test that only
  // wanted its own alert checked. The budget's own tests (db tests) use small ones.
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, ADMIN_EMAILS: 'ops@faredrop.test,checks@faredrop.test,console@faredrop.test,advisors@faredrop.test,windows@faredrop.test', DATA_DIR: dataDir, DATABASE_URL: '', OUTBOX_KEY: E2E_OUTBOX_KEY, LOG_LEVEL: 'warn', NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', FLIGHT_REQUESTS_PER_MINUTE: '1000000', PROVIDER_CALLS_PER_MINUTE: '100000' },
  },
})
