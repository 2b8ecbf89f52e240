import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../users/validation'
import { schedule } from '../schedule'
import { reservationSchema, signupDays, signupSchema } from './signups'

const STUDY_DAY = 'lfit_20261116'
/** 2026-11-10 12:00 in Ljubljana: the last block (16–20 November) is still ahead. */
const NOW = Date.UTC(2026, 10, 10, 11)
const valid = { name: ' Eva ', email: 'Eva@X.si', phone: '041 123 456', dayId: STUDY_DAY }

describe('the sign-up form rules', () => {
  it('normalises a valid sign-up as the server stores it', () => {
    expect(signupSchema('signup', NOW).parse(valid)).toEqual({
      name: 'Eva',
      email: 'eva@x.si',
      phone: '38641123456',
      dayId: STUDY_DAY,
    })
  })

  it.each([
    [
      'all blank',
      { name: '', email: '', phone: '', dayId: '' },
      {
        name: 'obvezno EN required',
        email: 'obvezno EN required',
        phone: 'obvezno EN required',
        dayId: 'obvezno EN required',
      },
    ],
    [
      'bad e-mail',
      { ...valid, email: 'eva@' },
      { email: 'e-naslov ni veljaven EN e-mail not valid' },
    ],
    [
      'too few digits',
      { ...valid, phone: '123456' },
      {
        phone: 'številka ni veljavna EN mobile number not valid',
      },
    ],
    [
      'a Slovenian landline',
      { ...valid, phone: '+386 1 234 56 78' },
      {
        phone: 'številka ni veljavna EN mobile number not valid',
      },
    ],
    [
      'a free day',
      { ...valid, dayId: 'lfit_20230708' },
      { dayId: 'Oblika ni veljavna EN Invalid format' },
    ],
  ])("%s: the product's messages per field", (_label, input, expected) => {
    expect(fieldErrors(signupSchema('signup', NOW).safeParse(input))).toEqual(expected)
  })

  it('a reservation takes an optional message; blank is left out', () => {
    expect(reservationSchema(NOW).parse({ ...valid, message: '  ' }).message).toBeUndefined()
    expect(reservationSchema(NOW).parse(valid).message).toBeUndefined()
    expect(reservationSchema(NOW).parse({ ...valid, message: ' Hi ' }).message).toBe('Hi')
  })
})

describe('a day that has passed', () => {
  const PASSED =
    'ta dan je že minil; izberite enega od prihodnjih dni EN this day has passed; choose one of the days to come'
  // lfit_20261116 is the first day of its block: 14:00–18:00 in Ljubljana (13:00–17:00 UTC).
  it.each([
    ['a week before', Date.UTC(2026, 10, 9, 11), {}],
    ['the same morning', Date.UTC(2026, 10, 16, 8), {}],
    ['while the day runs', Date.UTC(2026, 10, 16, 16, 59), {}],
    ['the moment it ends', Date.UTC(2026, 10, 16, 17), { dayId: PASSED }],
    ['the next day', Date.UTC(2026, 10, 17, 8), { dayId: PASSED }],
    ['a year later', Date.UTC(2027, 10, 16, 8), { dayId: PASSED }],
  ])('%s: %j', (_label, now, expected) => {
    for (const kind of ['signup', 'reservation'] as const) {
      expect(fieldErrors(signupSchema(kind, now).safeParse(valid))).toEqual(expected)
    }
  })

  it('a day that is no study day is refused as such, passed or not', () => {
    const later = Date.UTC(2027, 0, 1)
    expect(
      fieldErrors(signupSchema('signup', later).safeParse({ ...valid, dayId: 'lfit_20230708' })),
    ).toEqual({
      dayId: 'Oblika ni veljavna EN Invalid format',
    })
  })

  it('every day offered is accepted, and no day refused as passed is offered', () => {
    const now = Date.UTC(2026, 10, 17, 12)
    const offered = new Set(signupDays(now).map((day) => day.id))
    for (const day of schedule().days.filter((d) => !d.freeDay)) {
      const errors = fieldErrors(signupSchema('signup', now).safeParse({ ...valid, dayId: day.id }))
      if (offered.has(day.id)) expect(errors, day.id).toEqual({})
      if (errors.dayId === PASSED) expect(offered.has(day.id), day.id).toBe(false)
    }
  })
})

describe('the days offered', () => {
  it('are the study days not yet over, without the extra-material block', () => {
    const now = Date.UTC(2026, 10, 17, 12) // Tuesday of the last block
    const days = signupDays(now)
    expect(days.map((day) => day.id)).toEqual([
      'lfit_20261117',
      'lfit_20261118',
      'lfit_20261119',
      'lfit_20261120',
    ])
  })

  it('are none after the last block', () => {
    expect(signupDays(Date.UTC(2026, 10, 21))).toEqual([])
    // The extra-material period that follows (to 2027-06-30) has no days to sign up for.
    expect(schedule().days.some((day) => day.dayStr > '2026-11-21')).toBe(false)
  })
})
