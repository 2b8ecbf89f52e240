// One id generator for both adapters, so a document created on the embedded store and one created
// on MongoDB look alike. The shape follows MongoDB's ObjectId (24 hex digits: seconds, random,
// counter) so ids sort roughly by creation time, but it is stored as a plain string: strings
// survive msgpack, JSON and IndexedDB unchanged, ObjectIds do not.
import { randomBytes } from 'node:crypto'
import type { Doc } from './port'

const processRandom = randomBytes(5).toString('hex')
let counter = randomBytes(3).readUIntBE(0, 3)

export function newId(): string {
  counter = (counter + 1) % 0x1000000
  const seconds = Math.floor(Date.now() / 1000)
  return (
    seconds.toString(16).padStart(8, '0') + processRandom + counter.toString(16).padStart(6, '0')
  )
}

/** Gives a document its `_id` (generated when missing), placed first as MongoDB stores it. */
export function withId(doc: Doc): Doc {
  const { _id, ...rest } = doc
  if (Array.isArray(_id)) throw new Error("can't use an array for _id")
  return { _id: _id === undefined ? newId() : _id, ...rest }
}
