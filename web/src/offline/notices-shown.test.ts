import { describe, expect, it } from 'vitest'
import type { SyncNotice } from './database'
import { noticesShownTo } from './hooks'

const notice = (user: string): SyncNotice => ({
  id: `n-${user}`,
  kind: 'rejected',
  collection: 'absences',
  recordId: `abs-${user}`,
  fields: { reason: 'flu' },
  user,
  madeAt: 1,
})

const ANA = 'ana@demo.test'
const BOR = 'bor@demo.test'
const EDITOR = 'presenceEditor@demo.test'
const all = [notice(ANA), notice(BOR), notice(EDITOR)]

// On a shared device the notices of edits that did not apply stay until dismissed, whoever logs
// out (docs/0034): each is shown to who may send its editor's edits, as the outbox is pushed.
describe('the notices the person using the device sees', () => {
  it.each([
    ['nobody logged in', null, []],
    ['a participant: their own only', { username: ANA, roles: ['participant'] }, [ANA]],
    ['another participant: theirs only', { username: BOR, roles: ['participant'] }, [BOR]],
    [
      'a presence editor: every editor’s',
      { username: EDITOR, roles: ['presenceEditor'] },
      [ANA, BOR, EDITOR],
    ],
    [
      'an admin: every editor’s',
      { username: 'admin@demo.test', roles: ['admin'] },
      [ANA, BOR, EDITOR],
    ],
    [
      'a media editor: their own only (none here)',
      { username: 'media@demo.test', roles: ['mediaEditor'] },
      [],
    ],
  ])('%s', (_, user, editors) => {
    expect(noticesShownTo(user, all).map((shown) => shown.user)).toEqual(editors)
  })
})
