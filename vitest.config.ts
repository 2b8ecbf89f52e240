import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { contentPagesPlugin } from './web/build/content-pages'

// The web's tests compile the Lingui macro and catalogs as the build does, so a test can render
// a message in both languages (vite.config.ts configures the same two plugins); the content pages
// are compiled as the build does, so a test can render the app's router (screen-reads.test.tsx).
const linguiConfig = fileURLToPath(new URL('./web/lingui.config.ts', import.meta.url))
process.env.LINGUI_CONFIG ??= linguiConfig

// One runner for every package; each package is a project so its environment stays its own.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'sync-server',
          root: './sync-server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
          lingui({ configPath: linguiConfig }),
          contentPagesPlugin(fileURLToPath(new URL('./web/content/pages', import.meta.url))),
        ],
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a measure: a table over every day of the programme runs
          // for a few seconds on a quiet machine, and `npm test` runs two files at a time.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'convergence',
          root: './e2e',
          include: ['model/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          // The shared server's calendar, read before a test file asks `schedule()` anything.
          setupFiles: ['./support/server-calendar.ts'],
          fileParallelism: false,
          // Tests a file marks concurrent (each in its own browser context) run three at a time.
          maxConcurrency: 3,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
