// The documents of an embedded collection kept on disk only (docs/0026): a collection that is
// read only by `_id` and grows with every edit (the sync history) is not held in memory. It is
// the live view's `docs` map with lmdb behind it: lmdb reads are synchronous and memory-mapped,
// so the store's paths (staging, duplicate checks, finds, transactions) work on it as they are,
// except applying a commit (nothing to keep) and a transaction's reads of its own writes, which
// go by key, not identity; the view keeps no document, index or order of its own.
import type { Database, Transaction } from 'lmdb'
import type { Doc } from './port'

export class DiskDocs extends Map<string, Doc> {
  /** Held from before a commit until it is flushed: what readers see meanwhile. */
  #before: Transaction | undefined

  constructor(private readonly db: Database<Doc, string>) {
    super()
  }

  /**
   * Until `release`, reads see the collection as it is now. A commit's writes become readable
   * in lmdb before they are flushed; held back this way, no reader sees a change that is not
   * durable, as the in-memory view (which takes a change only after the flush) guarantees.
   */
  holdBack(): void {
    this.#before ??= this.db.useReadTransaction()
  }

  release(): void {
    this.#before?.done()
    this.#before = undefined
  }

  /** A document as decoded from disk: a new object each time, never one kept by the store. */
  override get(key: string): Doc | undefined {
    return this.db.get(key, this.#options())
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** A write is on disk by the time the view is told of it (`applyTo`): nothing to keep. */
  override set(): this {
    return this
  }

  override delete(): boolean {
    return true
  }

  override clear(): void {}

  override get size(): number {
    return this.db.getCount(this.#options())
  }

  /** Every document, in lmdb's key order. */
  override *entries(): MapIterator<[string, Doc]> {
    for (const { key, value } of this.db.getRange(this.#options())) yield [key, value]
  }

  override *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key
  }

  override *values(): MapIterator<Doc> {
    for (const [, doc] of this.entries()) yield doc
  }

  override [Symbol.iterator](): MapIterator<[string, Doc]> {
    return this.entries()
  }

  override forEach(each: (doc: Doc, key: string, map: Map<string, Doc>) => void): void {
    for (const [key, doc] of this.entries()) each(doc, key, this)
  }

  #options(): { transaction: Transaction } | undefined {
    return this.#before ? { transaction: this.#before } : undefined
  }
}
