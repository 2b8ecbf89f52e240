// Fair admission for API work. Without it every request starts at once: under 200 concurrent
// connections the store and the event loop are shared by all of them and some finds waited 10 s.
// Here at most `concurrency` requests are worked on; the rest wait in a first-come-first-served
// queue of bounded length, and a request that waited `queueTimeoutMs` (or finds the queue full)
// is answered 503 with Retry-After, which the client's retry policy and the sync engine's back-off
// already handle (docs/0007-production-defaults.md).
import type { Context, MiddlewareHandler } from 'hono'
import { ApiError, type ApiErrorBody } from './errors'
import type { AppEnv } from './env'
import { answer } from './msgpack'

export interface AdmissionOptions {
  concurrency: number
  /** Requests waiting at most; one more is refused at once. */
  queueLength: number
  queueTimeoutMs: number
}

/** The timer functions the queue uses; tests pass their own clock. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const NODE_TIMERS: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Not admitted: the queue was full, the wait timed out, or the client went away. */
export class Busy extends Error {
  constructor(readonly reason: 'full' | 'timeout' | 'aborted') {
    super(`not admitted: ${reason}`)
    this.name = 'Busy'
  }
}

interface Waiter {
  admit: () => void
  refuse: (reason: Busy['reason']) => void
}

export class Admission {
  private running = 0
  private readonly waiting: Waiter[] = []

  constructor(
    private readonly options: AdmissionOptions,
    private readonly timers: Timers = NODE_TIMERS,
  ) {}

  get inProgress(): number {
    return this.running
  }

  get queued(): number {
    return this.waiting.length
  }

  /** The release to call when the work is done, when there is room now (nobody waits); else null. */
  tryEnter(): (() => void) | null {
    if (this.running >= this.options.concurrency || this.waiting.length > 0) return null
    this.running += 1
    return this.releaser()
  }

  /**
   * Resolves with the release to call when the work is done; rejects with Busy. The signal (or
   * the function giving it, asked only when the request has to wait) ends a wait whose client
   * went away.
   */
  enter(abort?: AbortSignal | (() => AbortSignal)): Promise<() => void> {
    const release = this.tryEnter()
    if (release) return Promise.resolve(release)
    if (this.waiting.length >= this.options.queueLength) {
      return Promise.reject(new Busy('full'))
    }
    const signal = typeof abort === 'function' ? abort() : abort
    return new Promise((resolve, reject) => {
      const leave = () => {
        this.timers.clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const at = this.waiting.indexOf(waiter)
        if (at >= 0) this.waiting.splice(at, 1)
      }
      const waiter: Waiter = {
        // The slot is handed over by `release`, which already counted it as running.
        admit: () => {
          leave()
          resolve(this.releaser())
        },
        refuse: (reason) => {
          leave()
          reject(new Busy(reason))
        },
      }
      const onAbort = () => waiter.refuse('aborted')
      const timer = this.timers.setTimeout(
        () => waiter.refuse('timeout'),
        this.options.queueTimeoutMs,
      )
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  private releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting[0]
      // The finished request's slot goes straight to the longest waiter, so a newcomer arriving
      // in between cannot overtake it.
      if (next) next.admit()
      else this.running -= 1
    }
  }
}

/** Seconds a refused client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2

/** The answer to a request that was not admitted, in the API's one error shape. */
export const BUSY: ApiErrorBody = new ApiError('serverBusy').body()

/**
 * The refusal of work that found its own queue full (photo sizes, the sanitiser): 503 with
 * Retry-After, set on the context so the one error handler's answer carries it.
 */
export function busy(c: Context<AppEnv>, code: 'serverBusy' | 'photoWorkBusy'): ApiError {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS))
  return new ApiError(code)
}

/** Runs each request through `admission`; a refused one is answered 503 serverBusy. */
export function admit(admission: Admission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Admitted at once when there is room, without a promise to wait on (most requests).
    let release = admission.tryEnter()
    if (!release) {
      try {
        // The Node adapter makes a request's AbortSignal only when asked: asked only to wait.
        release = await admission.enter(() => c.req.raw.signal)
      } catch (error) {
        if (!(error instanceof Busy)) throw error
        c.header('Retry-After', String(RETRY_AFTER_SECONDS))
        return answer(c, BUSY, 503)
      }
    }
    try {
      await next()
    } finally {
      release()
    }
  }
}
