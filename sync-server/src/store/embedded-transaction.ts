// A transaction on the embedded store: the collections it touches are held from first use to the
// end, reads see its own staged writes, and `end` commits every stage in one lmdb transaction
// and one flush (the push path's claim, records, commit and history: docs/0006).
import { copyDoc } from './embedded-copy'
import { candidatesFor } from './embedded-candidates'
import { DiskDocs } from './embedded-disk'
import { compileQuery, exactLookup, readOnlyDocs } from './embedded-read'
import { Stage, emptyState, ownerSlots, post, type CollectionState } from './embedded-state'
import { matcher } from './embedded-update'
import { canonicalKey } from './index-keys'
import type {
  BulkUpsertOp,
  BulkUpsertResult,
  Collection,
  Doc,
  FindOneAndUpdateOptions,
  FindOptions,
  Query,
  Store,
  Update,
  UpdateResult,
} from './port'

/** A collection's writes on a stage, checked and staged in one synchronous step each. */
export interface StagedWrites {
  insert(docs: Doc | readonly Doc[]): { insertedIds: unknown[] }
  upsert(filter: Query, update: Update, options?: { upsert?: boolean }): UpdateResult
  findOneAndUpdate(filter: Query, update: Update, options?: FindOneAndUpdateOptions): Doc | null
  bulkUpsert(ops: readonly BulkUpsertOp[]): BulkUpsertResult
  save(doc: Doc): void
  deleteOne(filter: Query): { deleted: number }
  deleteMany(filter: Query): { deleted: number }
}

/** What a transaction needs of an embedded collection. */
export interface TxBase {
  readonly name: string
  readonly state: CollectionState
  find(query: Query, options?: FindOptions): Promise<Doc[]>
  serialise<T>(task: () => Promise<T>): Promise<T>
  staged(stage: Stage): StagedWrites
}

/** What a transaction needs of the embedded store. */
export interface TxHost<C extends TxBase> {
  collection(name: string): C
  commit(staged: readonly { collection: C; stage: Stage }[]): Promise<void>
}

/**
 * The writes of one `EmbeddedStore.transaction`. Each collection it touches is held (its write
 * queue waits) from first use until the end, so what the transaction read stays true; its
 * writes are staged there and committed together by `end`.
 */
export class Transaction<C extends TxBase> {
  readonly #collections = new Map<string, TxCollection<C>>()
  readonly #done: Promise<void>
  #finish!: () => void
  readonly store: Store

  constructor(private readonly host: TxHost<C>) {
    this.#done = new Promise((resolve) => (this.#finish = resolve))
    const refuse = (what: string) => () => Promise.reject(new Error(`no ${what} in a transaction`))
    this.store = {
      kind: 'embedded',
      collection: (name) => this.collection(name),
      drop: refuse('drop'),
      close: refuse('close'),
      transaction: (work) => work(this.store),
    }
  }

  private collection(name: string): TxCollection<C> {
    let collection = this.#collections.get(name)
    if (!collection) {
      collection = new TxCollection(this.host.collection(name), this.#done)
      this.#collections.set(name, collection)
    }
    return collection
  }

  /** Commits every staged write in one lmdb transaction and one flush, then lets go. */
  async end(): Promise<void> {
    try {
      const staged = await Promise.all(
        [...this.#collections.values()].flatMap((tx) =>
          tx.held ? [tx.held.then((stage) => ({ collection: tx.base, stage }))] : [],
        ),
      )
      await this.host.commit(staged)
    } finally {
      this.#finish()
    }
  }
}

/**
 * The documents matching `query` as a transaction with staged writes sees them, unsorted. A
 * filter that is exactly an index lookup (embedded-read.ts) is answered by the same lookup twice:
 * on the live view, for the documents the transaction has not written, and on a view of its
 * staged documents alone, indexed as the collection is. The standing check in a push's
 * transaction reads the batch's participants' records by `participant: { $in }` (docs/0021):
 * testing every document of the collection, or mingo testing each staged one against the list,
 * cost more than the push. Any other filter tests every candidate.
 */
function stagedMatches(state: CollectionState, stage: Stage, query: Query): Doc[] {
  const exact = exactLookup(state, query)
  if (!exact) {
    const test = compileQuery(query)
    return candidatesFor(stage, query).filter((doc) => test.test(doc))
  }
  // The committed documents this transaction replaced or deleted, by identity: most staged
  // documents of a push are new records, and an identity test needs no key per document. A
  // collection kept on disk only decodes a new object per read, so there it is by key.
  const onDisk = state.docs instanceof DiskDocs
  const replaced = new Set<Doc>()
  const staged = emptyState(state.indexes)
  for (const [key, doc] of stage.docs) {
    const committed = onDisk ? undefined : state.docs.get(key)
    if (committed) replaced.add(committed)
    if (!doc) continue
    staged.docs.set(key, doc)
    for (const spec of state.indexes) {
      if (!spec.unique) post(staged, spec, key, doc)
      else for (const slot of ownerSlots(doc, spec)) staged.owners.set(slot, key)
    }
  }
  const out: Doc[] = []
  for (const doc of exact) {
    if (onDisk ? !stage.docs.has(canonicalKey(doc._id)) : !replaced.has(doc)) out.push(doc)
  }
  for (const doc of exactLookup(staged, query) ?? []) out.push(doc)
  return out
}

/** A collection inside a transaction: reads see the transaction's own writes. */
class TxCollection<C extends TxBase> implements Collection {
  /** Resolves once this collection's write queue is ours, with the stage writes go to. */
  held: Promise<Stage> | undefined

