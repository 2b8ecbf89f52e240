// When the device fetches the make-up book: once after a login, however the first screen and the
// first sync meet (the runtime fetches it when a sync ends), and when a screen mounts otherwise.
import 'fake-indexeddb/auto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import {
  SYNC_COLLECTIONS,
  SYNC_PROTOCOL_VERSION,
  type PullResponse,
} from '@lfit/domain/sync/protocol'
import { createApiClient, MSGPACK } from '../../api/client'
import { encodeBody } from '../../api/msgpack'

// A server that answers a login, a device's pull and the make-up book, and counts the calls; the
// tab's runtime (app-offline.tsx) runs for real on fake-indexeddb.
const calls = vi.hoisted(() => [] as string[])
// The pull is answered once the test opens it: the first sync is under way until then.
const pullAnswered = vi.hoisted(() => {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
})
const page: PullResponse = {
  v: SYNC_PROTOCOL_VERSION,
  changes: Object.fromEntries(
    SYNC_COLLECTIONS.map((name) => [name, []]),
  ) as unknown as PullResponse['changes'],
  cursor: 'e1:1',
  more: false,
  reset: false,
}
const book: MakeupBook = {
  sessions: [],
  signups: [],
  madeUpOtherwise: [],
  enrolments: [],
  thresholds: { perYear: 5, overall: 10 },
  cancelHours: 24,
  people: [],
}
const user = { _id: 'u1', username: 'ana@example.com', roles: ['presenceEditor'] }
const answers: Record<string, unknown> = {
  '/api/auth/login': { user },
  '/api/sync/pull': page,
  '/api/makeups/book': book,
}

vi.mock('../../api/api', () => ({
  api: createApiClient({
    fetch: async (path) => {
      calls.push(path)
      if (path === '/api/sync/pull') await pullAnswered.opened
      const body = answers[path]
      return body
        ? new Response(encodeBody(body), { headers: { 'content-type': MSGPACK } })
        : new Response(
            encodeBody({ error: { code: 'forbidden', message: { sl: 'Ne', en: 'No' } } }),
            {
              status: 403,
              headers: { 'content-type': MSGPACK },
            },
          )
    },
  }),
  onUserBlocked: () => () => undefined,
}))
vi.mock('../../pwa/updates', () => ({
  checkForUpdate: vi.fn(),
  holdUpdates: () => () => undefined,
}))
vi.stubGlobal('navigator', { onLine: true })
vi.stubGlobal('window', { navigator, addEventListener: vi.fn(), removeEventListener: vi.fn() })

const { logIn } = await import('../../session/session')
const { createEventBus } = await import('../../events/bus')
const { startedRuntime } = await import('../../offline/app-offline')
const { logInAndSync } = await import('../../offline/sync-at-login')
const { storedBook } = await import('./book-store')
const { refreshOnMount } = await import('./use-makeup-book')
const { markFirstScreenShown } = await import('../../app/first-screen')

// The app is up: its first screen (the login page) was shown before anyone signed in.
markFirstScreenShown()

const bookFetches = () => calls.filter((path) => path === '/api/makeups/book').length

afterAll(() => startedRuntime()?.loop.stop())

describe('the make-up book after a login', () => {
  it('is fetched once when the first screen mounts during the first sync', async () => {
    await logInAndSync(() => logIn('ana@example.com', 'secret'), createEventBus())
    await vi.waitFor(() => expect(startedRuntime()?.engine.status().state).toBe('syncing'))
    const runtime = startedRuntime()
    if (!runtime) throw new Error('no runtime')
    // The tablet's first screen, a make-up one, mounts while the sync its login started runs.
    refreshOnMount()
    pullAnswered.open()
    await vi.waitFor(() => expect(runtime.engine.status().lastSyncAt).not.toBeNull())
    await vi.waitFor(async () => expect(await storedBook(runtime.db, user.username)).toEqual(book))
    // The screen's own fetch would have gone out at once, before the sync ended: the sync's
    // fetch is the only one.
    expect(bookFetches()).toBe(1)
    expect(calls.filter((path) => path.endsWith('/pull'))).toHaveLength(1)
  })

  it('is fetched when a make-up screen mounts with no sync under way', async () => {
    const runtime = startedRuntime()
    await vi.waitFor(() => expect(runtime?.engine.status().state).toBe('idle'))
    const before = bookFetches()
    refreshOnMount()
    await vi.waitFor(() => expect(bookFetches()).toBe(before + 1))
  })
})
