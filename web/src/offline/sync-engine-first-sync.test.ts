import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyAttendance, type AttendanceRecord } from '@lfit/domain/records/attendance'
import {
  noChanges,
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullRequest,
  type PullResponse,
  type PushRequest,
} from '@lfit/domain/sync/protocol'
import { LocalDatabase, type AttendanceDay } from './database'
import { attendanceRecords } from './device-records'
import { recordEdit } from './outbox'
import { createSyncEngine } from './sync-engine'
import { TransportError, type SyncTransport } from './transport'

// A new device's first sync (docs/0055-new-tablet-first-sync.md): when a run's first request
// goes out, and what a page whose write fails leaves behind while the next one is already asked
// for (docs/0053-faster-first-sync.md).

const editor = { username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }

const record = (participant: string) =>
  ({
    ...emptyAttendance(`lfit_20261116:${participant}`),
    mark: 'present',
    stamps: { mark: { hlc: '0000000001000:00000:x', deviceId: 'd2', user: 'eva' } },
  }) as AttendanceRecord

/** Three pages of one record each, all of one day: the second and third change its row. */
const threePages: PullResponse[] = ['ana', 'bor', 'cene'].map((name, i) => ({
  v: SYNC_PROTOCOL_VERSION,
  changes: { ...noChanges(), attendance: [record(`${name}@demo.test`)] },
  cursor: `e1/after/attendance/${i}:0`,
  more: i < 2,
  reset: i === 0,
}))

/** Answers the pages in order; records what was sent. */
class PagedServer implements SyncTransport {
  sent: string[] = []
  asked: (string | null)[] = []

  async push(_collection: string, request: PushRequest): Promise<unknown> {
    this.sent.push('push')
    const batch = request.batch as Mutation[]
    return {
      v: SYNC_PROTOCOL_VERSION,
      results: batch.map((m) => ({ id: m.id, status: 'applied' })),
    }
  }

  async pull(request: PullRequest): Promise<unknown> {
    this.sent.push('pull')
    this.asked.push(request.cursor)
    return threePages[this.asked.length - 1]
  }

  async participants() {
    return []
  }
}

let db: LocalDatabase
let server: PagedServer

beforeEach(() => {
  db = new LocalDatabase(`test-${Math.random()}`)
  server = new PagedServer()
})
afterEach(async () => {
  db.close()
  await db.delete()
})

function engine(user: typeof editor | null = editor, claimDevice?: () => Promise<unknown>) {
  return createSyncEngine({
    db,
    transport: server,
    now: () => 1_000,
    currentUser: () => user,
    mayPush: () => true,
    ...(claimDevice ? { claimDevice } : {}),
  })
}

describe('a new device’s first sync', () => {
  it('asks for the next pages while writing one, writes them in order, and keeps a cursor only with its page', async () => {
    // The module's three pages, changed below: a copy of the list.
    const pages = [...threePages]
    const asked: (string | null)[] = []
    let written = 0
    // The day row's records as each page wrote it.
    const rowSizes: number[] = []
    // All three on one day: its row is made by the first page and changed by the next two.
    db.attendanceDays.hook('creating', (_key, row) => {
      written += 1
      rowSizes.push(row.records.length)
    })
    db.attendanceDays.hook('updating', (changes) => {
      written += 1
      rowSizes.push((changes as Partial<AttendanceDay>).records?.length ?? -1)
    })
    let writtenWhenAsked: number[] = []
    server.pull = async (request: PullRequest) => {
      asked.push(request.cursor)
      writtenWhenAsked.push(written)
      const page = pages[asked.length - 1]
      if (!page) throw new TransportError({ kind: 'offline' })
      return page
    }
    await engine().syncNow()
    expect(asked).toEqual([null, pages[0]!.cursor, pages[1]!.cursor])
    // Page 2 was asked for before page 1 was written, page 3 before page 2 (and checked while
    // page 1 was being written, docs/0053-faster-first-sync.md).
    expect(writtenWhenAsked[1]).toBe(0)
    expect(writtenWhenAsked[2]).toBeLessThanOrEqual(1)
    // Each page's transaction started once the one before it was written: one record more each.
    expect(rowSizes).toEqual([1, 2, 3])
    expect(await attendanceRecords(db)).toHaveLength(3)
    expect((await db.meta.get('cursor'))?.value).toBe(pages[2]!.cursor)

    // The last page fails in the network after the second one is written: the cursor is the
    // second page's, which was written with its records.
    await db.meta.put({ key: 'cursor', value: null })
    asked.length = 0
    writtenWhenAsked = []
    pages.pop()
    const status = await engine().syncNow()
    expect(status.state).toBe('offline')
    expect((await db.meta.get('cursor'))?.value).toBe(pages[1]!.cursor)

    // From the start again, the second page does not fit the schema while the first is being
    // written: the run ends once the first is on disk, with its cursor, and nothing of the second.
    await db.meta.put({ key: 'cursor', value: null })
    asked.length = 0
    pages[1] = { ...pages[1]!, changes: { ...noChanges(), attendance: [{ _id: 7 }] } } as never
    const refused = await engine().syncNow()
    expect(refused.state).toBe('error')
    expect((await db.meta.get('cursor'))?.value).toBe(pages[0]!.cursor)
    expect((await attendanceRecords(db)).map((one) => one._id)).toEqual([
      'lfit_20261116:ana@demo.test',
    ])
  })

  it('a page whose write fails keeps the cursor of the page before, and nothing after it is written', async () => {
    // The second page's transaction fails on the device (a full disk, say) after the third page
    // was asked for: its records and its cursor go with it, and the third is never written.
    db.attendanceDays.hook('updating', (changes) => {
      const records = (changes as Partial<AttendanceDay>).records ?? []
      if (records.some((one) => one._id === 'lfit_20261116:bor@demo.test')) {
        throw new Error('QuotaExceededError')
      }
    })
    const status = await engine().syncNow()
    expect(status.state).toBe('error')
    expect(server.asked).toEqual([null, threePages[0]!.cursor, threePages[1]!.cursor])
    expect((await db.meta.get('cursor'))?.value).toBe(threePages[0]!.cursor)
    expect((await attendanceRecords(db)).map((one) => one._id)).toEqual([
      'lfit_20261116:ana@demo.test',
    ])
  })

  it('says when a run has sent its first request: after the claim, or when it ends without one', async () => {
    await recordEdit(
      db,
      {
        collection: 'attendance',
        recordId: 'lfit_20261116:ana@demo.test',
        fields: { mark: 'present' },
        user: editor.username,
      },
      { now: () => 1_000, newId: () => 'edit-000001' },
    )
    let claimed = () => {}
    const claim = new Promise<void>((resolve) => (claimed = resolve))
    const e = engine(editor, () => claim)
    // No run under way: nothing to wait for.
    await e.firstRequestSent()
    const run = e.syncNow()
    const announced: string[] = []
    const sent = e.firstRequestSent().then(() => announced.push([...server.sent].join(',')))
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The device is not claimed yet: no request went out, and none is announced.
    expect(server.sent).toEqual([])
    expect(announced).toEqual([])
    claimed()
    await sent
    // Announced as the queued edit's push went out, before the pull.
    expect(announced).toEqual(['push'])
    await run
    // A run that ends without any request (nobody signed in) resolves it too.
    const signedOut = engine(null)
    void signedOut.syncNow()
    await signedOut.firstRequestSent()
    expect(signedOut.status().state).toBe('signedOut')
    expect(server.sent).toEqual(['push', 'pull', 'pull', 'pull'])
  })
})
