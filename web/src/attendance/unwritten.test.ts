import { describe, expect, it } from 'vitest'
import { settled, unwrittenOf, withUnwritten, writeQueue, type Unwritten } from './unwritten'

const day = 'day:lfit_20261117'
const list: Unwritten[] = [
  { key: 0, sheet: day, participant: 'ana', fields: { mark: 'present' } },
  { key: 1, sheet: day, participant: 'bor', fields: { mark: 'late' } },
  { key: 2, sheet: 'day:lfit_20261118', participant: 'ana', fields: { mark: 'absent' } },
  { key: 3, sheet: day, participant: 'ana', fields: { note: 'came at 10:15' } },
  { key: 4, sheet: day, participant: 'ana', fields: { mark: 'absent' } },
]

describe('edits shown before they are on disk', () => {
  it('shows a person’s edits on their sheet over the record, the newest of a field winning', () => {
    const record = { mark: null, note: '', participant: 'ana' }
    const mine = unwrittenOf(list, day, 'ana')
    expect(mine.map((u) => u.key)).toEqual([0, 3, 4])
    expect(withUnwritten(record, mine)).toEqual({
      mark: 'absent',
      note: 'came at 10:15',
      participant: 'ana',
    })
    expect(withUnwritten(record, [])).toBe(record)
  })

  it('drops an edit once its write has ended, and only that one', () => {
    expect(settled(list, 3).map((u) => u.key)).toEqual([0, 1, 2, 4])
  })

  it('writes in the order asked, one at a time, and goes on after a failed write', async () => {
    const inOrder = writeQueue()
    const log: string[] = []
    let running = 0
    const write = (name: string, fails = false) =>
      inOrder(async () => {
        running++
        expect(running).toBe(1)
        log.push(`start ${name}`)
        await new Promise((resolve) => setTimeout(resolve, name === 'first' ? 20 : 1))
        log.push(`end ${name}`)
        running--
        if (fails) throw new Error(`${name} refused`)
        return name
      })
    const results = await Promise.allSettled([
      write('first'),
      write('second', true),
      write('third'),
    ])
    expect(log).toEqual([
      'start first',
      'end first',
      'start second',
      'end second',
      'start third',
      'end third',
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })
})
