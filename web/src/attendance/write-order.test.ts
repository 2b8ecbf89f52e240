import { describe, expect, it } from 'vitest'
import { writeQueue } from './write-order'

describe('the writes of one sheet', () => {
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
