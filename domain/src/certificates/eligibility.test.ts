import { describe, expect, it } from 'vitest'
import { standingOf } from '../makeups/standing'
import {
  AFTER_ALL,
  inputOf,
  marksOn,
  run,
  SCHEDULE,
  session,
  Y1,
  Y1S2,
  Y2,
  Y3,
  type Case,
} from '../makeups/test-programme'
import { eligibilityFor, type IneligibleReason } from './eligibility'
import type { Certificate, CertificateScope } from './record'

interface EligibilityCase {
  label: string
  standing: Omit<Case, 'label' | 'years' | 'overall'>
  scope: CertificateScope & { kind: 'year' | 'programme' }
  held?: Pick<Certificate, 'scope' | 'status'>[]
  today?: string
  expected: true | IneligibleReason[]
}

const year1 = { kind: 'year', year: 1 } as const
const programme = { kind: 'programme' } as const

describe('eligibility for a certificate', () => {
  it.each<EligibilityCase>([
    { label: 'nothing missed', standing: {}, scope: year1, expected: true },
    {
      label: '5 missed in a year, all made up: at the limit, eligible',
      standing: { marks: marksOn(run(Y1, 5), 'absent'), otherwise: run(Y1, 5) },
      scope: year1,
      expected: true,
    },
    {
      label: '6 missed in a year, all made up: one over the limit',
      standing: {
        marks: marksOn([...run(Y1, 4), ...run(Y1S2, 2)], 'absent'),
        otherwise: [...run(Y1, 4), ...run(Y1S2, 2)],
      },
      scope: year1,
      expected: ['overLimit'],
    },
    {
      label: 'one missed day not made up: outstanding',
      standing: { marks: marksOn(run(Y1, 1), 'absent') },
      scope: year1,
      expected: ['outstanding'],
    },
    {
      label: 'made up at a session that took place',
      standing: {
        marks: marksOn(run(Y1, 1), 'absent'),
        sessions: [session('s1', '2023-03-01', { segments: [1] })],
        atSessions: { s1: 'present' },
      },
      scope: year1,
      expected: true,
    },
    {
      label: 'signed up for a session still to come: still outstanding',
      standing: {
        marks: marksOn(run(Y1, 1), 'absent'),
        sessions: [session('s1', '2026-03-01', { segments: [1] })],
      },
      scope: year1,
      expected: ['outstanding'],
    },
    {
      label: 'a valid certificate for the year already',
      standing: {},
      scope: year1,
      held: [{ scope: year1, status: 'valid' }],
      expected: ['alreadyCertified'],
    },
    {
      label: 'a revoked certificate for the year does not count',
      standing: {},
      scope: year1,
      held: [{ scope: year1, status: 'revoked' }],
      expected: true,
    },
    {
      label: 'a certificate for another year does not count',
      standing: {},
      scope: year1,
      held: [{ scope: { kind: 'year', year: 2 }, status: 'valid' }],
      expected: true,
    },
    {
      label: 'a year not taken part in',
      standing: { enrolled: [[2, 'accepted']] },
      scope: year1,
      expected: ['notEnrolled'],
    },
    {
      label: 'a year that is not over: its last day is today',
      standing: {},
      scope: year1,
      today: '2023-02-10',
      expected: ['notFinished'],
    },
    {
      label: 'the day after its last day the year is over',
      standing: {},
      scope: year1,
      today: '2023-02-11',
      expected: true,
    },
    {
      label: 'the programme: every year within its limit, 10 missed overall, all made up',
      standing: {
        marks: marksOn([...run(Y1, 4), ...run(Y2, 3), ...run(Y3, 3)], 'absent'),
        otherwise: [...run(Y1, 4), ...run(Y2, 3), ...run(Y3, 3)],
      },
      scope: programme,
      expected: true,
    },
    {
      label: 'the programme: 11 missed overall, none over a year, all made up',
      standing: {
        marks: marksOn([...run(Y1, 4), ...run(Y2, 4), ...run(Y3, 3)], 'absent'),
        otherwise: [...run(Y1, 4), ...run(Y2, 4), ...run(Y3, 3)],
      },
      scope: programme,
      expected: ['overLimit'],
    },
    {
      label: 'the programme without one of its years',
      standing: {
        enrolled: [
          [1, 'completed'],
          [3, 'accepted'],
        ],
      },
      scope: programme,
      expected: ['notEnrolled'],
    },
    {
      label: 'several reasons at once',
      standing: { marks: marksOn([...run(Y1, 4), ...run(Y1S2, 2)], 'absent') },
      scope: year1,
      held: [{ scope: year1, status: 'valid' }],
      expected: ['overLimit', 'outstanding', 'alreadyCertified'],
    },
  ])('$label', (c) => {
    const standing = standingOf(inputOf({ ...c.standing, label: c.label, years: {}, overall: '' }))
    const result = eligibilityFor({
      standing,
      scope: c.scope,
      today: c.today ?? AFTER_ALL,
      certificates: c.held ?? [],
      schedule: SCHEDULE,
      programmeYears: [1, 2, 3],
    })
    if (c.expected === true) expect(result).toMatchObject({ eligible: true })
    else expect(result).toMatchObject({ eligible: false, reasons: c.expected })
  })

  it('states the figures of the period: study days, attended, missed, made up, late', () => {
    const standing = standingOf(
      inputOf({
        label: '',
        years: {},
        overall: '',
        // Two days missed and made up, one late, eight present, one left unmarked: the unmarked
        // day is not claimed as attended (docs/product-rules.md#attendance-figures).
        marks: {
          ...marksOn(run(Y1, 2), 'absent'),
          ...marksOn(run(Y1, 7).slice(2), 'present'),
          ...marksOn(run(Y1S2, 4).slice(1), 'present'),
          ...marksOn(run(Y1S2, 1), 'late'),
        },
        otherwise: run(Y1, 2),
      }),
    )
    const result = eligibilityFor({
      standing,
      scope: year1,
      today: AFTER_ALL,
      certificates: [],
      schedule: SCHEDULE,
    })
    expect(result).toEqual({
      eligible: true,
      figures: {
        studyDays: 12,
        attended: 9,
        missed: 2,
        madeUp: 2,
        late: 1,
        from: '2023-01-02',
        to: '2023-02-10',
      },
    })
  })
})
