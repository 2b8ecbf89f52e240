// In-memory view of one embedded collection, and the staged changes of one write.
//
// A write never touches the live view directly: it stages its changes, the stage is committed to
// lmdb and flushed to disk, and only then applied. Readers therefore never see a change that is
// not durable yet, and a write that fails (duplicate key, disk error) leaves the view unchanged.
import { DiskDocs } from './embedded-disk'
import { noteWrite, type IdOrder } from './embedded-order'
import { indexEntries, indexName, keyValue } from './index-keys'
import { DuplicateKeyError, type Doc, type IndexSpec } from './port'

export interface CollectionState {
  /** lmdb key (canonical `_id`) → document, in insertion order for this process. */
  readonly docs: Map<string, Doc>
  /** `${index name}\0${index entry}` → lmdb key of the one document holding it (unique indexes). */
  readonly owners: Map<string, string>
  /**
   * `${index name}\0${index entry}` → the documents holding it by lmdb key (non-unique indexes),
   * in the order they came to hold it: an equality find on an indexed field reads these
   * documents instead of all, and a find with a limit reads only the first ones, with no lookup
   * in `docs` per document (docs/0018-find-under-load.md). Kept by every applied write, as `docs`
   * is, so a posting never holds a version the view has replaced.
   */
  readonly postings: Map<string, Posting>
  readonly indexes: IndexSpec[]
  /**
   * The documents with the lowest and the highest `_id` (in MongoDB's order), kept up to date by
   * every applied write, or undefined until first asked (and after either one is deleted): the
   * change log's claim reads its last number on every push (docs/0006), which a sort of the
   * whole log made slower as the log grew.
   */
  ends?: { low: Doc; high: Doc } | undefined
  /** Every key in `_id` order, or undefined until first asked (embedded-order.ts). */
  order?: IdOrder | undefined
}

/** The documents of one index entry, by lmdb key. */
export type Posting = Map<string, Doc>

/**
 * The first documents of a posting as a read-only find last answered them (a frozen array of
 * frozen documents, embedded-read.ts), kept until the posting next changes: a participant's page
 * read again is the same array, so the data API keeps its encoded bytes by that array
 * (docs/0054-find-under-load.md). Dropped by every change of the posting, so never stale.
 */
const pages = new WeakMap<Posting, readonly Doc[]>()

/** The kept first page of `posting`, if it has not changed since it was kept. */
export const keptPage = (posting: Posting): readonly Doc[] | undefined => pages.get(posting)

/** Keeps `page` (frozen, the posting's first documents in order) until the posting changes. */
export function keepPage(posting: Posting, page: readonly Doc[]): void {
  pages.set(posting, page)
}

export function emptyState(indexes: IndexSpec[] = []): CollectionState {
  return { docs: new Map(), owners: new Map(), postings: new Map(), indexes }
}

/** Adds a document's entries to the postings of one non-unique index. */
export function post(state: CollectionState, spec: IndexSpec, key: string, doc: Doc) {
  for (const slot of ownerSlots(doc, spec)) postIn(state, slot, key, doc)
}

/**
 * Moves a document from its old version's entries of one non-unique index to its new one's. An
 * entry both versions hold keeps its place and gets the new version, as in `docs` and as in a
 * MongoDB index: editing a participant's record does not move it to the end of their answer.
 */
function repost(
  state: CollectionState,
  spec: IndexSpec,
  key: string,
  old: Doc | undefined,
  doc: Doc | null,
) {
  const kept = doc ? ownerSlots(doc, spec) : []
  if (old)
    for (const slot of ownerSlots(old, spec)) if (!kept.includes(slot)) unpost(state, slot, key)
  for (const slot of kept) postIn(state, slot, key, doc as Doc)
}

function postIn(state: CollectionState, slot: string, key: string, doc: Doc): void {
  const posting = state.postings.get(slot)
  if (posting) {
    posting.set(key, doc)
    pages.delete(posting)
  } else state.postings.set(slot, new Map([[key, doc]]))
}

