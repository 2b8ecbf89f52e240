// The MongoDB store: the official driver, one client per URI shared by every database opened on
// it. Two things keep it interchangeable with the embedded store: missing `_id`s get the same
// generated string id (also on upsert, where MongoDB would make an ObjectId), and duplicate-key
// errors (E11000) become DuplicateKeyError. Every query runs within a time budget (`maxTimeMS`),
// and an error MongoDB raises because of what a call asked becomes a StoreRefusal, so a client's
// bad query is answered 400 (or 503 past the budget), never 500 (docs/0003-bounded-queries.md).
import { QUERY_TIME_BUDGET_MS } from '@lfit/domain/access/limits'
import {
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type Collection as DriverCollection,
  type Document,
  type Filter,
  type UpdateFilter,
} from 'mongodb'
import { filterEqualities } from './filter-equality'
import { newId, withId } from './id'
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

interface SharedClient {
  client: Promise<MongoClient>
  users: number
}

const clients = new Map<string, SharedClient>()

export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  let shared = clients.get(uri)
  if (!shared) {
    // ignoreUndefined: an undefined field is absent, as it is for the embedded store (the driver
    // would otherwise store null).
    const client = new MongoClient(uri, { ignoreUndefined: true }).connect()
    shared = { client, users: 0 }
    clients.set(uri, shared)
    client.catch(() => clients.delete(uri))
  }
  shared.users++
  const db = (await shared.client).db(dbName)
  const entry = shared
  let closed = false
  const store: Store = {
    kind: 'mongodb',
    collection: (name) => new MongoCollection(db.collection(name), name),
    // Sequential calls, each acknowledged (durable) before the next begins.
    transaction: (work) => work(store),
    async watch(name) {
      const stream = db.collection(name).watch([], { maxAwaitTimeMS: 10_000 })
      try {
        // Opens the stream now, so a server without change streams says so here, not later.
        await stream.tryNext()
      } catch (error) {
        await stream.close().catch(() => undefined)
        throw error
      }
      return {
        next: async () => {
          await stream.next()
        },
        close: () => stream.close(),
      }
    },
    drop: async () => {
      await db.dropDatabase()
    },
    close: async () => {
      if (closed) return
      closed = true
      if (--entry.users > 0) return
      clients.delete(uri)
      await (await entry.client).close()
    },
  }
  return store
}

class MongoCollection implements Collection {
  constructor(
    private readonly coll: DriverCollection<Document>,
    private readonly name: string,
  ) {}

  async find(query: Query, options: FindOptions = {}): Promise<Doc[]> {
    const { sort, skip, limit, projection } = options
    const cursor = this.coll.find(query as Filter<Document>, {
      ...(sort && { sort }),
      ...(skip && { skip }),
      ...(limit && { limit }),
      ...(projection && { projection }),
      maxTimeMS: QUERY_TIME_BUDGET_MS,
    })
    return (await this.mapErrors(() => cursor.toArray())) as Doc[]
  }

  async findById(id: unknown): Promise<Doc | null> {
    return (await this.mapErrors(() =>
      this.coll.findOne({ _id: id } as Filter<Document>, { maxTimeMS: QUERY_TIME_BUDGET_MS }),
    )) as Doc | null
  }

  async findOne(query: Query, options: FindOptions = {}): Promise<Doc | null> {
    const [first] = await this.find(query, { ...options, limit: 1 })
    return first ?? null
  }

  count(query: Query): Promise<number> {
    return this.mapErrors(() =>
      this.coll.countDocuments(query as Filter<Document>, { maxTimeMS: QUERY_TIME_BUDGET_MS }),
    )
  }

  async insert(docs: Doc | readonly Doc[]): Promise<{ insertedIds: unknown[] }> {
    const list = (Array.isArray(docs) ? docs : [docs as Doc]).map(withId)
    if (list.length === 0) return { insertedIds: [] }
    await this.mapErrors(() => this.coll.insertMany(list as Document[], { ordered: true }))
    return { insertedIds: list.map((d) => d._id) }
  }

