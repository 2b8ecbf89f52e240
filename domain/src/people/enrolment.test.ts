import { describe, expect, it } from 'vitest'
import {
  ENROLMENT_ACTIONS,
  ENROLMENT_STATUSES,
  MAX_REASON_LENGTH,
  TAKING_PART,
  transition,
  type Enrolment,
  type EnrolmentAction,
  type EnrolmentStatus,
} from './enrolment'

const AT = '2026-11-23T10:00:00.000Z'

/** An enrolment of ana in year 2 that is now `status`, with one earlier change. */
function enrolmentIn(status: EnrolmentStatus): Enrolment {
  return {
    _id: '2:ana@example.com',
    person: 'ana@example.com',
    year: 2,
    project: 'LFIT2025',
    status,
    history: [
      {
        at: '2026-11-01T09:00:00.000Z',
        by: 'ana@example.com',
        action: 'apply',
        from: null,
        to: 'applied',
      },
    ],
  }
}

const REASONED = { by: 'reg@example.com', at: AT, reason: 'places are full' }

// Every action from every status (none = no enrolment yet): where it leads, or "refused".
const TABLE: {
  from: EnrolmentStatus | 'none'
  action: EnrolmentAction
  to: EnrolmentStatus | 'refused'
}[] = [
  { from: 'none', action: 'apply', to: 'applied' },
  { from: 'none', action: 'accept', to: 'refused' },
  { from: 'none', action: 'decline', to: 'refused' },
  { from: 'none', action: 'reopen', to: 'refused' },
  { from: 'none', action: 'withdraw', to: 'refused' },
  { from: 'none', action: 'complete', to: 'refused' },
  { from: 'applied', action: 'apply', to: 'refused' },
  { from: 'applied', action: 'accept', to: 'accepted' },
  { from: 'applied', action: 'decline', to: 'declined' },
  { from: 'applied', action: 'reopen', to: 'refused' },
  { from: 'applied', action: 'withdraw', to: 'refused' },
  { from: 'applied', action: 'complete', to: 'refused' },
  { from: 'accepted', action: 'apply', to: 'refused' },
  { from: 'accepted', action: 'accept', to: 'refused' },
  { from: 'accepted', action: 'decline', to: 'refused' },
  { from: 'accepted', action: 'reopen', to: 'refused' },
  { from: 'accepted', action: 'withdraw', to: 'withdrawn' },
  { from: 'accepted', action: 'complete', to: 'completed' },
  { from: 'declined', action: 'apply', to: 'refused' },
  { from: 'declined', action: 'accept', to: 'refused' },
  { from: 'declined', action: 'decline', to: 'refused' },
  { from: 'declined', action: 'reopen', to: 'applied' },
  { from: 'declined', action: 'withdraw', to: 'refused' },
  { from: 'declined', action: 'complete', to: 'refused' },
  { from: 'withdrawn', action: 'apply', to: 'refused' },
  { from: 'withdrawn', action: 'accept', to: 'refused' },
  { from: 'withdrawn', action: 'decline', to: 'refused' },
  { from: 'withdrawn', action: 'reopen', to: 'applied' },
  { from: 'withdrawn', action: 'withdraw', to: 'refused' },
  { from: 'withdrawn', action: 'complete', to: 'refused' },
  { from: 'completed', action: 'apply', to: 'refused' },
  { from: 'completed', action: 'accept', to: 'refused' },
  { from: 'completed', action: 'decline', to: 'refused' },
  { from: 'completed', action: 'reopen', to: 'refused' },
  { from: 'completed', action: 'withdraw', to: 'refused' },
  { from: 'completed', action: 'complete', to: 'refused' },
]

describe('enrolment state machine: every action from every status', () => {
  it('the table covers every pair exactly once', () => {
    const pairs = new Set(TABLE.map((row) => `${row.from}/${row.action}`))
    expect(pairs.size).toBe(TABLE.length)
    expect(TABLE.length).toBe((ENROLMENT_STATUSES.length + 1) * ENROLMENT_ACTIONS.length)
  })

  it.each(TABLE)('$action from $from → $to', ({ from, action, to }) => {
    const current = from === 'none' ? null : enrolmentIn(from)
    const before = current && (JSON.parse(JSON.stringify(current)) as Enrolment)
    const result = transition(current, action, {
      ...REASONED,
      person: 'ana@example.com',
      year: 2,
    })
    if (to === 'refused') {
      expect(result).toMatchObject({ ok: false, code: 'notAllowed' })
      if (!result.ok) expect(result.message.en).toMatch(/cannot be done/)
      // A refused action changes nothing.
      expect(current).toEqual(before)
      return
    }
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.enrolment.status).toBe(to)
    const last = result.enrolment.history.at(-1)
    expect(last).toEqual({
      at: AT,
      by: 'reg@example.com',
      action,
      from: from === 'none' ? null : from,
      to,
      reason: 'places are full',
    })
    expect(result.enrolment.history).toHaveLength(from === 'none' ? 1 : 2)
    // The earlier history is kept as it was, and the input is not changed.
    if (current) {
      expect(result.enrolment.history[0]).toEqual(current.history[0])
      expect(current).toEqual(before)
    }
  })
})

