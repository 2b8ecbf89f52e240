import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../users/validation'
import { schedule } from '../schedule'
import { reservationSchema, signupDays, signupSchema } from './signups'

const STUDY_DAY = 'lfit_20261116'
const valid = { name: ' Eva ', email: 'Eva@X.si', phone: '041 123 456', dayId: STUDY_DAY }

describe('the sign-up form rules', () => {
  it('normalises a valid sign-up as the server stores it', () => {
    expect(signupSchema('signup').parse(valid)).toEqual({
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
  ])('%s: the spec messages per field', (_label, input, expected) => {
    expect(fieldErrors(signupSchema('signup').safeParse(input))).toEqual(expected)
  })

  it('a reservation takes an optional message; blank is left out', () => {
    expect(reservationSchema().parse({ ...valid, message: '  ' }).message).toBeUndefined()
    expect(reservationSchema().parse(valid).message).toBeUndefined()
    expect(reservationSchema().parse({ ...valid, message: ' Hi ' }).message).toBe('Hi')
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
