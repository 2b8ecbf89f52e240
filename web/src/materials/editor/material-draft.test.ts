import { describe, expect, it } from 'vitest'
import { emptyMaterial, type MaterialRecord } from '@lfit/domain/materials/material'
import { materialProblems, preparedMaterial } from './material-draft'

const base: MaterialRecord = {
  ...emptyMaterial('m1'),
  titleSl: 'Dihanje',
  years: [2],
  visibility: 'participants',
}

describe('the material form rules', () => {
  it.each<[string, Partial<MaterialRecord>, Record<string, string>]>([
    ['a titled material for a year', {}, {}],
    ['an English title alone', { titleSl: '', titleEn: 'Breathing' }, {}],
    ['no title in either language', { titleSl: '  ', titleEn: '' }, { title: 'titleMissing' }],
    ['a link without an address', { kind: 'link', url: '' }, { url: 'urlInvalid' }],
    ['a link to a script', { kind: 'link', url: 'javascript:alert(1)' }, { url: 'urlInvalid' }],
    ['a link to a web page', { kind: 'link', url: 'https://example.org/a' }, {}],
    ['participants of no year or project', { years: [] }, { years: 'noReaders' }],
    ['project material without a year', { years: [], projects: ['LFIT2025'] }, {}],
    ['staff material without a year', { years: [], visibility: 'staff' }, {}],
    ['restricted without educators', { visibility: 'restricted' }, { educators: 'noEducators' }],
    ['restricted to an educator', { visibility: 'restricted', educators: ['Ana Novak'] }, {}],
    ['extra material outside year 5', { segments: [99] }, { segments: 'extraMaterialYear' }],
    ['extra material of year 5', { segments: [99], years: [5] }, {}],
  ])('%s', (_, change, problems) => {
    expect(materialProblems({ ...base, ...change })).toEqual(problems)
  })

  it('saves titles trimmed, years and segments in order, no address on a document', () => {
    const prepared = preparedMaterial({
      ...base,
      titleSl: ' Dihanje ',
      years: [3, 1],
      segments: [99, 4],
      url: 'https://example.org',
    })
    expect(prepared).toMatchObject({
      titleSl: 'Dihanje',
      years: [1, 3],
      segments: [4, 99],
      url: '',
    })
  })
})
