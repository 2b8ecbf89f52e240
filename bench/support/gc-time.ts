// The garbage collector's pauses in this process, so a benchmark can say how much of a timed run
// they took: the client, the server and the peer share one heap here, and a young-generation
// collection that lands inside a run (a push's commit is the first point it yields, so a pause
// due from the work before often lands there) is paid by that run whichever side made the
// garbage (docs/0027). Figures only; nothing asserts on them.
import { PerformanceObserver } from 'node:perf_hooks'

export interface GcWatch {
  /** Milliseconds of collection that started between `from` and `to` (performance.now()). */
  pausedBetween(from: number, to: number): Promise<number>
  stop(): void
}

export function watchGc(): GcWatch {
  const pauses: { start: number; duration: number }[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.push({ start: entry.startTime, duration: entry.duration })
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    async pausedBetween(from, to) {
      // Entries are delivered after the task that saw the pause: one turn of the loop brings them.
      await new Promise((resolve) => setImmediate(resolve))
      let paused = 0
      for (const { start, duration } of pauses) {
        if (start >= from && start < to) paused += duration
      }
      return paused
    },
    stop() {
      observer.disconnect()
    },
  }
}
