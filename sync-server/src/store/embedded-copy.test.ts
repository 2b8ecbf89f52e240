import { describe, expect, it } from 'vitest'
import { copyDoc, storedCopy } from './embedded-copy'

describe('copyDoc', () => {
  it('copies a document so that nothing in the copy is shared with the original', () => {
    const original = {
      _id: 'x',
      stamps: { mark: { hlc: '1', user: 'u' } },
      list: [1, { deep: ['a'] }],
      at: new Date('2026-01-02T00:00:00Z'),
      bytes: new Uint8Array([1, 2]),
      nothing: null,
      gone: undefined,
    }
    const copy = copyDoc(original)
    expect(copy).toEqual(original)
    copy.stamps.mark.user = 'changed'
    ;(copy.list[1] as { deep: string[] }).deep.push('b')
    copy.at.setTime(0)
    copy.bytes[0] = 9
    expect(original.stamps.mark.user).toBe('u')
    expect(original.list).toEqual([1, { deep: ['a'] }])
    expect(original.at.getTime()).toBe(Date.parse('2026-01-02T00:00:00Z'))
    expect(original.bytes[0]).toBe(1)
    expect(Object.hasOwn(copy, 'gone')).toBe(true)
  })

  it('keeps a field named __proto__ a plain field, never the prototype', () => {
    const original = JSON.parse('{"a":1,"__proto__":{"polluted":true}}') as Record<string, unknown>
    const copy = copyDoc(original)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['a', '__proto__'])
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('copies a cycle as structuredClone does, and refuses a function as it does', () => {
    const looped: Record<string, unknown> = { a: 1 }
    looped.self = looped
    const copy = copyDoc(looped)
    expect(copy.a).toBe(1)
    expect(copy).not.toBe(looped)
    expect(() => copyDoc({ run: () => 1 })).toThrow()
  })
})

describe('storedCopy', () => {
  const frozenThrough = (value: unknown): boolean =>
    value === null ||
    typeof value !== 'object' ||
    (Object.isFrozen(value) && Object.values(value).every(frozenThrough))

  it('copies plain data frozen all the way down, sharing nothing with the original', () => {
    const original = { _id: 'x', stamps: { mark: { hlc: '1' } }, list: [1, { deep: ['a'] }] }
    const stored = storedCopy(original)
    expect(stored).toEqual(original)
    expect(frozenThrough(stored)).toBe(true)
    expect(stored.stamps).not.toBe(original.stamps)
    expect(Object.isFrozen(original) || Object.isFrozen(original.stamps)).toBe(false)
  })

  it('leaves a document holding more than plain data an ordinary copy, not frozen', () => {
    for (const original of [
      { _id: 'x', at: new Date(0), nested: { a: 1 } },
      JSON.parse('{"_id":"x","__proto__":{"polluted":true}}') as Record<string, unknown>,
    ]) {
      const stored = storedCopy(original)
      expect(stored).toEqual(copyDoc(original))
      expect(Object.isFrozen(stored)).toBe(false)
    }
  })
})
