import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LocalDatabase } from '../offline/database'
import { claimDevice } from '../offline/personal-data'
import { forgetLastUser, forgotten, resumeForgetting } from './leaving'

const MARK = 'lfit:forget-last-user'
let stored: Map<string, string>
let db: LocalDatabase

beforeEach(async () => {
  stored = new Map()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
    key: (index: number) => [...stored.keys()][index] ?? null,
    get length() {
      return stored.size
    },
  })
  // The app's own database name: the forgetting opens it as the app does.
  db = new LocalDatabase()
  await claimDevice(db, 'ana@demo.test')
  await db.participants.put({ username: 'cene@demo.test', firstName: 'Cene', lastName: 'Kos' })
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await db.delete()
})

describe('forgetting the user who left', () => {
  it('marks the device until the forgetting has finished', async () => {
    const run = forgetLastUser(() => null)
    expect(stored.has(MARK)).toBe(true)
    await run
    expect(stored.has(MARK)).toBe(false)
    expect(await db.participants.count()).toBe(0)
  })

  it('finishes at the next start a forgetting that a closed tab left half done', async () => {
    stored.set(MARK, '1')
    resumeForgetting(() => null)
    await forgotten()
    expect(await db.participants.count()).toBe(0)
    expect(stored.has(MARK)).toBe(false)
  })

  it('does nothing at start when no forgetting was left', async () => {
    resumeForgetting(() => null)
    await forgotten()
    expect(await db.participants.count()).toBe(1)
  })

  it('makes the device its current user’s: a login that came meanwhile is not undone', async () => {
    let current: string | null = null
    const run = forgetLastUser(() => current)
    current = 'bor@demo.test'
    await run
    expect((await db.meta.get('owner'))?.value).toBe('bor@demo.test')
  })
})
