import { describe, expect, it } from 'vitest'
import { Admission, Busy, type Timers } from './admission'

/** Timers on a clock the test moves: a timeout fires only when the test advances past it. */
class ManualTimers implements Timers {
  now = 0
  private next = 1
  private readonly due = new Map<number, { at: number; run: () => void }>()
  setTimeout = (run: () => void, ms: number) => {
    const id = this.next++
    this.due.set(id, { at: this.now + ms, run })
    return id
  }
  clearTimeout = (id: unknown) => {
    this.due.delete(id as number)
  }
  advance(ms: number) {
    this.now += ms
    for (const [id, timer] of [...this.due].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.now) continue
      this.due.delete(id)
      timer.run()
    }
  }
}

/** Lets settled promises run their callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

function track(admission: Admission, name: string, log: string[], signal?: AbortSignal) {
  const entered = admission.enter(signal)
  const outcome = entered.then(
    (release) => {
      log.push(`${name} in`)
      return release
    },
    (error: unknown) => {
      log.push(`${name} ${error instanceof Busy ? error.reason : 'error'}`)
      return null
    },
  )
  return outcome
}

describe('Admission', () => {
  it('lets `concurrency` requests in at once and the rest in arrival order', async () => {
    const timers = new ManualTimers()
    const admission = new Admission(
      { concurrency: 2, queueLength: 10, queueTimeoutMs: 1_000 },
      timers,
    )
    const log: string[] = []
    const a = track(admission, 'a', log)
    const b = track(admission, 'b', log)
    const c = track(admission, 'c', log)
    const d = track(admission, 'd', log)
    const e = track(admission, 'e', log)
    await settle()
    expect(log).toEqual(['a in', 'b in'])
    expect(admission.inProgress).toBe(2)
    expect(admission.queued).toBe(3)

    ;(await b)?.()
    await settle()
    expect(log).toEqual(['a in', 'b in', 'c in'])
    ;(await a)?.()
    ;(await c)?.()
    await settle()
    expect(log).toEqual(['a in', 'b in', 'c in', 'd in', 'e in'])
    ;(await d)?.()
    ;(await e)?.()
    expect(admission.inProgress).toBe(0)
  })

  it('answers a request that waited the queue timeout as busy, not a moment before', async () => {
    const timers = new ManualTimers()
    const admission = new Admission(
      { concurrency: 1, queueLength: 10, queueTimeoutMs: 5_000 },
      timers,
    )
    const log: string[] = []
    const a = track(admission, 'a', log)
    void track(admission, 'b', log)
    await settle()
    timers.advance(4_999)
    await settle()
    expect(log).toEqual(['a in'])
    timers.advance(1)
    await settle()
    expect(log).toEqual(['a in', 'b timeout'])
    expect(admission.queued).toBe(0)
    // The timed-out request is gone: a release lets the next arrival in, no one else.
    ;(await a)?.()
    const c = track(admission, 'c', log)
    await settle()
    expect(log).toEqual(['a in', 'b timeout', 'c in'])
    ;(await c)?.()
  })

  it('refuses at once when the queue is full', async () => {
    const admission = new Admission(
      { concurrency: 1, queueLength: 1, queueTimeoutMs: 5_000 },
      new ManualTimers(),
    )
    const log: string[] = []
    void track(admission, 'a', log)
    void track(admission, 'b', log)
    void track(admission, 'c', log)
    await settle()
    expect(log).toEqual(['a in', 'c full'])
  })

  it('counts a release once, however often it is called', async () => {
    const admission = new Admission(
      { concurrency: 1, queueLength: 10, queueTimeoutMs: 5_000 },
      new ManualTimers(),
    )
    const log: string[] = []
    const a = await track(admission, 'a', log)
    void track(admission, 'b', log)
    void track(admission, 'c', log)
    a?.()
    a?.()
    await settle()
    expect(log).toEqual(['a in', 'b in'])
    expect(admission.inProgress).toBe(1)
  })

  it('drops a waiting request whose client went away', async () => {
    const admission = new Admission(
      { concurrency: 1, queueLength: 10, queueTimeoutMs: 5_000 },
      new ManualTimers(),
    )
    const log: string[] = []
    const a = track(admission, 'a', log)
    const gone = new AbortController()
    void track(admission, 'b', log, gone.signal)
    void track(admission, 'c', log)
    gone.abort()
    await settle()
    expect(admission.queued).toBe(1)
    ;(await a)?.()
    await settle()
    expect(log).toEqual(['a in', 'b aborted', 'c in'])
  })

  it('admits at once without a wait only when there is room and nobody waits', async () => {
    const admission = new Admission(
      { concurrency: 2, queueLength: 10, queueTimeoutMs: 5_000 },
      new ManualTimers(),
    )
    const first = admission.tryEnter()
    const second = admission.tryEnter()
    expect(first).not.toBeNull()
    expect(second).not.toBeNull()
    expect(admission.tryEnter()).toBeNull()
    const log: string[] = []
    void track(admission, 'waiting', log)
    first?.()
    // The freed slot went to the one waiting, so a newcomer still finds no room.
    expect(admission.tryEnter()).toBeNull()
    await settle()
    expect(log).toEqual(['waiting in'])
    expect(admission.inProgress).toBe(2)
  })
})
