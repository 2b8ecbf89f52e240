// The generic data operations (docs/access-policy.md) once the policy has granted the call: every query,
// update, document and pipeline is checked against the caller's fields and the operator
// allow-lists before the store sees it, the grant's row filter is added to every filter, and
// answers carry only readable fields. A refusal throws before anything is written.
import {
  checkDocument,
  checkFieldNames,
  checkQuery,
  checkUpdate,
  type Refusal,
} from '@lfit/domain/access/operators'
import { checkPipeline } from '@lfit/domain/access/pipeline'
import {
  mayLookup,
  mayTestHash,
  SECRET_FIELDS,
  type Caller,
  type CollectionPolicy,
  type Permit,
} from '@lfit/domain/access/policy'
import { ApiError } from '../http/errors'
import type { Doc, Query, Store } from '../store/port'
import { verifyPassword } from '../auth/passwords'
import { parseBody } from '../http/body'
import { pack, Packed, PackedArray, packedItem } from '../http/msgpack'
import { MAX_DOCUMENTS, PAYLOADS } from './payloads'
import { PUBLIC_RECORDS } from './records'
import type { z } from 'zod'

export interface CallContext {
  store: Store
  collection: string
  policy: CollectionPolicy
  permit: Permit
  caller: Caller
  body: unknown
  /** When the call arrived, by the server's clock (a sign-up for a day that has passed is refused). */
  now: number
  /** Counts one attempt of a rate-limited operation; throws when over the limit. */
  attempt: (scope: string) => void
}

export type Payload<K extends keyof typeof PAYLOADS> = z.infer<(typeof PAYLOADS)[K]>

/** Throws the refusal as the API error of the same name. */
export function refuse(refusal: Refusal | null): void {
  if (!refusal) return
  const { code, key, max } = refusal
  const param = code === 'forbiddenOperator' || code === 'unsafeRegex' ? 'operator' : 'field'
  throw new ApiError(code, { [param]: key.slice(0, 100), ...(max === undefined ? {} : { max }) })
}

export function parsePayload<K extends keyof typeof PAYLOADS>(name: K, body: unknown): Payload<K> {
  const parsed = PAYLOADS[name].safeParse(body)
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'body'
    throw new ApiError('invalidValue', { field })
  }
  return parsed.data as Payload<K>
}

/** The caller's query narrowed to the rows they may touch. */
export function withRows(query: Query, rows: Permit['rows']): Query {
  if (!rows) return query
  return Object.keys(query).length === 0 ? { ...rows } : { $and: [query, rows] }
}

/** A document as the caller may see it: `_id` and readable fields, never a secret. */
export function visible(doc: Doc, readable: readonly string[]): Doc {
  const out: Doc = { _id: doc._id }
  for (const field of readable) {
    if (field in doc && !SECRET_FIELDS.includes(field)) out[field] = doc[field]
  }
  return out
}

const fieldsOf = (ctx: CallContext) => ({
  readable: ctx.permit.readable,
  exact: ctx.policy.exact ?? [],
})

function checkedQuery(ctx: CallContext, query: Record<string, unknown> | undefined): Query {
  const given = query ?? {}
  refuse(checkQuery(given, fieldsOf(ctx)))
  return withRows(given, ctx.permit.rows)
}

function checkedOptions(ctx: CallContext, opts: Payload<'find'>['opts']) {
  const options = opts ?? {}
  refuse(
    checkFieldNames(
      [...Object.keys(options.sort ?? {}), ...Object.keys(options.projection ?? {})],
      fieldsOf(ctx),
    ),
  )
  // Read only: every answer below is copied field by field (visible) and encoded at once.
  const limit = Math.min(options.limit || MAX_DOCUMENTS, MAX_DOCUMENTS)
  return { ...options, limit, readOnly: true }
}

/**
 * The msgpack of the documents of a frozen answer as a caller with these readable fields sees
 * them. A frozen answer (the embedded store's read-only one, store/port.ts) holds documents that
 * never change: a write stores a new one, so their bytes cannot go stale, and they are dropped
 * with it. Kept per readable list (the policy's, one constant array per grant), then per
 * document: one lookup per document, and one test per answer whether to keep them at all.
 */
const packedDocs = new WeakMap<readonly string[], WeakMap<Doc, Uint8Array>>()

/**
 * The whole answer's msgpack per readable list, then per frozen answer array. The embedded store
 * answers a read-only index lookup with the same frozen array until that index entry changes
 * (store/embedded-state.ts), so a participant's page asked for again is one lookup here, not 50
 * lookups and a copy of each document's bytes (docs/0054-find-under-load.md). An answer array
 * made for one call only is dropped with it, and its bytes (the answer's body anyway) with it.
 */
const packedAnswers = new WeakMap<readonly string[], WeakMap<readonly Doc[], Packed>>()

function keptFor<K extends WeakKey, V>(
  kept: WeakMap<readonly string[], WeakMap<K, V>>,
  readable: readonly string[],
): WeakMap<K, V> {
  let byKey = kept.get(readable)
  if (!byKey) kept.set(readable, (byKey = new WeakMap()))
  return byKey
}

function packedVisible(
  doc: Doc,
  readable: readonly string[],
  kept: WeakMap<Doc, Uint8Array> | null,
): Uint8Array {
  if (!kept) return packedItem(visible(doc, readable))
  let bytes = kept.get(doc)
  if (!bytes) kept.set(doc, (bytes = packedItem(visible(doc, readable))))
  return bytes
}

