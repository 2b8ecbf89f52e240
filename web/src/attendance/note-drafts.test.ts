import { describe, expect, it } from 'vitest'
import { readDrafts, withDraft } from './note-drafts'

describe('unsaved notes', () => {
  it.each([
    ['nothing stored', null, {}],
    [
      'stored drafts',
      '{"lfit_20261117:hana":"came at 10"}',
      { 'lfit_20261117:hana': 'came at 10' },
    ],
    ['not JSON', '{oops', {}],
    ['not an object', '["a"]', {}],
    ['values that are not text are left out', '{"a":1,"b":"x"}', { b: 'x' }],
  ] as const)('%s', (_label, stored, drafts) => {
    expect(readDrafts(stored)).toEqual(drafts)
  })

  it('sets and removes one draft, leaving the others', () => {
    const one = withDraft({}, 'd1:hana', 'late train')
    const two = withDraft(one, 'd2:ana', 'left early')
    expect(two).toEqual({ 'd1:hana': 'late train', 'd2:ana': 'left early' })
    expect(withDraft(two, 'd1:hana', null)).toEqual({ 'd2:ana': 'left early' })
    expect(one).toEqual({ 'd1:hana': 'late train' })
  })
})
