// The narrow storage port the API needs. Both adapters (MongoDB over the wire, embedded on disk)
// implement it and pass one contract suite, so the API never knows which one it runs on.

export type Doc = { _id?: unknown } & Record<string, unknown>

/** A MongoDB query document; the API allow-lists its operators before it reaches a store. */
export type Query = Record<string, unknown>

/** A MongoDB update document with operators ($set, $setOnInsert, $inc, $max, $push, $pull, $unset). */
export type Update = Record<string, unknown>

/** An aggregation pipeline; the API allow-lists its stages before it reaches a store. */
export type Pipeline = readonly Record<string, unknown>[]

export interface FindOptions {
  sort?: Record<string, 1 | -1>
  skip?: number
  limit?: number
  projection?: Record<string, 0 | 1>
  /**
   * The caller only reads the answer (encodes it at once): the embedded store may then answer
   * its own documents, frozen, instead of copies, and then the answer array is frozen too (a
   * frozen answer holds only documents that never change). Without it every answer is the
   * caller's own.
   */
  readOnly?: boolean
}

export interface IndexSpec {
  key: Record<string, 1 | -1>
  unique?: boolean
  name?: string
}

export interface UpdateResult {
  matched: number
  modified: number
  /** Set when the update inserted a new document. */
  upsertedId?: unknown
}

export interface BulkUpsertOp {
  filter: Query
  update: Update
}

export interface BulkUpsertResult {
  matched: number
  modified: number
  upserted: number
}

export interface FindOneAndUpdateOptions {
  upsert?: boolean
  /** Which version to answer: the document after the update (default) or before it. */
  returnDocument?: 'before' | 'after'
}

export interface Collection {
  find(query: Query, options?: FindOptions): Promise<Doc[]>
  findById(id: unknown): Promise<Doc | null>
  findOne(query: Query, options?: FindOptions): Promise<Doc | null>
  count(query: Query): Promise<number>
  /** Inserts one or more documents; a missing `_id` gets a generated string id. */
  insert(docs: Doc | readonly Doc[]): Promise<{ insertedIds: unknown[] }>
  /** updateOne; with `upsert` (default true) a missing document is created from filter + update. */
  upsert(filter: Query, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>
  /** Atomic read-modify-write of one document (counters, compare-and-set). */
  findOneAndUpdate(
    filter: Query,
    update: Update,
    options?: FindOneAndUpdateOptions,
  ): Promise<Doc | null>
  /** Many upserts in one round trip; each op is atomic on its own, the batch is not. */
  bulkUpsert(ops: readonly BulkUpsertOp[]): Promise<BulkUpsertResult>
  /** Replaces the document with the same `_id`, or inserts it. */
  save(doc: Doc): Promise<void>
  deleteOne(filter: Query): Promise<{ deleted: number }>
  deleteMany(filter: Query): Promise<{ deleted: number }>
  aggregate(pipeline: Pipeline): Promise<Doc[]>
  ensureIndex(spec: IndexSpec): Promise<void>
}

/** One database. `db` query values select among configured databases, each its own Store. */
export interface Store {
  readonly kind: 'mongodb' | 'embedded'
  collection(name: string): Collection
  /** Removes every collection of this database (tests and demo re-seeding only). */
  drop(): Promise<void>
  close(): Promise<void>
  /**
   * Runs `work` against a store whose writes become durable together, once `work` is done: the
   * embedded store stages them (reads through the given store see them) and commits them in one
   * lmdb transaction with one flush; MongoDB runs them as the sequential calls they are, each
   * acknowledged on its own. Not all-or-nothing: if `work` throws, what it wrote before stays,
   * as after sequential calls. Inside, `aggregate`, `ensureIndex`, `drop` and `close` are refused.
   * Optional so that test doubles need not implement it; call it through `inTransaction`.
   */
  transaction?<T>(work: (store: Store) => Promise<T>): Promise<T>
  /**
   * MongoDB only: a change stream on `collection`, so other server processes learn of writes at
   * once (the live feed, sync-server/src/live/feed.ts). Rejects where the server has none (a
   * standalone server, mongo-java-server); the caller then polls.
   */
  watch?(collection: string): Promise<ChangeWatch>
}

/** A change stream: `next` resolves at the next write to the collection, rejects on failure. */
export interface ChangeWatch {
  next(): Promise<void>
  close(): Promise<void>
}

/** `store.transaction(work)`, or `work(store)` for a store without transactions. */
export function inTransaction<T>(store: Store, work: (store: Store) => Promise<T>): Promise<T> {
  return store.transaction ? store.transaction(work) : work(store)
}

/** Thrown by insert, upsert, save and bulkUpsert when a unique index (or `_id`) would repeat. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly key: Record<string, unknown>,
  ) {
    super(`duplicate key in ${collection}: ${JSON.stringify(key)}`)
    this.name = 'DuplicateKeyError'
  }
}

/**
 * The store refused a call because of what it asked (`badRequest`: a type the query cannot
 * compare, a stage argument it cannot use; `aggregateTooLarge`: a pipeline multiplying its
 * documents beyond the bound) or stopped it at its time budget (`queryTimeout`).
 * Either is the request's answer, never a server fault; the reason is an API error code.
 */
export class StoreRefusal extends Error {
  constructor(
    readonly reason: 'badRequest' | 'queryTimeout' | 'aggregateTooLarge',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'queryTimeout' ? 'store time budget exceeded' : 'store refused the request',
      options,
    )
    this.name = 'StoreRefusal'
  }
}
