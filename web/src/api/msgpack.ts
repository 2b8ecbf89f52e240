// The API's wire format (msgpack), apart from the client that calls it: the library loads with
// the first call's body, not with the first page, so a visitor's home page, which calls nothing
// before it is touched, does not download it (docs/0052-what-a-visitor-downloads.md).
import { Packr } from 'msgpackr'

const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Packs a body for fetch (msgpackr's buffer, typed as the plain Uint8Array fetch accepts). */
export function encodeBody(value: unknown): Uint8Array<ArrayBuffer> {
  return packr.pack(value) as Uint8Array<ArrayBuffer>
}

export function decodeBody(bytes: Uint8Array): unknown {
  return bytes.length === 0 ? undefined : packr.unpack(bytes)
}