  constructor(
    readonly base: C,
    private readonly done: Promise<void>,
  ) {}

  private stage(): Promise<Stage> {
    this.held ??= new Promise<Stage>((resolve) => {
      void this.base.serialise(() => {
        resolve(new Stage(this.base.state, this.base.name))
        return this.done
      })
    })
    return this.held
  }

  private async staged() {
    return this.base.staged(await this.stage())
  }

  async find(query: Query, options: FindOptions = {}): Promise<Doc[]> {
    const stage = await this.stage()
    if (stage.docs.size === 0) return this.base.find(query, options)
    let docs = stagedMatches(this.base.state, stage, query)
    const { sort, skip, limit, projection } = options
    if (sort || skip || limit || projection) {
      let cursor = compileQuery({}).find<Doc>(docs, projection)
      if (sort) cursor = cursor.sort(sort)
      if (skip) cursor = cursor.skip(skip)
      if (limit) cursor = cursor.limit(limit)
      docs = cursor.all()
    }
    // A staged document is the store's own as much as a committed one (every write staged a
    // copy, none is changed in place), so a read-only answer may hold it frozen too.
    return options.readOnly ? readOnlyDocs(docs) : copyDoc(docs)
  }

  async findById(id: unknown): Promise<Doc | null> {
    const doc = (await this.stage()).get(canonicalKey(id))
    return doc ? copyDoc(doc) : null
  }

  async findOne(query: Query, options: FindOptions = {}): Promise<Doc | null> {
    const [first] = await this.find(query, { ...options, limit: 1 })
    return first ?? null
  }

  async count(query: Query): Promise<number> {
    const stage = await this.stage()
    return candidatesFor(stage, query).filter(matcher(query)).length
  }

  async insert(docs: Doc | readonly Doc[]): Promise<{ insertedIds: unknown[] }> {
    return (await this.staged()).insert(docs)
  }

  async upsert(filter: Query, update: Update, options?: { upsert?: boolean }) {
    return (await this.staged()).upsert(filter, update, options)
  }

  async findOneAndUpdate(filter: Query, update: Update, options?: FindOneAndUpdateOptions) {
    return (await this.staged()).findOneAndUpdate(filter, update, options)
  }

  async bulkUpsert(ops: readonly BulkUpsertOp[]): Promise<BulkUpsertResult> {
    return (await this.staged()).bulkUpsert(ops)
  }

  async save(doc: Doc): Promise<void> {
    if (doc._id === undefined) await this.insert(doc)
    else (await this.staged()).save(doc)
  }

  async deleteOne(filter: Query): Promise<{ deleted: number }> {
    return (await this.staged()).deleteOne(filter)
  }

  async deleteMany(filter: Query): Promise<{ deleted: number }> {
    return (await this.staged()).deleteMany(filter)
  }

  aggregate(): Promise<Doc[]> {
    return Promise.reject(new Error('no aggregate in a transaction'))
  }

  ensureIndex(): Promise<void> {
    return Promise.reject(new Error('no ensureIndex in a transaction'))
  }
}
