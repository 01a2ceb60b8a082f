import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * Database tests whose assertions compare response times (security target A5: known and unknown
 * emails answer within 10 ms of each other, by the median). Beside another test file they measure
 * that file's load, not the app's.
 */
const TIMED_ALONE = ['src/server/auth/enumeration-timing.db.test.ts']

/** Database tests that replace a module with vi.mock: they need a module graph of their own. */
const MOCK_MODULES = ['src/server/auth/sign-in-abuse.db.test.ts']

/** Component tests that replace a module with vi.mock: the same, on the web side. */
const WEB_MOCK_MODULES = [
  'src/web/components/role-gate.test.tsx',
  'src/web/features/auth/captcha-field.test.tsx',
  'src/web/features/notifications/push-prompt.test.tsx',
  'src/web/features/billing/subscription-section.test.tsx',
  'src/web/features/alerts/alert-detail.test.tsx',
  'src/web/features/pricing/pricing-plans.test.tsx',
]

const WEB = {
  environment: 'jsdom',
  setupFiles: ['tests/setup/web.ts'],
  // A bound, not a wait: a test that walks through several screens may spend up to Testing
  // Library's 5 s on one of them (tests/setup/web.ts) on a loaded 2-core machine.
  testTimeout: 15_000,
  unstubGlobals: true,
}

const DATABASE = {
  environment: 'node',
  globalSetup: ['tests/setup/test-db-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

/**
 * Projects and how they run: decision 021. In short: two workers (Vitest's default on 2 cores is
 * one); node-side and component files share their worker's module graph (`isolate: false`)
 * instead of importing the server or the web app afresh for each file (files that vi.mock a module
 * keep their own: db-isolated, web-isolated); every test database is a copy of one migrated template.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    restoreMocks: true,
    maxWorkers: 2,
    // Transformed modules are kept in node_modules/.vitest-cache between runs (keyed by content,
    // config and lockfile): a rerun transforms only what changed. Decision 021, third addendum.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          // A bound, not a wait: a few unit files start PGlite or walk every hub route, ~3 s of CPU
          // alone; with one core kept busy and the other shared, Vitest's 5 s default was passed.
          testTimeout: 15_000,
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.db.test.ts'],
        },
      },
      {
        // One jsdom and one module graph per worker, shared by its files, like the node projects:
        // tests/setup/web.ts puts the DOM, storage, stubbed globals and every store back after each test.
        extends: true,
        test: { ...WEB, name: 'web', isolate: false, include: ['src/web/**/*.test.{ts,tsx}'], exclude: WEB_MOCK_MODULES },
      },
      {
        extends: true,
        test: { ...WEB, name: 'web-isolated', include: WEB_MOCK_MODULES },
      },
      {
        // CI runs the database projects (db*) and `slow` a second time with DATABASE_URL pointing
        // at a throwaway PostgreSQL 15 cluster.
        extends: true,
        test: {
          ...DATABASE,
          name: 'db',
          isolate: false,
          include: ['src/server/**/*.db.test.ts'],
          exclude: [...TIMED_ALONE, ...MOCK_MODULES],
        },
      },
      {
        extends: true,
        test: { ...DATABASE, name: 'db-isolated', include: MOCK_MODULES },
      },
      {
        // One worker: Vitest runs such a project after all the others, so nothing else tilts its timings.
        extends: true,
        test: { ...DATABASE, name: 'db-alone', include: TIMED_ALONE, maxWorkers: 1, hookTimeout: 120_000 },
      },
      {
        // Process-level suites: kill -9, a PostgreSQL restart, real server processes. `npm test`
        // runs them unless SKIP_SLOW=1; CI and `npm run validate` always do.
        extends: true,
        test: { ...DATABASE, name: 'slow', include: ['tests/integration/**/*.test.ts'] },
      },
    ],
  },
})
