import { describe, expect, it } from 'vitest'
import type { SyncActor } from '@lfit/domain/attendance/permissions'
import { editsWaitingForOthers } from './waiting-edits'

const editor = 'presenceEditor@demo.test'
const queue = [{ user: editor }, { user: editor }, { user: 'ana@demo.test' }]

describe('edits on the device the signed-in user may not send', () => {
  const cases: [string, SyncActor, number][] = [
    [
      'a participant on the studio tablet: the presence editor’s marks wait, their own do not',
      { username: 'ana@demo.test', roles: ['participant'] },
      2,
    ],
    [
      'a make-up editor may not send another’s attendance either',
      { username: 'makeupEditor@demo.test', roles: ['makeupEditor'] },
      3,
    ],
    [
      'the presence editor who made them sends them all',
      { username: editor, roles: ['presenceEditor'] },
      0,
    ],
    [
      'another presence writer sends what the tablet holds',
      { username: 'admin@demo.test', roles: ['admin'] },
      0,
    ],
  ]
  it.each(cases)('%s', (_, user, waiting) => {
    expect(editsWaitingForOthers(user, queue)).toEqual(waiting)
  })
})
