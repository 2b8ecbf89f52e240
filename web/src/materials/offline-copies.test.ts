// Keep offline against a Cache API held in memory (Node has no Cache API; the browser's own runs
// in the e2e test): what is kept, what failed, what removing frees.
import { describe, expect, it } from 'vitest'
import type { FileRef } from '@lfit/domain/materials/material'
import {
  FILES_CACHE,
  fileUrl,
  keepOffline,
  keptBytes,
  keptFileIds,
  offlineState,
  removeOffline,
  storageUse,
} from './offline-copies'

const ORIGIN = 'http://device'

/** A CacheStorage in memory, keyed by absolute URL as a browser's is. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>()
    stores.set(name, store)
    const key = (input: RequestInfo | URL) =>
      new URL(input instanceof Request ? input.url : String(input), ORIGIN).href
    const cache = {
      match: async (input: RequestInfo | URL) => store.get(key(input))?.clone(),
      put: async (input: RequestInfo | URL, response: Response) => {
        store.set(key(input), response)
      },
      delete: async (input: RequestInfo | URL) => store.delete(key(input)),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    }
    return Promise.resolve(cache as unknown as Cache)
  }
  return { caches: { open } as unknown as CacheStorage, stores }
}

const pdf: FileRef = { fileId: 'pdf-1', name: 'notes.pdf', size: 1000, type: 'application/pdf' }
const mp3: FileRef = { fileId: 'mp3/2', name: 'talk.mp3', size: 5000, type: 'audio/mpeg' }
const lost: FileRef = { fileId: 'lost', name: 'old.pdf', size: 7, type: 'application/pdf' }

function server(fetched: string[] = []) {
  return async (input: string) => {
    fetched.push(input)
    if (input === fileUrl('lost')) return new Response('not found', { status: 404 })
    return new Response(`bytes of ${input}`, { status: 200 })
  }
}

describe('keep offline', () => {
  it('stores each file whole under its download address, once', async () => {
    const { caches, stores } = memoryCaches()
    const fetched: string[] = []
    const deps = { caches, fetch: server(fetched) }
    expect(await keepOffline([pdf, mp3, pdf], deps)).toEqual({
      kept: ['pdf-1', 'mp3/2'],
      failed: [],
    })
    expect(fetched).toEqual(['/api/files/pdf-1', '/api/files/mp3%2F2'])
    const cached = await (await caches.open(FILES_CACHE)).match('/api/files/pdf-1')
    expect(await cached?.text()).toBe('bytes of /api/files/pdf-1')
    expect([...(stores.get(FILES_CACHE)?.keys() ?? [])]).toHaveLength(2)

    // Kept again (a whole segment after one of its materials): nothing is fetched twice.
    await keepOffline([pdf, mp3], deps)
    expect(fetched).toHaveLength(2)
  })

  it('reports a file it cannot fetch and keeps the others', async () => {
    const { caches } = memoryCaches()
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await keepOffline([pdf], { caches, fetch: offline })).toEqual({
      kept: [],
      failed: ['pdf-1'],
    })
    expect(await keepOffline([lost, pdf], { caches, fetch: server() })).toEqual({
      kept: ['pdf-1'],
      failed: ['lost'],
    })
    expect([...(await keptFileIds(caches))]).toEqual(['pdf-1'])
  })

  it('lists what is kept and removes an offline copy', async () => {
    const { caches } = memoryCaches()
    await keepOffline([pdf, mp3], { caches, fetch: server() })
    expect(await keptFileIds(caches)).toEqual(new Set(['pdf-1', 'mp3/2']))
    await removeOffline([mp3], caches)
    expect(await keptFileIds(caches)).toEqual(new Set(['pdf-1']))
  })
})

describe('what a material shows about its offline copy', () => {
  it.each<[string, FileRef[], string[], string, number]>([
    ['no files kept', [pdf, mp3], [], 'none', 0],
    ['some kept', [pdf, mp3], ['pdf-1'], 'partial', 1000],
    ['all kept', [pdf, mp3], ['pdf-1', 'mp3/2'], 'kept', 6000],
    ['a file listed twice counts once', [pdf, pdf], ['pdf-1'], 'kept', 1000],
    ['no files at all', [], ['pdf-1'], 'none', 0],
  ])('%s', (_, files, kept, state, bytes) => {
    expect(offlineState(files, new Set(kept))).toBe(state)
    expect(keptBytes(files, new Set(kept))).toBe(bytes)
  })
})

describe('storageUse', () => {
  it.each([
    [
      'an estimate',
      { estimate: async () => ({ usage: 10, quota: 100 }) },
      { usage: 10, quota: 100 },
    ],
    ['no storage manager', undefined, null],
    ['an estimate without figures', { estimate: async () => ({}) }, null],
    ['a refusal', { estimate: async () => Promise.reject(new Error('denied')) }, null],
  ] as const)('%s', async (_, storage, expected) => {
    expect(await storageUse(storage)).toEqual(expected)
  })
})
