// Where resumable uploads wait for their last byte: DATA_DIR/uploads, one file and one `.json`
// per upload (the tus file store). Staging is bounded (docs/0031-bounded-uploads.md): each
// uploader may hold so many unfinished uploads and so many declared bytes, all uploaders together
// so many bytes, and none starts when the disk would be left with less than a floor. An upload is
// counted at its declared length from the moment it is created, so two hundred creates of 4 GiB
// are refused at the cap, not after they have filled the disk. A timer removes the uploads nobody
// finished within their time, whether or not anyone uploads again.
import { readdirSync, readFileSync } from 'node:fs'
import { statfs } from 'node:fs/promises'
import { join } from 'node:path'
import { FileStore as TusFileStore } from '@tus/file-store'
import type { Config } from '../config'
import { ApiError } from '../http/errors'

interface Staged {
  uploader: string
  /** The declared Upload-Length. */
  size: number
  /** When it was created, by the server's clock. */
  createdAt: number
}

export interface UploadStaging {
  readonly directory: string
  readonly store: TusFileStore
  /**
   * Counts a new upload against the caps, or refuses it (413 over the uploader's share, 507 when
   * the server's staging or disk is full). Synchronous over the in-memory count, so two creates
   * at once cannot both take the last place; the disk check comes first.
   */
  admit(id: string, uploader: string, size: number, name: string): Promise<void>
  /** The upload is finished, given up or was never created: it no longer counts. */
  release(id: string): void
  /** Removes the uploads older than their time; answers how many. */
  sweep(): Promise<number>
  /** Sweeps every `sweepEveryMs` until stopped; the timer never keeps the process alive. */
  start(): void
  stop(): void
}

const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024))

export function openUploadStaging(options: {
  dataDir: string
  limits: Config['uploads']
  clock: () => number
}): UploadStaging {
  const { limits, clock } = options
  const directory = join(options.dataDir, 'uploads')
  const store = new TusFileStore({
    directory,
    // What tus itself checks a piece against (and answers as Upload-Expires); the sweep below
    // uses the server's clock.
    expirationPeriodInMilliseconds: limits.stagedForMs,
  })
  // A length given later could not be counted against the caps when the upload starts.
  store.extensions = store.extensions.filter((name) => name !== 'creation-defer-length')
  const staged = readStaged(directory)
  let timer: NodeJS.Timeout | undefined

  function totals(uploader?: string) {
    let bytes = 0
    let count = 0
    for (const upload of staged.values()) {
      if (uploader !== undefined && upload.uploader !== uploader) continue
      bytes += upload.size
      count += 1
    }
    return { bytes, count }
  }

  async function freeBytes(): Promise<number> {
    const disk = await statfs(directory).catch(() => statfs(options.dataDir))
    return disk.bavail * disk.bsize
  }

  return {
    directory,
    store,
    async admit(id, uploader, size, name) {
      const free = await freeBytes()
      if (free - size < limits.minFreeDiskBytes) {
        throw new ApiError('uploadStorageFull', { name })
      }
      const own = totals(uploader)
      if (own.count + 1 > limits.stagedMaxCountPerUser) {
        throw new ApiError('uploadQuotaExceeded', {
          name,
          count: limits.stagedMaxCountPerUser,
          limit: megabytes(limits.stagedMaxBytesPerUser),
        })
      }
      if (own.bytes + size > limits.stagedMaxBytesPerUser) {
        throw new ApiError('uploadQuotaExceeded', {
          name,
          count: limits.stagedMaxCountPerUser,
          limit: megabytes(limits.stagedMaxBytesPerUser),
        })
      }
      if (totals().bytes + size > limits.stagedMaxBytes) {
        throw new ApiError('uploadStorageFull', { name })
      }
      staged.set(id, { uploader, size, createdAt: clock() })
    },
    release(id) {
      staged.delete(id)
    },
    async sweep() {
      const before = clock() - limits.stagedForMs
      let removed = 0
      for (const [id, upload] of [...staged]) {
        if (upload.createdAt >= before) continue
        staged.delete(id)
        // Already gone (finished or given up meanwhile) is as good as removed.
        await store.remove(id).catch(() => undefined)
        removed += 1
      }
      // Uploads this process does not count (staged by another instance sharing the folder, or
      // a record it could not read at start) expire by their own record's date.
      return removed + (await store.deleteExpired().catch(() => 0))
    },
    start() {
      if (timer) return
      timer = setInterval(() => void this.sweep().catch(() => 0), limits.sweepEveryMs)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}

/** The uploads staged before this start, from their `.json` records (the tus file store's). */
function readStaged(directory: string): Map<string, Staged> {
  const staged = new Map<string, Staged>()
  let names: string[]
  try {
    names = readdirSync(directory)
  } catch {
    return staged // Nothing staged yet.
  }
  for (const name of names) {
    if (!name.endsWith('.json')) continue
    try {
      const upload = JSON.parse(readFileSync(join(directory, name), 'utf8')) as {
        size?: number
        creation_date?: string
        metadata?: { uploadedBy?: string }
      }
      staged.set(name.slice(0, -'.json'.length), {
        uploader: upload.metadata?.uploadedBy ?? '',
        size: upload.size ?? 0,
        createdAt: Date.parse(upload.creation_date ?? '') || 0,
      })
    } catch {
      // A record cut short by a crash: counted as nothing; tus answers its upload as gone.
    }
  }
  return staged
}