function unpost(state: CollectionState, slot: string, key: string): void {
  const posting = state.postings.get(slot)
  if (!posting) return
  posting.delete(key)
  pages.delete(posting)
  if (posting.size === 0) state.postings.delete(slot)
}

export function slotOf(spec: IndexSpec, entry: string): string {
  return `${indexName(spec)}\0${entry}`
}

export function ownerSlots(doc: Doc, spec: IndexSpec): string[] {
  return indexEntries(doc, spec).map((entry) => slotOf(spec, entry))
}

/** Changes of one write on top of a state; later operations of a batch see earlier ones. */
export class Stage {
  /** lmdb key → new document, or null when deleted. */
  readonly docs = new Map<string, Doc | null>()
  readonly owners = new Map<string, string | null>()

  constructor(
    private readonly base: CollectionState,
    private readonly collection: string,
  ) {}

  get(key: string): Doc | null {
    return this.docs.has(key) ? this.docs.get(key)! : (this.base.docs.get(key) ?? null)
  }

  /** The lmdb key of the document holding a unique-index slot, if any. */
  owner(slot: string): string | null {
    return this.owners.has(slot) ? this.owners.get(slot)! : (this.base.owners.get(slot) ?? null)
  }

  get indexes(): readonly IndexSpec[] {
    return this.base.indexes
  }

  /**
   * The documents holding a non-unique index slot, or undefined when this stage has changes of
   * its own (the postings describe the live view only, so the caller scans instead).
   */
  posted(slot: string): Doc[] | undefined {
    if (this.docs.size > 0) return undefined
    const posting = this.base.postings.get(slot)
    return posting ? [...posting.values()] : []
  }

  /** Every document as this write sees it, in natural order. */
  all(): Doc[] {
    if (this.docs.size === 0) return [...this.base.docs.values()]
    const out: Doc[] = []
    for (const [key, doc] of this.base.docs) {
      const staged = this.docs.has(key) ? this.docs.get(key) : doc
      if (staged) out.push(staged)
    }
    for (const [key, doc] of this.docs) if (doc && !this.base.docs.has(key)) out.push(doc)
    return out
  }

  /** Writes (or with null deletes) one document; throws before changing anything on a duplicate. */
  put(key: string, doc: Doc | null): void {
    const taken: string[] = []
    if (doc) {
      for (const spec of this.base.indexes) {
        if (!spec.unique) continue
        for (const slot of ownerSlots(doc, spec)) {
          const owner = this.owner(slot)
          if (owner !== null && owner !== key) {
            throw new DuplicateKeyError(this.collection, keyValue(doc, spec))
          }
          taken.push(slot)
        }
      }
    }
    // The old version only frees its unique slots; a collection without indexes (every one kept
    // on disk only) need not read it.
    const old = this.base.indexes.length > 0 ? this.get(key) : null
    if (old) {
      for (const spec of this.base.indexes) {
        if (spec.unique) for (const slot of ownerSlots(old, spec)) this.owners.set(slot, null)
      }
    }
    for (const slot of taken) this.owners.set(slot, key)
    this.docs.set(key, doc)
  }

  /** Makes the stage part of the live view (after it is durable). */
  applyTo(state: CollectionState): void {
    if (state.docs instanceof DiskDocs) {
      // On disk already, with no index; its `_id` ends and order, known by identity, are made
      // anew when next asked (embedded-order.ts).
      state.ends = undefined
      state.order = undefined
      return
    }
    for (const [slot, owner] of this.owners) {
      if (owner === null) state.owners.delete(slot)
      else state.owners.set(slot, owner)
    }
    const secondary = state.indexes.filter((spec) => !spec.unique)
    for (const [key, doc] of this.docs) {
      const old = state.docs.get(key)
      for (const spec of secondary) repost(state, spec, key, old, doc)
      if (doc === null) state.docs.delete(key)
      else state.docs.set(key, doc)
      noteWrite(state, key, old, doc)
    }
  }
}
