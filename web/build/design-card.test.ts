import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The product's design card names the repository's top level (docs/architecture.md#layout): the
// three packages, the browser tests, and the files that say what the app is. A change that moves
// or deletes one of them breaks this test, not a newcomer's first read.
const DESIGN_CARD = [
  'web',
  'sync-server',
  'domain',
  'e2e',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'manifest.webmanifest',
] as const

const atTopLevel = (name: string) => fileURLToPath(new URL(`../../${name}`, import.meta.url))

describe('the design card: the top level of the repository', () => {
  it.each(DESIGN_CARD)('%s is at the top level', (name) => {
    expect(existsSync(atTopLevel(name)), `${name} is missing from the top level`).toBe(true)
  })
})
