import { describe, expect, it } from 'vitest'
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS, type KeyValueStore } from './reload-guard'

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  }
}

describe('reload guard', () => {
  it('allows one reload per path per 10 s', () => {
    const store = memoryStore()
    expect(RELOAD_GUARD_MS).toBe(10_000)
    expect(claimReload(store, '/urnik', 1_000)).toBe(true)
    expect(claimReload(store, '/urnik', 5_000)).toBe(false)
    expect(claimReload(store, '/URNIK', 10_999)).toBe(false)
    expect(claimReload(store, '/etab', 5_000)).toBe(true)
    expect(claimReload(store, '/urnik', 11_000)).toBe(true)
  })

  it('does not trust a stamp from the future (a clock that went back)', () => {
    const store = memoryStore()
    expect(claimReload(store, '/', 50_000)).toBe(true)
    expect(claimReload(store, '/', 20_000)).toBe(true)
  })
})

describe('chunk-load errors', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('error loading dynamically imported module'),
    new Error('Unable to preload CSS for /assets/a.css'),
  ])('%s is one', (error) => {
    expect(isChunkLoadError(error)).toBe(true)
  })

  it('other errors are not', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})
