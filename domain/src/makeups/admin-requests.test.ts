// The staff's make-up requests: only a study day of a regular segment can be made up otherwise,
// a note is required, limits and the cancel deadline are whole numbers in range; every refusal
// carries a Slovenian and an English message.
import { describe, expect, it } from 'vitest'
import { splitBilingual } from '../messages/bilingual'
import {
  cancelHoursRequestSchema,
  isMissableDay,
  madeUpOtherwiseRequestSchema,
  thresholdsRequestSchema,
} from './admin-requests'

describe('which days can be made up otherwise', () => {
  it.each([
    ['a study day of segment 12', 'lfit_20261012', true],
    ['a study day of segment 1', 'lfit_20230417', true],
    ['a make-up day of segment 21', 'lfit_20240902', false],
    ['a date outside every block', 'lfit_20261011', false],
    ['not a day id', '2026-10-12', false],
  ])('%s', (_, dayId, expected) => {
    expect(isMissableDay(dayId)).toBe(expected)
  })
})

const bilingual = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => splitBilingual(issue.message))

describe('the staff request bodies', () => {
  it.each([
    ['a note of spaces', { participant: 'ana@x.si', dayId: 'lfit_20261012', note: '   ' }],
    ['no participant', { participant: '', dayId: 'lfit_20261012', note: 'x' }],
    ['a make-up day', { participant: 'ana@x.si', dayId: 'lfit_20240902', note: 'x' }],
  ])('"made up otherwise" with %s is refused in both languages', (_, body) => {
    const result = madeUpOtherwiseRequestSchema.safeParse(body)
    expect(result.success).toBe(false)
    for (const message of bilingual(result)) expect(message.sl).not.toBe(message.en)
  })

  it('reads a participant in lower case and the note trimmed', () => {
    const result = madeUpOtherwiseRequestSchema.parse({
      participant: ' Ana@X.si ',
      dayId: 'lfit_20261012',
      note: ' Watched the recordings ',
    })
    expect(result).toEqual({
      participant: 'ana@x.si',
      dayId: 'lfit_20261012',
      note: 'Watched the recordings',
    })
  })

  it.each([
    [{ perYear: 1, overall: 1 }, true],
    [{ perYear: 365, overall: 365 }, true],
    [{ perYear: 0, overall: 10 }, false],
    [{ perYear: 366, overall: 400 }, false],
    [{ perYear: 1.5, overall: 10 }, false],
    [{ perYear: '5', overall: 10 }, false],
  ])('limits %j: accepted %s', (body, ok) => {
    expect(thresholdsRequestSchema.safeParse(body).success).toBe(ok)
  })

  it.each([
    [0, true],
    [336, true],
    [-1, false],
    [337, false],
    [2.5, false],
  ])('a cancel deadline of %s hours: accepted %s', (hours, ok) => {
    expect(cancelHoursRequestSchema.safeParse({ hours }).success).toBe(ok)
  })
})
