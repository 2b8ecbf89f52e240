import { defineConfig } from 'vitest/config'

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
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'node',
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
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
