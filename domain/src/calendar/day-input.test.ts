import { describe, expect, it } from 'vitest'
import { DAY_INPUT_MESSAGES, parseDayInput } from './day-input'

describe('parseDayInput', () => {
  it.each([
    ['17. 11. 2026', '2026-11-17'],
    ['17.11.2026', '2026-11-17'],
    ['17.11.26', '2026-11-17'],
    ['1. 2. 2027', '2027-02-01'],
    ['17/11/2026', '2026-11-17'],
    ['17-11-2026', '2026-11-17'],
    ['17 11 2026', '2026-11-17'],
    ['17 Nov 2026', '2026-11-17'],
    ['17 november 2026', '2026-11-17'],
    ['17. novembra 2026', '2026-11-17'],
    ['3 maj 2027', '2027-05-03'],
    ['3 May 2027', '2027-05-03'],
    ['12. avg. 2027', '2027-08-12'],
    ['Tue 17 Nov 2026', '2026-11-17'],
    ['tor., 17. 11. 2026', '2026-11-17'],
    ['čet., 19. 11. 2026', '2026-11-19'],
    ['  17.  11.  2026 ', '2026-11-17'],
    ['2026-11-17', '2026-11-17'],
    ['29. 2. 2028', '2028-02-29'],
  ])('reads %j as %s', (text, dayStr) => {
    expect(parseDayInput(text)).toEqual({ ok: true, dayStr })
  })

  it.each([
    ['', DAY_INPUT_MESSAGES.required],
    ['   ', DAY_INPUT_MESSAGES.required],
    // US month-first order is refused, never guessed.
    ['11/23/2026', DAY_INPUT_MESSAGES.invalid],
    ['11/23/26', DAY_INPUT_MESSAGES.invalid],
    ['Nov 17 2026', DAY_INPUT_MESSAGES.invalid],
    ['17. 13. 2026', DAY_INPUT_MESSAGES.invalid],
    ['0. 11. 2026', DAY_INPUT_MESSAGES.invalid],
    ['17 Foo 2026', DAY_INPUT_MESSAGES.invalid],
    ['tomorrow', DAY_INPUT_MESSAGES.invalid],
    ['17.11.', DAY_INPUT_MESSAGES.invalid],
    ['17.11.202', DAY_INPUT_MESSAGES.invalid],
    ['31. 11. 2026', DAY_INPUT_MESSAGES.noSuchDay],
    ['29. 2. 2027', DAY_INPUT_MESSAGES.noSuchDay],
    ['2026-02-30', DAY_INPUT_MESSAGES.noSuchDay],
  ])('refuses %j with a bilingual reason', (text, message) => {
    expect(parseDayInput(text)).toEqual({ ok: false, message })
  })

  it('gives every reason in both languages', () => {
    for (const message of Object.values(DAY_INPUT_MESSAGES)) {
      expect(message.sl).not.toBe('')
      expect(message.en).not.toBe('')
      expect(message.sl).not.toBe(message.en)
    }
  })
})
