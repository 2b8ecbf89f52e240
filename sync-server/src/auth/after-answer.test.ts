// The work a request leaves for after its answer (docs/0030-links-logins-and-answers.md): done in
// order, one at a time; a failure is logged and the next task still runs; a full queue drops the
// new task with a warning instead of holding more.
import { describe, expect, it, vi } from 'vitest'
import { memoryLog } from '../http/log'
import { AfterAnswer } from './after-answer'

describe('AfterAnswer', () => {
  it('runs tasks in order, one at a time; a failure is logged and the rest still run', async () => {
    const log = memoryLog()
    const queue = new AfterAnswer(log)
    const done: string[] = []
    let running = 0
    const task = (name: string) => async () => {
      running += 1
      expect(running).toBe(1)
      await new Promise((resolve) => setImmediate(resolve))
      done.push(name)
      running -= 1
    }
    queue.queue('forgotPassword', 'r1', task('first'))
    queue.queue('forgotPassword', 'r2', () => Promise.reject(new Error('store down')))
    queue.queue('forgotPassword', 'r3', task('third'))
    await vi.waitFor(() => expect(done).toEqual(['first', 'third']))
    await vi.waitFor(() =>
      expect(log.lines.map((line) => [line.message, line.fields?.requestId])).toEqual([
        ['work after the answer done', 'r1'],
        ['work after the answer failed', 'r2'],
        ['work after the answer done', 'r3'],
      ]),
    )
  })

  it('holds at most its bound: a task beyond it is dropped and logged', async () => {
    const log = memoryLog()
    const queue = new AfterAnswer(log, 2)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const ran: string[] = []
    queue.queue('forgotPassword', 'r1', async () => {
      await held
      ran.push('r1')
    })
    queue.queue('forgotPassword', 'r2', async () => void ran.push('r2'))
    queue.queue('forgotPassword', 'r3', async () => void ran.push('r3'))
    expect(log.lines).toContainEqual({
      level: 'warn',
      message: 'work after the answer dropped: the queue is full',
      fields: { kind: 'forgotPassword', requestId: 'r3' },
    })
    release()
    await vi.waitFor(() => expect(ran).toEqual(['r1', 'r2']))
    // Room again once the queue has emptied.
    queue.queue('forgotPassword', 'r4', async () => void ran.push('r4'))
    await vi.waitFor(() => expect(ran).toEqual(['r1', 'r2', 'r4']))
  })
})
