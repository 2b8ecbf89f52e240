// The embedded store: file-backed, no database server. lmdb (one environment per database
// directory, one sub-database per collection, documents keyed by their canonical `_id`) gives
// crash-safe durable storage; mingo gives MongoDB's query, update and aggregation semantics.
// Each collection is kept in memory as well, with its indexes and `_id` order, so reads are index
// lookups, walks in `_id` order or mingo scans (embedded-read.ts, docs/0017), except the ones
// named at open as kept on disk only (embedded-disk.ts, docs/0026); every write is serialised
// per collection, committed and flushed to disk before its promise resolves.
//
// One process owns a database directory: the in-memory view is not shared between processes.
//
// mingo runs on the server's one thread and cannot be interrupted, so there is no time budget
// here: the work of a query is bounded by the data API's operand limits instead, and an
// aggregation by a cap on the documents between two stages (docs/0003-bounded-queries.md).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { open, type Database, type RootDatabase } from 'lmdb'
import { Aggregator, Query as MingoQuery } from 'mingo'
import {
  MAX_PIPELINE_DEPTH,
  MAX_PIPELINE_DOCUMENTS,
  MAX_PIPELINE_VALUES,
} from '@lfit/domain/access/limits'
import { copyDoc, storedCopy } from './embedded-copy'
import { DiskDocs } from './embedded-disk'
import { applyUpdate, matcher, queryOptions, seedFromFilter } from './embedded-update'
import { Stage, emptyState, ownerSlots, post, type CollectionState } from './embedded-state'
import { candidatesFor, firstMatch, narrowedCandidates } from './embedded-candidates'
import { countDocs, findDocs, readOnlyDocs } from './embedded-read'
import { Transaction, type StagedWrites } from './embedded-transaction'
import { withId } from './id'
import { canonicalKey, indexName, keyValue } from './index-keys'
import {
  DuplicateKeyError,
  StoreRefusal,
  type BulkUpsertOp,
  type BulkUpsertResult,
  type Collection,
  type Doc,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexSpec,
  type Pipeline,
  type Query,
  type Store,
  type Update,
  type UpdateResult,
} from './port'

interface CatalogEntry {
  indexes: IndexSpec[]
}

interface UpdateOutcome extends UpdateResult {
  before: Doc | null
  after: Doc | null
}

const openDirs = new Set<string>()

/**
 * Opens the database `dbName` under `dataDir`. The collections named in `diskOnly` are read
 * only by `_id` and kept on disk only (docs/0026): they have no secondary index.
 */
export async function openEmbeddedStore(
  dataDir: string,
  dbName: string,
  diskOnly: readonly string[] = [],
): Promise<Store> {
  if (!/^[\w-]+$/.test(dbName)) throw new Error(`invalid database name: ${dbName}`)
  const dir = resolve(dataDir, dbName)
  if (openDirs.has(dir)) throw new Error(`embedded store ${dir} is already open in this process`)
  mkdirSync(dir, { recursive: true })
  // Documents are written as plain msgpack maps, not lmdb's default records, which without
  // shared structures define each document's keys inline anyway and cost a third more to encode
  // on the push path; documents written as records still read the same (docs/0025).
  // (`useRecords` goes to lmdb's msgpack encoder; its types do not list the encoder's options.)
  const options = { path: join(dir, 'data.mdb'), maxDbs: 1000, useRecords: false }
  const env = open(options)
  openDirs.add(dir)
  return new EmbeddedStore(env, dir, new Set(diskOnly))
}

class EmbeddedStore implements Store {
  readonly kind = 'embedded'
  readonly catalog: Database<CatalogEntry, string>
  readonly #collections = new Map<string, EmbeddedCollection>()
  #transactions: Promise<unknown> = Promise.resolve()

  constructor(
    readonly env: RootDatabase,
    private readonly dir: string,
    private readonly diskOnly: ReadonlySet<string>,
  ) {
    // '$' cannot appear in a MongoDB collection name, so the catalog never clashes with one.
    this.catalog = env.openDB<CatalogEntry, string>({ name: '$catalog' })
  }