/** The caller's readable fields of each match, packed as the answer (see packedVisible). */
export async function find(ctx: CallContext): Promise<Packed> {
  const { query, opts } = parsePayload('find', ctx.body)
  const filter = checkedQuery(ctx, query)
  const docs = await ctx.store.collection(ctx.collection).find(filter, checkedOptions(ctx, opts))
  const { readable } = ctx.permit
  // A projection makes new documents on every call: their bytes are not worth keeping.
  if (opts?.projection || !Object.isFrozen(docs)) {
    return new Packed(pack(new PackedArray(docs.map((doc) => packedVisible(doc, readable, null)))))
  }
  const answers = keptFor(packedAnswers, readable)
  const known = answers.get(docs)
  if (known) return known
  const byDoc = keptFor(packedDocs, readable)
  const answer = new Packed(
    pack(new PackedArray(docs.map((doc) => packedVisible(doc, readable, byDoc)))),
  )
  answers.set(docs, answer)
  return answer
}

export async function findOne(ctx: CallContext): Promise<Doc | null> {
  const { query, opts } = parsePayload('findOne', ctx.body)
  const filter = checkedQuery(ctx, query)
  const doc = await ctx.store.collection(ctx.collection).findOne(filter, checkedOptions(ctx, opts))
  return doc && visible(doc, ctx.permit.readable)
}

export async function findById(ctx: CallContext): Promise<Doc | null> {
  const { _id } = parsePayload('findById', ctx.body)
  const doc = await ctx.store
    .collection(ctx.collection)
    .findOne(withRows({ _id }, ctx.permit.rows), { readOnly: true })
  return doc && visible(doc, ctx.permit.readable)
}

/**
 * Runs a checked pipeline after the caller's rows and fields: the stages see only what the
 * caller could read with find, whatever fields they name.
 */
export async function aggregate(ctx: CallContext): Promise<Doc[]> {
  const { pipeline } = parsePayload('aggregate', ctx.body)
  refuse(checkPipeline(pipeline, (from) => mayLookup(from, ctx.caller)))
  const projection = Object.fromEntries(['_id', ...ctx.permit.readable].map((f) => [f, 1]))
  const rows = ctx.permit.rows ? [{ $match: ctx.permit.rows }] : []
  // An answer holds at most what a find may answer; MongoDB stops producing documents there.
  const docs = await ctx.store
    .collection(ctx.collection)
    .aggregate([...rows, { $project: projection }, ...pipeline, { $limit: MAX_DOCUMENTS }])
  return docs.map((doc) => withoutSecrets(doc))
}

function withoutSecrets(doc: Doc): Doc {
  const copy = { ...doc }
  for (const field of SECRET_FIELDS) delete copy[field]
  return copy
}

/**
 * A document as the caller may write it: writable fields only. Under an own-rows grant its
 * owner field is the caller, whatever the payload said; naming someone else is refused rather
 * than silently corrected.
 */
export function owned(ctx: CallContext, doc: Record<string, unknown>): Doc {
  const { own } = ctx.permit
  const exact = ctx.policy.exact ?? []
  if (!own) {
    refuse(checkDocument(doc, ctx.permit.writable, exact))
    return doc
  }
  const { [own]: owner, ...rest } = doc
  if (owner !== undefined && owner !== ctx.caller?.username) throw new ApiError('forbidden')
  refuse(checkDocument(rest, ctx.permit.writable, exact))
  return { ...rest, [own]: ctx.caller?.username }
}

export async function insert(ctx: CallContext): Promise<{ insertedIds: unknown[] }> {
  const { insert: given } = parsePayload('insert', ctx.body)
  // Records anyone may create have a fixed shape; the others are written by trusted editors.
  const shape = PUBLIC_RECORDS[ctx.collection]
  const docs = (Array.isArray(given) ? given : [given]).map((doc) => {
    const checked = owned(ctx, doc)
    return shape ? parseBody(shape(ctx.now), checked) : checked
  })
  return ctx.store.collection(ctx.collection).insert(docs)
}

/**
 * Sets the given fields of the document with this `_id`, creating it when missing (the API's
 * "_id plus fields"); fields not named stay as they are. Under an own-rows grant someone else's
 * document with this id is never matched, so it cannot be overwritten.
 */
export async function save(ctx: CallContext): Promise<{ ok: true }> {
  const { _id, ...fields } = parsePayload('save', ctx.body)
  const { _id: _ignored, ...doc } = owned(ctx, fields)
  if (Object.keys(doc).length === 0) throw new ApiError('invalidValue', { field: 'fields' })
  await ctx.store
    .collection(ctx.collection)
    .upsert(withRows({ _id }, ctx.permit.rows), { $set: doc })
  return { ok: true }
}

export async function upsert(ctx: CallContext) {
  const { query, update } = parsePayload('upsert', ctx.body)
  refuse(checkUpdate(update, ctx.permit.writable, ctx.policy.exact ?? []))
  const filter = checkedQuery(ctx, query)
  return ctx.store.collection(ctx.collection).upsert(filter, update)
}

export async function deleteOne(ctx: CallContext): Promise<{ deleted: number }> {
  const { _id } = parsePayload('deleteOne', ctx.body)
  return ctx.store.collection(ctx.collection).deleteOne(withRows({ _id }, ctx.permit.rows))
}

/**
 * Whether a value matches a hashed field of the first matching document. Answers only yes or
 * no, for fields and callers the policy names, and counts as an attempt like a login.
 */
export async function testHash(ctx: CallContext): Promise<{ match: boolean }> {
  const { query, field, unhashedValue } = parsePayload('testHash', ctx.body)
  if (!mayTestHash(ctx.collection, field, ctx.caller)) throw new ApiError('forbidden')
  const filter = checkedQuery(ctx, query)
  ctx.attempt('testHash')
  const doc = await ctx.store.collection(ctx.collection).findOne(filter)
  return { match: await verifyPassword(doc?.[field], unhashedValue) }
}
