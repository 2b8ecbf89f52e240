// Large API answers are sent gzipped to a client that accepts it: a pull page of attendance is
// msgpack with the same field names and ids over and over, and a phone pulling 30,000 records
// over mobile data would otherwise fetch them uncompressed (the site's `compress` middleware in
// web/site.ts never sees an API answer: the API has answered before it runs). Small answers (a
// find of 50 documents) stay as they are: compressing them costs the server more per call than
// the bytes it saves (docs/0018-find-under-load.md).
import { promisify } from 'node:util'
import { constants, gzip } from 'node:zlib'

/** Answers at least this long are compressed; a find of 50 records is about a third of it. */
export const COMPRESS_FROM_BYTES = 32 * 1024

/**
 * Level 1, the fastest: a pull page of 4,000 records (790 KB) took 1 ms and came to 50 KB, where
 * the default level took 4.4 ms for 43 KB. The work runs on libuv's thread pool, off the event
 * loop that answers everyone else.
 */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED }

const gzipAsync = promisify(gzip)

/**
 * Whether an Accept-Encoding header allows gzip: listed (or `*`) without `q=0`. Absent or empty,
 * nothing but the bytes as they are.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0{0,3})?\s*$/i.test(param))
    if (coding === '*') wildcard = !refused
    else return !refused
  }
  return wildcard
}

export async function gzipped(body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return (await gzipAsync(body, GZIP_OPTIONS)) as Uint8Array<ArrayBuffer>
}
