// A greeting names the person on one line, even by a name stored before names were checked
// (docs/0030-links-logins-and-answers.md): a line break in it cannot start a line of its own.
import { describe, expect, it } from 'vitest'
import { greeting } from './compose'

describe('greeting', () => {
  it.each([
    ['Ana', { sl: 'Pozdravljeni, Ana!', en: 'Hello Ana,' }],
    [
      'Ana\r\n\r\nYour account is closed: https://evil.example',
      {
        sl: 'Pozdravljeni, Ana Your account is closed: https://evil.example!',
        en: 'Hello Ana Your account is closed: https://evil.example,',
      },
    ],
    ['\n', { sl: 'Pozdravljeni!', en: 'Hello,' }],
  ])('%j', (stored, expected) => {
    expect(greeting(stored)).toEqual(expected)
  })
})
