import { describe, expect, it } from 'vitest'
import { freshFields, freshRows } from './fresh-rows'

describe('the edits a row shows before the list', () => {
  it('keeps each row’s written edits in order until the list shows them, telling the rows', () => {
    const fresh = freshRows()
    let told = 0
    const stop = fresh.subscribe(() => told++)
    fresh.add('ana', { id: 'a1', fields: { mark: 'present' } })
    fresh.add('ana', { id: 'a2', fields: { mark: 'absent' } })
    fresh.add('bor', { id: 'b1', fields: { note: 'late bus' } })
    expect(told).toBe(3)
    expect(freshFields(fresh.of('ana'))).toEqual({ mark: 'absent' })
    expect(fresh.of('ana')?.map((edit) => edit.id)).toEqual(['a1', 'a2'])

    // The list has rendered the first of Ana's edits: the second is still the row's own.
    const bor = fresh.of('bor')
    fresh.shownByList(new Set(['a1']))
    expect(fresh.of('ana')?.map((edit) => edit.id)).toEqual(['a2'])
    expect(fresh.of('bor')).toBe(bor)
    fresh.shownByList(new Set(['a1', 'a2', 'b1']))
    expect(fresh.of('ana')).toBeUndefined()
    expect(fresh.of('bor')).toBeUndefined()
    expect(told).toBe(5)

    // Nothing left to drop: the rows are not told again.
    fresh.shownByList(new Set(['a1']))
    expect(told).toBe(5)
    stop()
    fresh.add('ana', { id: 'a3', fields: { mark: null } })
    expect(told).toBe(5)
  })

  it('answers the later value where two edits set one field', () => {
    expect(
      freshFields([
        { id: '1', fields: { mark: 'present', note: 'x' } },
        { id: '2', fields: { mark: null } },
      ]),
    ).toEqual({ mark: null, note: 'x' })
    expect(freshFields(undefined)).toEqual({})
  })
})
