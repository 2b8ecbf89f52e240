import { describe, expect, it } from 'vitest'
import {
  lastChangeOn,
  pushChange,
  undoEdits,
  withoutChange,
  withoutEdits,
  type Change,
} from './undo'

const tap: Change = {
  id: 1,
  dayId: 'lfit_20261117',
  edits: [{ participant: 'hana', before: { mark: null }, after: { mark: 'present' } }],
}
const all: Change = {
  id: 2,
  dayId: 'lfit_20261117',
  edits: [
    { participant: 'ana', before: { mark: null }, after: { mark: 'present' } },
    { participant: 'bor', before: { mark: null }, after: { mark: 'present' } },
  ],
}
const note: Change = {
  id: 3,
  dayId: 'lfit_20261118',
  edits: [{ participant: 'hana', before: { note: 'old' }, after: { note: 'new' } }],
}

describe('undo of the last change', () => {
  it('restores the previous values, one edit per person changed', () => {
    expect(undoEdits(all)).toEqual([
      { participant: 'ana', fields: { mark: null } },
      { participant: 'bor', fields: { mark: null } },
    ])
    expect(undoEdits(note)).toEqual([{ participant: 'hana', fields: { note: 'old' } }])
  })

  it('offers the last change of the day shown, after an earlier one is undone the one before', () => {
    const stack = pushChange(pushChange(pushChange([], tap), all), note)
    expect(lastChangeOn(stack, 'lfit_20261117')).toBe(all)
    expect(lastChangeOn(stack, 'lfit_20261118')).toBe(note)
    const after = withoutChange(stack, all)
    expect(lastChangeOn(after, 'lfit_20261117')).toBe(tap)
    expect(lastChangeOn(withoutChange(after, tap), 'lfit_20261117')).toBeUndefined()
  })

  it('keeps a bounded history', () => {
    let stack: readonly Change[] = []
    for (let id = 0; id < 250; id++) stack = pushChange(stack, { ...tap, id })
    expect(stack.length).toBeLessThanOrEqual(100)
    expect(lastChangeOn(stack, tap.dayId)?.id).toBe(249)
  })

  it('an edit that changed nothing is not a change', () => {
    const same: Change = {
      id: 4,
      dayId: 'lfit_20261117',
      edits: [{ participant: 'hana', before: { mark: 'present' }, after: { mark: 'present' } }],
    }
    expect(pushChange([], same)).toEqual([])
  })

  it('takes edits whose writes failed out of their change, and a change left empty off the stack', () => {
    const stack = pushChange(pushChange([], tap), all)
    const [ana, bor] = all.edits
    const partly = withoutEdits(stack, all.id, [ana!])
    expect(lastChangeOn(partly, all.dayId)?.edits).toEqual([bor])
    const none = withoutEdits(partly, all.id, [bor!])
    expect(lastChangeOn(none, all.dayId)).toBe(tap)
    expect(withoutEdits(stack, all.id, [])).toBe(stack)
  })
})