describe('enrolment reasons', () => {
  it.each([
    {
      label: 'decline without a reason',
      from: 'applied',
      action: 'decline',
      reason: undefined,
      code: 'reasonRequired',
    },
    {
      label: 'decline with only spaces',
      from: 'applied',
      action: 'decline',
      reason: '   ',
      code: 'reasonRequired',
    },
    {
      label: 'withdraw without a reason',
      from: 'accepted',
      action: 'withdraw',
      reason: undefined,
      code: 'reasonRequired',
    },
    {
      label: 'withdraw with only a newline',
      from: 'accepted',
      action: 'withdraw',
      reason: '\n',
      code: 'reasonRequired',
    },
    {
      label: 'accept needs no reason',
      from: 'applied',
      action: 'accept',
      reason: undefined,
      code: null,
    },
    {
      label: 'reopen needs no reason',
      from: 'declined',
      action: 'reopen',
      reason: undefined,
      code: null,
    },
    {
      label: 'complete needs no reason',
      from: 'accepted',
      action: 'complete',
      reason: undefined,
      code: null,
    },
    {
      label: 'a refused action says "not allowed" before asking for a reason',
      from: 'completed',
      action: 'decline',
      reason: undefined,
      code: 'notAllowed',
    },
  ] as const)('$label', ({ from, action, reason, code }) => {
    const result = transition(enrolmentIn(from), action, {
      by: 'reg@example.com',
      at: AT,
      ...(reason === undefined ? {} : { reason }),
    })
    if (code === null) {
      expect(result.ok).toBe(true)
      if (result.ok) expect(result.enrolment.history.at(-1)).not.toHaveProperty('reason')
    } else {
      expect(result).toMatchObject({ ok: false, code })
    }
  })

  it.each([
    { label: 'trimmed', given: '  full  ', kept: 'full' },
    {
      label: 'cut at the longest a reason may be',
      given: 'x'.repeat(MAX_REASON_LENGTH + 5),
      kept: 'x'.repeat(MAX_REASON_LENGTH),
    },
    { label: 'kept with its line breaks', given: 'full\nnext year', kept: 'full\nnext year' },
  ])('a reason is $label', ({ given, kept }) => {
    const result = transition(enrolmentIn('applied'), 'decline', { by: 'r', at: AT, reason: given })
    expect(result.ok && result.enrolment.history.at(-1)?.reason).toBe(kept)
  })
})

describe('a new enrolment (apply)', () => {
  it.each([
    { label: 'with a project', project: 'LFIT2024', expected: { project: 'LFIT2024' } },
    { label: 'without a project', project: undefined, expected: {} },
  ])('$label: id is {year}:{person}, the applicant is in the history', ({ project, expected }) => {
    const result = transition(null, 'apply', {
      by: 'ana@example.com',
      at: AT,
      person: 'ana@example.com',
      year: 3,
      ...(project ? { project } : {}),
    })
    expect(result).toEqual({
      ok: true,
      enrolment: {
        _id: '3:ana@example.com',
        person: 'ana@example.com',
        year: 3,
        ...expected,
        status: 'applied',
        history: [{ at: AT, by: 'ana@example.com', action: 'apply', from: null, to: 'applied' }],
      },
    })
  })

  it('a whole life: apply, decline, reopen, accept, withdraw, reopen, accept, complete', () => {
    let current: Enrolment | null = null
    const steps: [EnrolmentAction, string | undefined][] = [
      ['apply', undefined],
      ['decline', 'no places'],
      ['reopen', undefined],
      ['accept', undefined],
      ['withdraw', 'moved abroad'],
      ['reopen', undefined],
      ['accept', undefined],
      ['complete', undefined],
    ]
    for (const [action, reason] of steps) {
      const result = transition(current, action, {
        by: 'reg',
        at: AT,
        person: 'ana',
        year: 1,
        ...(reason ? { reason } : {}),
      })
      if (!result.ok) throw new Error(`${action} refused`)
      current = result.enrolment
    }
    expect(current?.history.map((c) => `${c.from ?? '-'}>${c.to}`)).toEqual([
      '->applied',
      'applied>declined',
      'declined>applied',
      'applied>accepted',
      'accepted>withdrawn',
      'withdrawn>applied',
      'applied>accepted',
      'accepted>completed',
    ])
  })
})

describe('who takes part', () => {
  it.each(ENROLMENT_STATUSES.map((status) => ({ status, on: status === 'accepted' })))(
    '$status: on the attendance lists = $on',
    ({ status, on }) => {
      expect(TAKING_PART.has(status)).toBe(on)
    },
  )
})