  collection(name: string): EmbeddedCollection {
    if (!name || name.includes('$') || name.includes('\0')) {
      throw new Error(`invalid collection name: ${name}`)
    }
    let collection = this.#collections.get(name)
    if (!collection) {
      collection = new EmbeddedCollection(this, name, this.diskOnly.has(name))
      this.#collections.set(name, collection)
    }
    return collection
  }

  async drop(): Promise<void> {
    const names = new Set([...this.catalog.getKeys(), ...this.#collections.keys()])
    await Promise.all([...names].map((name) => this.collection(name).dropAll()))
  }

  /**
   * One transaction at a time (so two never wait on each other's collections); its writes are
   * staged and committed together by `Transaction.end`, in one lmdb transaction and one flush.
   */
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    const run = async () => {
      const tx = new Transaction(this)
      let result: T
      try {
        result = await work(tx.store)
      } catch (error) {
        // As after sequential calls, what was written before the failure stays.
        await tx.end()
        throw error
      }
      await tx.end()
      return result
    }
    const result = this.#transactions.then(run, run)
    this.#transactions = result.catch(() => undefined)
    return result
  }

  /**
   * Commits the stages of one write or one transaction in one lmdb transaction, waits until it is
   * flushed to disk, and only then makes it part of the live views: a reader never sees a change
   * that is not durable. The callers hold each collection's write queue.
   */
  async commit(staged: readonly { collection: EmbeddedCollection; stage: Stage }[]): Promise<void> {
    const changed = staged.filter(({ stage }) => stage.docs.size > 0)
    if (changed.length === 0) return
    // A collection kept on disk only is read from lmdb, where a commit is visible before it is
    // flushed: its readers keep the view from before until the flush.
    const onDisk = changed.flatMap(({ collection }) => collection.onDisk ?? [])
    for (const docs of onDisk) docs.holdBack()
    try {
      await this.env.transaction(() => {
        for (const { collection, stage } of changed) collection.putStaged(stage)
      })
      // Commit makes the change visible; flushed makes it durable. Acknowledge only the latter.
      await this.env.flushed
      for (const { collection, stage } of changed) collection.applyStaged(stage)
    } finally {
      for (const docs of onDisk) docs.release()
    }
  }

  async close(): Promise<void> {
    await this.#transactions
    await Promise.all([...this.#collections.values()].map((c) => c.idle()))
    await this.env.close()
    openDirs.delete(this.dir)
  }
}

class EmbeddedCollection implements Collection {
  #state: CollectionState | undefined
  #registered = false
  #queue: Promise<unknown> = Promise.resolve()
  readonly #db: Database<Doc, string>

  /** The documents, when the collection is kept on disk only (docs/0026). */
  readonly onDisk: DiskDocs | undefined

  constructor(
    private readonly store: EmbeddedStore,
    readonly name: string,
    diskOnly: boolean,
  ) {
    this.#db = store.env.openDB<Doc, string>({ name })
    this.onDisk = diskOnly ? new DiskDocs(this.#db) : undefined
  }

  /** The live view, loaded from disk on first use (lmdb reads are synchronous). */
  get state(): CollectionState {
    if (!this.#state) {
      const entry = this.store.catalog.get(this.name)
      this.#registered = entry !== undefined
      if (this.onDisk) {
        this.#state = { ...emptyState(entry?.indexes ?? []), docs: this.onDisk }
        return this.#state
      }
      const state = emptyState(entry?.indexes ?? [])
      for (const { key, value } of this.#db.getRange()) state.docs.set(key, value)
      for (const spec of state.indexes) {
        for (const [key, doc] of state.docs) {
          if (!spec.unique) post(state, spec, key, doc)
          else for (const slot of ownerSlots(doc, spec)) state.owners.set(slot, key)
        }
      }
      this.#state = state
    }
    return this.#state
  }

  /** Documents for $lookup from another collection; copies, so a pipeline cannot alter ours. */
  snapshot(): Doc[] {
    return copyDoc([...this.state.docs.values()])
  }

  async find(query: Query, options: FindOptions = {}): Promise<Doc[]> {
    // The scan passed inline, not bound to a name: tsx names a named closure on every call.
    const docs = findDocs(
      this.state,
      () => narrowedCandidates(new Stage(this.state, this.name), query),
      query,
      options,
    )
    // A copy is a new array: the caller's own, whatever findDocs handed over.
    return options.readOnly ? readOnlyDocs(docs) : (copyDoc(docs) as Doc[])
  }

  async findById(id: unknown): Promise<Doc | null> {
    const doc = this.state.docs.get(canonicalKey(id))
    return doc ? copyDoc(doc) : null
  }

  async findOne(query: Query, options: FindOptions = {}): Promise<Doc | null> {
    const [first] = await this.find(query, { ...options, limit: 1 })
    return first ?? null
  }

  async count(query: Query): Promise<number> {
    return countDocs(
      this.state,
      () => narrowedCandidates(new Stage(this.state, this.name), query),
      query,
    )
  }

  insert(docs: Doc | readonly Doc[]): Promise<{ insertedIds: unknown[] }> {
    return this.write((stage) => this.staged(stage).insert(docs))
  }

  upsert(filter: Query, update: Update, options: { upsert?: boolean } = {}) {
    return this.write((stage) => this.staged(stage).upsert(filter, update, options))
  }

  findOneAndUpdate(
    filter: Query,
    update: Update,
    options: FindOneAndUpdateOptions = {},
  ): Promise<Doc | null> {
    return this.write((stage) => this.staged(stage).findOneAndUpdate(filter, update, options))
  }

  bulkUpsert(ops: readonly BulkUpsertOp[]): Promise<BulkUpsertResult> {
    return this.write((stage) => this.staged(stage).bulkUpsert(ops))
  }

  async save(doc: Doc): Promise<void> {
    if (doc._id === undefined) {
      await this.insert(doc)
      return
    }
    await this.write((stage) => this.staged(stage).save(doc))
  }

  deleteOne(filter: Query): Promise<{ deleted: number }> {
    return this.write((stage) => this.staged(stage).deleteOne(filter))
  }

  deleteMany(filter: Query): Promise<{ deleted: number }> {
    return this.write((stage) => this.staged(stage).deleteMany(filter))
  }

  /**
   * The writes of this collection on a stage: a plain call's own (committed when it returns) or
   * a transaction's. Synchronous: a write's checks and its staged changes happen in one step.
   */
  staged(stage: Stage): StagedWrites {
    return {
      insert: (docs: Doc | readonly Doc[]): { insertedIds: unknown[] } => {
        const list: readonly Doc[] = Array.isArray(docs) ? docs : [docs as Doc]
        const insertedIds: unknown[] = []
        // Ordered, like MongoDB's insertMany: documents before a duplicate stay inserted.
        for (const input of list) {
          const doc = ownCopy(input)
          const key = canonicalKey(doc._id)
          if (stage.get(key)) throw new DuplicateKeyError(this.name, { _id: doc._id })
          stage.put(key, doc)
          insertedIds.push(doc._id)
        }
        return { insertedIds }
      },
      upsert: (filter: Query, update: Update, options: { upsert?: boolean } = {}): UpdateResult => {
        const { matched, modified, upsertedId } = this.updateOne(
          stage,
          filter,
          update,
          options.upsert ?? true,
        )
        return upsertedId === undefined ? { matched, modified } : { matched, modified, upsertedId }
      },
      findOneAndUpdate: (
        filter: Query,
        update: Update,
        options: FindOneAndUpdateOptions = {},
      ): Doc | null => {
        const outcome = this.updateOne(stage, filter, update, options.upsert ?? false)
        const doc = options.returnDocument === 'before' ? outcome.before : outcome.after
        return doc ? copyDoc(doc) : null
      },
      bulkUpsert: (ops: readonly BulkUpsertOp[]): BulkUpsertResult => {
        const result = { matched: 0, modified: 0, upserted: 0 }
        for (const op of ops) {
          const outcome = this.updateOne(stage, op.filter, op.update, true)
          result.matched += outcome.matched
          result.modified += outcome.modified
          if (outcome.upsertedId !== undefined) result.upserted++
        }
        return result
      },
      /** Replaces or inserts by `_id` (the caller gives one). */
      save: (doc: Doc): void => {
        const stored = withId(copyDoc(doc))
        stage.put(canonicalKey(stored._id), stored)
      },
      deleteOne: (filter: Query): { deleted: number } => {
        const doc = firstMatch(stage, filter)
        if (doc) stage.put(canonicalKey(doc._id), null)
        return { deleted: doc ? 1 : 0 }
      },
      deleteMany: (filter: Query): { deleted: number } => {
        const matches = candidatesFor(stage, filter).filter(matcher(filter))
        for (const doc of matches) stage.put(canonicalKey(doc._id), null)
        return { deleted: matches.length }
      },
    }
  }

  async aggregate(pipeline: Pipeline): Promise<Doc[]> {
    let input = [...this.state.docs.values()]
    let stages = pipeline.map((stage) => ({ ...stage }))
    // A leading $match is answered before any copying, so most pipelines clone little.
    const first = stages[0]
    if (first && '$match' in first) {
      const query = new MingoQuery(first.$match as Query, queryOptions)
      input = input.filter((d) => query.test(d))
      stages = stages.slice(1)
    }
    const options = {
      ...queryOptions,
      collectionResolver: (name: string) => this.store.collection(name).snapshot(),
    }
    // Stage by stage, counting what each one streams out: `$unwind` and `$lookup` multiply
    // documents, and a pipeline is stopped as soon as it holds more than the collection itself
    // or the cap, before the next document is even made.
    const most = Math.max(MAX_PIPELINE_DOCUMENTS, input.length)
    const values = Math.max(MAX_PIPELINE_VALUES, 2 * valuesIn(input, Infinity))
    let docs: Doc[] = copyDoc(input)
    for (const stage of stages) {
      const out: Doc[] = []
      for (const doc of new Aggregator([stage], options).stream(docs) as Iterable<Doc>) {
        if (out.length >= most) throw new StoreRefusal('aggregateTooLarge')
        out.push(doc)
      }
      // A stage may have made a document that holds itself or shares one sub-document many
      // times (mingo assigns `$$ROOT` by reference); measured as the tree the answer would be.
      if (valuesIn(out, values) > values) throw new StoreRefusal('aggregateTooLarge')
      docs = out
    }
    return docs
  }

  ensureIndex(spec: IndexSpec): Promise<void> {
    if (this.onDisk) {
      // Its indexes would have to be held in memory, which is what keeping it on disk avoids.
      return Promise.reject(new Error(`${this.name} is kept on disk only: no secondary index`))
    }
    return this.serialise(async () => {
      const state = this.state
      const name = indexName(spec)
      const same = state.indexes.find(
        (i) => indexName(i) === name || canonicalKey(i.key) === canonicalKey(spec.key),
      )
      if (same) {
        const identical =
          indexName(same) === name &&
          canonicalKey(same.key) === canonicalKey(spec.key) &&
          !!same.unique === !!spec.unique
        // Like MongoDB: the same index again is a no-op, a different one under its name or key fails.
        if (identical) return
        throw new Error(`index ${name} conflicts with existing index ${indexName(same)}`)
      }
      const index: IndexSpec = { key: { ...spec.key }, unique: !!spec.unique, name }
      const owners = new Map<string, string>()
      if (index.unique) {
        for (const [key, doc] of state.docs) {
          for (const slot of ownerSlots(doc, index)) {
            if (owners.has(slot)) throw new DuplicateKeyError(this.name, keyValue(doc, index))
            owners.set(slot, key)
          }
        }
      }
      const indexes = [...state.indexes, index]
      await this.store.env.transaction(() => {
        this.store.catalog.put(this.name, { indexes })
      })
      await this.store.env.flushed
      this.#registered = true
      state.indexes.push(index)
      for (const [slot, key] of owners) state.owners.set(slot, key)
      if (!index.unique) for (const [key, doc] of state.docs) post(state, index, key, doc)
    })
  }

  /** Removes every document and index (Store.drop). */
  dropAll(): Promise<void> {
    return this.serialise(async () => {
      await this.#db.clearAsync()
      await this.store.env.transaction(() => {
        this.store.catalog.remove(this.name)
      })
      await this.store.env.flushed
      this.#state = undefined
      this.#registered = false
    })
  }

  idle(): Promise<unknown> {
    return this.#queue
  }

  /** updateOne with MongoDB semantics, staged; the caller commits. */
  private updateOne(stage: Stage, filter: Query, update: Update, upsert: boolean): UpdateOutcome {
    const current = firstMatch(stage, filter)
    if (current) {
      const next = copyDoc(current)
      // mingo itself rejects a change of `_id`, as MongoDB does.
      const changed = applyUpdate(next, update, false)
      if (changed) stage.put(canonicalKey(current._id), next)
      return { matched: 1, modified: changed ? 1 : 0, before: current, after: next }
    }
    if (!upsert) return { matched: 0, modified: 0, before: null, after: null }

    const seed = seedFromFilter(filter)
    applyUpdate(seed, update, true)
    const doc = withId(seed)
    const key = canonicalKey(doc._id)
    if (stage.get(key)) throw new DuplicateKeyError(this.name, { _id: doc._id })
    stage.put(key, doc)
    return { matched: 0, modified: 0, upsertedId: doc._id, before: null, after: doc }
  }

  /** Runs one write alone on this collection, then commits what it staged (even on error). */
  private write<T>(run: (stage: Stage) => T): Promise<T> {
    return this.serialise(async () => {
      const stage = new Stage(this.state, this.name)
      let result: T
      try {
        result = run(stage)
      } catch (error) {
        // Ordered batches keep the operations before the failing one, as MongoDB does.
        await this.store.commit([{ collection: this, stage }])
        throw error
      }
      await this.store.commit([{ collection: this, stage }])
      return result
    })
  }

  /** Inside an lmdb transaction (EmbeddedStore.commit): writes what a stage holds. */
  putStaged(stage: Stage): void {
    for (const [key, doc] of stage.docs) {
      if (doc) this.#db.put(key, doc)
      else this.#db.remove(key)
    }
    if (!this.#registered) this.store.catalog.put(this.name, { indexes: this.state.indexes })
  }

  /** After the flush (EmbeddedStore.commit): the stage becomes part of the live view. */
  applyStaged(stage: Stage): void {
    this.#registered = true
    stage.applyTo(this.state)
  }

  /** Runs `task` once every write queued before it on this collection is done, and alone. */
  serialise<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(task, task)
    this.#queue = result.catch(() => undefined)
    return result
  }
}

/**
 * A copy of a document to store, its `_id` first (given or generated): one copy, not two, frozen
 * in the same walk when it is plain data (embedded-copy.ts).
 */
function ownCopy(input: Doc): Doc {
  const doc = storedCopy(input)
  // The copy's keys are the input's, in order; asked of the input, whose key list V8 keeps,
  // where a frozen copy's is made anew for every document.
  for (const first in input) {
    if (first === '_id' && doc._id !== undefined && !Array.isArray(doc._id)) return doc
    break
  }
  return withId(doc)
}

/**
 * The values in `docs` counted as a tree, stopping once past `most` or deeper than the depth
 * bound (a document that contains itself is both), so the count costs at most `most` steps.
 */
function valuesIn(docs: readonly unknown[], most: number): number {
  let count = 0
  const walk = (value: unknown, depth: number): void => {
    if (++count > most) return
    if (depth > MAX_PIPELINE_DEPTH) {
      count = most + 1
      return
    }
    if (value === null || typeof value !== 'object' || value instanceof Date) return
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      walk(item, depth + 1)
      if (count > most) return
    }
  }
  for (const doc of docs) {
    walk(doc, 0)
    if (count > most) break
  }
  return count
}
