// Work a request starts but does not wait for: the forgotten-password request is answered before
// its address is looked up, so the answer is the same and comes as soon whether or not the
// address has an account (docs/0030-links-logins-and-answers.md). The work runs one task at a
// time, in order; the queue is bounded, so a flood of requests holds no more than that.
import type { Log } from '../http/log'

/** Tasks waiting at most; beyond it a task is dropped (and logged), never the answer delayed. */
export const MAX_WAITING = 200

export class AfterAnswer {
  private waiting = 0
  private tail: Promise<void> = Promise.resolve()

  constructor(
    private readonly log: Log,
    private readonly max = MAX_WAITING,
  ) {}

  /**
   * Queues `task`. The log names it by `kind` and the request that queued it, never by an
   * address (it may be a stranger's), and says when it is done.
   */
  queue(kind: string, requestId: string, task: () => Promise<void>): void {
    if (this.waiting >= this.max) {
      this.log.warn('work after the answer dropped: the queue is full', { kind, requestId })
      return
    }
    this.waiting += 1
    this.tail = this.tail
      .then(task)
      .then(() => this.log.info('work after the answer done', { kind, requestId }))
      .catch((error: unknown) => {
        this.log.error('work after the answer failed', {
          kind,
          requestId,
          error: error instanceof Error ? error.message : String(error),
        })
      })
      .finally(() => {
        this.waiting -= 1
      })
  }
}
