// Marks at make-up sessions (collection makeupAttendance) go through the same push and pull as a
// study day's attendance, on both stores: the presence writers and the make-up editors mark, a
// participant may not, and a participant pulls only their own marks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeupAttendanceId } from '@lfit/domain/makeups/sessions'
import { pullResponseSchema } from '@lfit/domain/sync/protocol'
import { SYNCED } from '@lfit/domain/sync/registry'
import { ensureSyncIndexes } from '../src/sync/changelog'
import type { SyncUser } from '../src/sync/context'
import { pull } from '../src/sync/pull'
import { pushBatch } from '../src/sync/push'
import {
  ADMIN,
  EDITOR,
  STORE_KINDS,
  context,
  edit,
  openTestStore,
  participant,
  type TestStore,
} from './sync-fixtures'

const SESSION = 'm-2026-12-05'
const mark = (name: string, fields: Record<string, unknown>) =>
  edit(makeupAttendanceId(SESSION, `${name}@demo.test`), fields, {
    collection: 'makeupAttendance',
  })
const MAKEUP_EDITOR: SyncUser = { username: 'makeupeditor@demo.test', roles: ['makeupEditor'] }

describe.each(STORE_KINDS)('make-up attendance on the %s store', (kind) => {
  let db: TestStore
  beforeEach(async () => {
    db = await openTestStore(kind)
    await ensureSyncIndexes(db.store, SYNCED)
  })
  afterEach(() => db.close())

  const statuses = async (user: SyncUser, edits: ReturnType<typeof mark>[]) =>
    (await pushBatch(context(db.store, user), 'makeupAttendance', edits)).map((answer) =>
      answer.status === 'rejected' ? answer.reason.code : answer.status,
    )

  it('is marked by presence and make-up editors, never by a participant', async () => {
    expect(await statuses(EDITOR, [mark('ana', { mark: 'present', note: 'row 2' })])).toEqual([
      'applied',
    ])
    expect(await statuses(MAKEUP_EDITOR, [mark('bor', { mark: 'late' })])).toEqual(['applied'])
    expect(await statuses(ADMIN, [mark('cene', { mark: 'absent' })])).toEqual(['applied'])
    expect(await statuses(participant('ana'), [mark('ana', { mark: 'absent' })])).toEqual([
      'forbidden',
    ])
    expect(await statuses(EDITOR, [mark('ana', { colour: 'red' })])).toEqual(['invalidFields'])
    const stored = await db.store
      .collection('makeupAttendance')
      .findById(makeupAttendanceId(SESSION, 'ana@demo.test'))
    expect(stored).toMatchObject({
      session: SESSION,
      participant: 'ana@demo.test',
      mark: 'present',
      note: 'row 2',
    })
  })

  it('a participant pulls only their own marks; an editor pulls everyone’s', async () => {
    await statuses(EDITOR, [mark('ana', { mark: 'present' }), mark('bor', { mark: 'absent' })])
    const pulled = async (user: SyncUser) => {
      const answer = pullResponseSchema.parse(
        await pull(context(db.store, user), { v: 1, cursor: null }),
      )
      return answer.changes.makeupAttendance.map((record) => record.participant).toSorted()
    }
    expect(await pulled(participant('ana'))).toEqual(['ana@demo.test'])
    expect(await pulled(MAKEUP_EDITOR)).toEqual(['ana@demo.test', 'bor@demo.test'])
  })
})
