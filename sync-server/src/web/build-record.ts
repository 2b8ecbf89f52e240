// A record the web build writes beside the app (builds/*.json), read by the server: parsed again
// only when the file changes (a new build may be written while the server runs). No file, or one
// that does not parse: `none`, so the server answers as if the build said nothing.
import { existsSync, readFileSync, statSync } from 'node:fs'

/** The record in `file` as `parse` makes it of the file's JSON (throwing when it does not fit). */
export function buildRecordIn<T>(file: string, parse: (json: unknown) => T, none: T): () => T {
  let read: { changed: number; value: T } | null = null
  return () => {
    const changed = existsSync(file) ? statSync(file).mtimeMs : -1
    if (read?.changed === changed) return read.value
    let value = none
    try {
      if (changed >= 0) value = parse(JSON.parse(readFileSync(file, 'utf8')))
    } catch {
      value = none
    }
    read = { changed, value }
    return value
  }
}
