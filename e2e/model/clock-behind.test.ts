// A studio tablet whose clock is 46 days behind corrects marks made earlier on the registrar's
// desk (whose clock is right): the real sync engine on Dexie (fake-indexeddb) against the real
// push and pull on the real embedded store. Once the tablet has pulled a mark, its correction is
// stamped later than that mark, whatever its own clock (the receive rule,
// docs/sync-protocol.md#stamps-and-clocks), so the correction wins on the server and on both
// devices. A correction made before the tablet ever saw the mark still loses by the stamps, and
// its notice then says the tablet's clock is behind, not that a later mark replaced it.
import 'fake-indexeddb/auto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { LocalDatabase } from '../../web/src/offline/database'
import { clockBehind } from '../../web/src/offline/clock-behind'
import { attendanceOfDay, materialsShown } from '../../web/src/offline/local-view'
import { recordEdit } from '../../web/src/offline/outbox'
import { createSyncEngine, type SyncEngine } from '../../web/src/offline/sync-engine'
import type { SyncTransport } from '../../web/src/offline/transport'
import { openStore } from '../../sync-server/src/store/open'
import type { Store } from '../../sync-server/src/store/port'
import { pushBatch } from '../../sync-server/src/sync/push'
import { pull } from '../../sync-server/src/sync/pull'

const DAY_MS = 86_400_000
const EDITOR = {
  _id: 'presenceEditor@demo.test',
  username: 'presenceEditor@demo.test',
  roles: ['presenceEditor'],
  status: 'active',
  firstName: 'Presence',
  lastName: 'Editor',
} as const
const ANA = 'ana@demo.test'
const BOR = 'bor@demo.test'

let dir: string
let store: Store
/** The real time: the desk's and the server's clock. */
let now: number
/** A past study day of the programme: the server takes marks only for study days. */
let day: StudyDay

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clock-behind-'))
  store = await openStore({ dataDir: dir, dbName: 'clock-behind' })
  const past = schedule().days.filter((d): d is StudyDay => !d.freeDay)
  day = past[0] as StudyDay
  now = day.to + 100 * DAY_MS
})
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

let devices = 0
let ids = 0
/** A device of the presence editor whose clock reads `offset` ms from the real time. */
function device(
  offset: number,
  user: { username: string; roles: readonly string[] } = EDITOR,
): { db: LocalDatabase; engine: SyncEngine; clock: () => number } {
  const clock = () => now + offset
  const db = new LocalDatabase(`clock-behind-${++devices}`)
  const ctx = () => ({ store, user: user as never, now })
  const transport: SyncTransport = {
    async push(collection, { batch }) {
      return { v: SYNC_PROTOCOL_VERSION, results: await pushBatch(ctx(), collection, batch) }
    },
    pull: (request) => pull(ctx(), request),
    participants: async () => undefined,
  }
  const engine = createSyncEngine({
    db,
    transport,
    now: clock,
    currentUser: () => user,
    mayPush: () => true,
  })
  return { db, engine, clock }
}

function mark(
  on: { db: LocalDatabase; clock: () => number },
  participant: string,
  value: AttendanceRecord['mark'],
) {
  return recordEdit(
    on.db,
    {
      collection: 'attendance',
      recordId: `${day.id}:${participant}`,
      fields: { mark: value },
      user: EDITOR.username,
    },
    { now: on.clock, newId: () => `clock-behind-${++ids}` },
  )
}

const onServer = async (participant: string) =>
  (
    (await store
      .collection('attendance')
      .findOne({ _id: `${day.id}:${participant}` })) as AttendanceRecord | null
  )?.mark

describe('a tablet whose clock is 46 days behind', () => {
  it('keeps its correction of a mark it has pulled, on the server and on every device', async () => {
    const desk = device(0)
    const tablet = device(-46 * DAY_MS)
    await mark(desk, ANA, 'present')
    await desk.engine.syncNow()

    now += 60_000
    // A tablet that has never edited: its first sync pulls the desk's mark.
    await tablet.engine.syncNow()
    now += 60_000
    await mark(tablet, ANA, 'absent')
    await tablet.engine.syncNow()
    await desk.engine.syncNow()

    expect(await onServer(ANA)).toBe('absent')
    expect(await tablet.db.notices.toArray()).toEqual([])
    for (const { db } of [desk, tablet]) {
      expect((await attendanceOfDay(db, day.id)).get(ANA)?.record.mark).toBe('absent')
    }
  })

  it('says its clock is behind when a correction made before it saw the mark loses', async () => {
    const desk = device(0)
    const tablet = device(-46 * DAY_MS)
    // Offline since its last sync: the tablet marks Bor before the desk's mark reaches it.
    await mark(tablet, BOR, 'late')
    now += 60_000
    await mark(desk, BOR, 'present')
    await desk.engine.syncNow()
    now += 60_000
    await tablet.engine.syncNow()

    expect(await onServer(BOR)).toBe('present')
    const [notice, ...others] = await tablet.db.notices.toArray()
    expect(others).toEqual([])
    // The notice knows the winner is "later" only by this tablet's clock, so its words say the
    // clock is behind (notice-words.test.ts words it), never that a later mark replaced it.
    expect(clockBehind(notice!)).toEqual({ deviceAt: now - 46 * DAY_MS, winnerAt: now - 60_000 })

    // Once it has seen the desk's mark, the tablet's correction of it wins.
    await mark(tablet, BOR, 'late')
    await tablet.engine.syncNow()
    expect(await onServer(BOR)).toBe('late')
  })
})

describe('a media editor’s desk whose clock is 46 days behind', () => {
  // /mediji: "who may see it" changed on the demo recording reverted after the sync.
  it('keeps who may see a recording as it chose, on the server and on the desk', async () => {
    const media = { username: 'mediaEditor@demo.test', roles: ['mediaEditor'] }
    const id = 'recording-of-a-lesson'
    // The recording as the demo seeds it: stamped by the server's clock.
    const seeded = await pushBatch({ store, user: media as never, now }, 'materials', [
      {
        id: 'seed-recording',
        collection: 'materials',
        recordId: id,
        hlc: encodeHlc({ wall: now, counter: 0, node: 'seed' }),
        deviceId: 'seed',
        fields: {
          titleSl: 'Posnetek individualne ure',
          kind: 'audio',
          years: [2],
          educators: ['Demo educator'],
          visibility: 'restricted',
          createdAt: now,
          deleted: false,
        },
      },
    ])
    expect(seeded.map((result) => result.status)).toEqual(['applied'])
    now += 60_000
    const desk = device(-46 * DAY_MS, media)
    await desk.engine.syncNow()
    await recordEdit(
      desk.db,
      {
        collection: 'materials',
        recordId: id,
        fields: { visibility: 'participants' },
        user: media.username,
      },
      { now: desk.clock, newId: () => `clock-behind-${++ids}` },
    )
    await desk.engine.syncNow()

    const stored = (await store
      .collection('materials')
      .findOne({ _id: id })) as MaterialRecord | null
    expect(stored?.visibility).toBe('participants')
    expect(await desk.db.notices.toArray()).toEqual([])
    const shown = (await materialsShown(desk.db)).find(({ record }) => record._id === id)
    expect(shown?.record.visibility).toBe('participants')
  })
})
