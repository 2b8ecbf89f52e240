import { describe, expect, it } from 'vitest'
import { schedule } from '../schedule'
import {
  decideSignup,
  signupDecisionSchema,
  signupNoteSchema,
  storedSignupSchema,
  type SignupStatus,
  type StoredSignup,
} from '../records/signups'
import { countSignups, filterSignups, groupSignupsByDay } from './signups'

const plan = schedule()
const studyDays = plan.days.filter((day) => !day.freeDay)
const [first, second, third] = studyDays as [
  (typeof studyDays)[number],
  (typeof studyDays)[number],
  (typeof studyDays)[number],
]

const signup = (
  _id: string,
  dayId: string,
  status: SignupStatus,
  createdAt = '2026-01-01T10:00:00.000Z',
): StoredSignup => ({
  _id,
  name: _id,
  email: `${_id}@x.si`,
  phone: '38641000000',
  dayId,
  createdAt,
  status,
  language: 'sl',
})

describe('countSignups', () => {
  it.each([
    [[], { received: 0, confirmed: 0, cancelled: 0, expected: 0 }],
    [['received'], { received: 1, confirmed: 0, cancelled: 0, expected: 1 }],
    [
      ['received', 'confirmed', 'cancelled', 'confirmed'],
      { received: 1, confirmed: 2, cancelled: 1, expected: 3 },
    ],
    [['cancelled', 'cancelled'], { received: 0, confirmed: 0, cancelled: 2, expected: 0 }],
  ] as [SignupStatus[], object][])('%j counts %j', (statuses, counts) => {
    expect(countSignups(statuses.map((status) => ({ status })))).toEqual(counts)
  })
})

describe('groupSignupsByDay', () => {
  // "now" is after the second day has ended and before the third begins.
  const now = second.to + 1
  const cases: [string, StoredSignup[], { dayId: string; ids: string[]; past: boolean }[]][] = [
    ['nothing', [], []],
    [
      'one day, in arrival order',
      [
        signup('b', third.id, 'received', '2026-01-02T00:00:00.000Z'),
        signup('a', third.id, 'confirmed', '2026-01-01T00:00:00.000Z'),
      ],
      [{ dayId: third.id, ids: ['a', 'b'], past: false }],
    ],
    [
      'days to come first, then past days most recent first',
      [
        signup('p1', first.id, 'received'),
        signup('u', third.id, 'received'),
        signup('p2', second.id, 'cancelled'),
      ],
      [
        { dayId: third.id, ids: ['u'], past: false },
        { dayId: second.id, ids: ['p2'], past: true },
        { dayId: first.id, ids: ['p1'], past: true },
      ],
    ],
    [
      'a day the schedule does not know is listed last, as past',
      [signup('x', 'lfit_19990101', 'received'), signup('u', third.id, 'received')],
      [
        { dayId: third.id, ids: ['u'], past: false },
        { dayId: 'lfit_19990101', ids: ['x'], past: true },
      ],
    ],
  ]
  it.each(cases)('%s', (_label, signups, expected) => {
    const groups = groupSignupsByDay(signups, now, plan)
    expect(
      groups.map((g) => ({ dayId: g.dayId, ids: g.signups.map((s) => s._id), past: g.past })),
    ).toEqual(expected)
  })

  it('counts each day on its own', () => {
    const groups = groupSignupsByDay(
      [
        signup('a', third.id, 'received'),
        signup('b', third.id, 'cancelled'),
        signup('c', second.id, 'confirmed'),
      ],
      now,
      plan,
    )
    expect(groups.map((g) => [g.dayId, g.counts.expected, g.counts.cancelled])).toEqual([
      [third.id, 1, 1],
      [second.id, 1, 0],
    ])
  })
})

describe('filterSignups', () => {
  const all = [
    signup('a', first.id, 'received'),
    signup('b', first.id, 'confirmed'),
    signup('c', first.id, 'cancelled'),
  ]
  it.each([
    ['all', ['a', 'b', 'c']],
    ['received', ['a']],
    ['confirmed', ['b']],
    ['cancelled', ['c']],
  ] as const)('%s keeps %j', (status, ids) => {
    expect(filterSignups(all, status).map((s) => s._id)).toEqual(ids)
  })
})

describe('decideSignup', () => {
  it.each([
    ['received', 'confirm', 'confirmed'],
    ['received', 'cancel', 'cancelled'],
    ['confirmed', 'cancel', 'cancelled'],
    ['cancelled', 'confirm', 'confirmed'],
    ['confirmed', 'confirm', null],
    ['cancelled', 'cancel', null],
  ] as const)('%s + %s → %s', (from, decision, to) => {
    expect(decideSignup(from, decision)).toBe(to)
  })
})

describe('sign-up schemas', () => {
  it('reads a record stored before statuses as received, in Slovenian', () => {
    const parsed = storedSignupSchema.parse({
      _id: 's1',
      name: 'Eva',
      email: 'eva@x.si',
      phone: '38641000000',
      dayId: first.id,
    })
    expect(parsed).toMatchObject({ status: 'received', language: 'sl' })
  })

  it.each([
    [{ kind: 'signup', id: 's1' }, true],
    [{ kind: 'reservation', id: 's1' }, true],
    [{ kind: 'other', id: 's1' }, false],
    [{ kind: 'signup', id: '' }, false],
    [{ kind: 'signup', id: 'x'.repeat(201) }, false],
    [{ kind: 'signup' }, false],
  ])('decision body %j valid: %s', (body, valid) => {
    expect(signupDecisionSchema.safeParse(body).success).toBe(valid)
  })

  it.each([
    [{ kind: 'signup', id: 's1', note: '  calls back  ' }, 'calls back'],
    [{ kind: 'signup', id: 's1', note: '' }, ''],
    [{ kind: 'signup', id: 's1', note: 'x'.repeat(1001) }, null],
    [{ kind: 'signup', id: 's1', note: 5 }, null],
  ])('note body %j → %j', (body, note) => {
    const parsed = signupNoteSchema.safeParse(body)
    expect(parsed.success ? parsed.data.note : null).toBe(note)
  })
})
