// Photo work that cannot starve the server (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
// Making a photo's sizes decodes its original: up to 100 megapixels, seconds of every core and
// hundreds of MB. Eight such edits at once took a server to 1.45 GB and held an unrelated request
// for 13 s, because sharp's jobs filled libuv's thread pool, which file reads wait for too. So:
// - at most IMAGE_CONCURRENCY sizes are made at once, IMAGE_QUEUE_LENGTH more wait their turn,
//   and one more is refused with 503 and Retry-After before anything is read;
// - libvips gets at most the cores but one, shared between those turns;
// - one photo's edits run one after another, the read of the photo included, so two turns at
//   once make a half turn instead of one turn lost to the other's save.
import { availableParallelism } from 'node:os'
import type { Context } from 'hono'
import sharp from 'sharp'
import { Admission, Busy, busy } from '../http/admission'
import type { AppEnv } from '../http/env'

export interface ImageLimits {
  /** Sizes made at once (IMAGE_CONCURRENCY). */
  concurrency: number
  /** Image work waiting at most (IMAGE_QUEUE_LENGTH); one more is refused at once. */
  queueLength: number
}

/**
 * Longest wait for a turn: the whole queue of 100-megapixel edits, a few seconds each, on a
 * busy machine. A client waiting longer has most likely given up.
 */
const TURN_WAIT_MS = 120_000

/**
 * sharp's own thread count, read before anything sets it: the cores, or 1 on glibc Linux without
 * jemalloc, where more threads fragment memory.
 */
const SHARP_DEFAULT_THREADS = sharp.concurrency()

/**
 * libvips threads per image: the cores but one, shared by the turns, at least one each, and
 * never more than sharp's own default.
 */
export function imageThreads(
  concurrency: number,
  cores = availableParallelism(),
  fallback = SHARP_DEFAULT_THREADS,
): number {
  return Math.max(1, Math.min(fallback, Math.floor((cores - 1) / concurrency)))
}

export class PhotoWork {
  /** Image work admitted and not finished: waiting for its photo, for a turn, or running. */
  private admitted = 0
  private readonly turns: Admission
  /** The last edit queued on each photo (or upload); an edit starts when the one before ends. */
  private readonly last = new Map<string, Promise<unknown>>()

  constructor(private readonly limits: ImageLimits) {
    this.turns = new Admission({
      concurrency: limits.concurrency,
      queueLength: limits.queueLength,
      queueTimeoutMs: TURN_WAIT_MS,
    })
    // sharp's settings are the process's: every app of it sets the same ones.
    sharp.concurrency(imageThreads(limits.concurrency))
  }

  /** Runs `edit` of the photo (or upload) `key` after the edits of it before; no image work. */
  async edit<T>(key: string, edit: () => Promise<T>): Promise<T> {
    const before = this.last.get(key)
    const mine = (before ?? Promise.resolve()).catch(() => undefined).then(edit)
    const settled = mine.catch(() => undefined)
    this.last.set(key, settled)
    try {
      return await mine
    } finally {
      if (this.last.get(key) === settled) this.last.delete(key)
    }
  }

  /**
   * Runs `work`, which makes sizes of the photo (or upload) `key`, after its edits before and
   * in an image turn; refused with 503 photoWorkBusy when the queue is full or the turn does
   * not come in time.
   */
  async image<T>(c: Context<AppEnv>, key: string, work: () => Promise<T>): Promise<T> {
    if (this.admitted >= this.limits.concurrency + this.limits.queueLength) {
      throw busy(c, 'photoWorkBusy')
    }
    this.admitted += 1
    try {
      return await this.edit(key, async () => {
        let release: () => void
        try {
          release = await this.turns.enter()
        } catch (error) {
          if (error instanceof Busy) throw busy(c, 'photoWorkBusy')
          throw error
        }
        try {
          return await work()
        } finally {
          release()
        }
      })
    } finally {
      this.admitted -= 1
    }
  }
}