  async upsert(
    filter: Query,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<UpdateResult> {
    const upsert = options.upsert ?? true
    const result = await this.mapErrors(() =>
      this.coll.updateOne(filter as Filter<Document>, withInsertId(filter, update, upsert), {
        upsert,
        maxTimeMS: QUERY_TIME_BUDGET_MS,
      }),
    )
    const counts = { matched: result.matchedCount, modified: result.modifiedCount }
    return result.upsertedId == null ? counts : { ...counts, upsertedId: result.upsertedId }
  }

  async findOneAndUpdate(
    filter: Query,
    update: Update,
    options: FindOneAndUpdateOptions = {},
  ): Promise<Doc | null> {
    const upsert = options.upsert ?? false
    const doc = await this.mapErrors(() =>
      this.coll.findOneAndUpdate(filter as Filter<Document>, withInsertId(filter, update, upsert), {
        upsert,
        returnDocument: options.returnDocument ?? 'after',
        includeResultMetadata: false,
      }),
    )
    return doc as Doc | null
  }

  async bulkUpsert(ops: readonly BulkUpsertOp[]): Promise<BulkUpsertResult> {
    if (ops.length === 0) return { matched: 0, modified: 0, upserted: 0 }
    const result = await this.mapErrors(() =>
      this.coll.bulkWrite(
        ops.map((op) => ({
          updateOne: {
            filter: op.filter as Filter<Document>,
            update: withInsertId(op.filter, op.update, true),
            upsert: true,
          },
        })),
        { ordered: true },
      ),
    )
    return {
      matched: result.matchedCount,
      modified: result.modifiedCount,
      upserted: result.upsertedCount,
    }
  }

  async save(doc: Doc): Promise<void> {
    const stored = withId(doc)
    await this.mapErrors(() =>
      this.coll.replaceOne({ _id: stored._id } as Filter<Document>, stored, { upsert: true }),
    )
  }

  async deleteOne(filter: Query): Promise<{ deleted: number }> {
    const result = await this.mapErrors(() =>
      this.coll.deleteOne(filter as Filter<Document>, { maxTimeMS: QUERY_TIME_BUDGET_MS }),
    )
    return { deleted: result.deletedCount }
  }

  async deleteMany(filter: Query): Promise<{ deleted: number }> {
    const result = await this.coll.deleteMany(filter as Filter<Document>)
    return { deleted: result.deletedCount }
  }

  async aggregate(pipeline: Pipeline): Promise<Doc[]> {
    const cursor = this.coll.aggregate(pipeline as Document[], { maxTimeMS: QUERY_TIME_BUDGET_MS })
    return (await this.mapErrors(() => cursor.toArray())) as Doc[]
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    await this.mapErrors(() =>
      this.coll.createIndex(spec.key, {
        ...(spec.unique && { unique: true }),
        ...(spec.name && { name: spec.name }),
      }),
    )
  }

  private async mapErrors<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      const key = duplicateKey(error)
      if (key) throw new DuplicateKeyError(this.name, key)
      throw storeRefusal(error) ?? error
    }
  }
}

/** MaxTimeMSExpired and ExceededTimeLimit: the call ran out of its time budget. */
const TIMEOUT_CODES = new Set([50, 262])

/**
 * Codes that say something about the server, not the request: network, shutdown, elections,
 * authorisation, locks, write conflicts, disk space. Any other error MongoDB answers to a call
 * (a bad operand, a stage argument of the wrong type, a value an expression cannot convert) is
 * caused by what the call asked.
 */
// prettier-ignore
const SERVER_CODES = new Set([
  6, 7, 13, 18, 24, 46, 89, 91, 112, 189, 251, 8000, 9001, 10107, 11000, 11600, 11602, 13435,
  13436, 14031,
])

export function storeRefusal(error: unknown): StoreRefusal | null {
  if (!(error instanceof MongoServerError) || typeof error.code !== 'number') return null
  if (TIMEOUT_CODES.has(error.code)) return new StoreRefusal('queryTimeout', { cause: error })
  const transient = (error.errorLabels ?? []).length > 0
  if (transient || SERVER_CODES.has(error.code)) return null
  return new StoreRefusal('badRequest', { cause: error })
}

/**
 * An upsert that may insert gets a generated string `_id` unless the filter or the update already
 * fixes it; MongoDB itself would generate an ObjectId.
 */
function withInsertId(filter: Query, update: Update, upsert: boolean): UpdateFilter<Document> {
  const set = update.$set as Record<string, unknown> | undefined
  const onInsert = update.$setOnInsert as Record<string, unknown> | undefined
  const fixed =
    '_id' in filterEqualities(filter) || set?._id !== undefined || onInsert?._id !== undefined
  if (!upsert || fixed) return update as UpdateFilter<Document>
  return { ...update, $setOnInsert: { ...onInsert, _id: newId() } }
}

function duplicateKey(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof MongoServerError)) return null
  if (error instanceof MongoBulkWriteError) {
    const first = error.writeErrors
    const writeErrors = Array.isArray(first) ? first : [first]
    const dup = writeErrors.find((e) => e.code === 11000)
    if (dup) return (dup.err?.keyValue as Record<string, unknown> | undefined) ?? {}
  }
  if (error.code !== 11000) return null
  return (error.keyValue as Record<string, unknown> | undefined) ?? {}
}
