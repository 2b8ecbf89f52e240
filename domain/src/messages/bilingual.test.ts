import { describe, expect, it } from 'vitest'
import { fillMessage, joinBilingual, splitBilingual } from './bilingual'

describe('splitBilingual', () => {
  it.each([
    ['spec form', 'obvezno EN required', { sl: 'obvezno', en: 'required' }],
    [
      'multi-word halves',
      'številka ni veljavna EN mobile number not valid',
      { sl: 'številka ni veljavna', en: 'mobile number not valid' },
    ],
    ['only the first EN splits', 'a EN b EN c', { sl: 'a', en: 'b EN c' }],
    ['EN inside a word does not split', 'ENOTA', { sl: 'ENOTA', en: 'ENOTA' }],
    [
      'no English half: same text both ways',
      'To polje je obvezno',
      { sl: 'To polje je obvezno', en: 'To polje je obvezno' },
    ],
  ])('%s', (_label, text, expected) => {
    expect(splitBilingual(text)).toEqual(expected)
  })

  it('join is the inverse of split', () => {
    expect(joinBilingual(splitBilingual('obvezno EN required'))).toBe('obvezno EN required')
  })
})

describe('fillMessage', () => {
  it.each([
    ['fills a placeholder', 'Page not found: {path}', { path: '/x' }, 'Page not found: /x'],
    ['fills numbers', 'Max {n}', { n: 5 }, 'Max 5'],
    ['keeps a missing placeholder visible', 'Page not found: {path}', {}, 'Page not found: {path}'],
  ])('%s', (_label, text, params, expected) => {
    expect(fillMessage(text, params)).toBe(expected)
  })
})
