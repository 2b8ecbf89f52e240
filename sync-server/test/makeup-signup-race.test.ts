// A sign-up that arrives while the cancellation of the same person's sign-up is still giving its
// place back (docs/product-rules.md#make-ups-and-attendance-rules): the one race the HTTP test of
// a sign-up and its cancellation at once met only now and then (one round in a few thousand, on
// a loaded machine). Here the cancellation is held at the moment it gives the place back, so the
// sign-up meets it there every time, on both stores.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UserDirectory } from '../src/auth/users'
import { OutboxMailer } from '../src/mail/outbox'
import { ensurePlaceIndexes, MAKEUP_PLACES } from '../src/makeups/places'
import { MAKEUP_SESSIONS, MAKEUP_SIGNUPS } from '../src/makeups/sessions'
import { MakeupSignups } from '../src/makeups/signups'
import type { Collection, Store } from '../src/store/port'
import { START, STORE_KINDS, openTestStore, type OpenedStore } from './harness'
import { MAKEUP_SESSION } from './makeup-session'

// Stored as the editor's create stores it: not cancelled, no place taken yet.
const SESSION = { ...MAKEUP_SESSION, capacity: 1, cancelled: false, taken: 0 }
const PERSON = 'p01@test.lfit'
const READS = ['find', 'findOne', 'findById', 'count'] as const

/**
 * The store, with the places' deletes held while `hold` is set: a held delete waits until the
 * sign-up has read the places `readsBeforeGoing` more times, or has answered.
 */
function withHeldRelease(store: Store) {
  const gate = { hold: false, held: false, readsAfter: 0, go: () => {}, reached: () => {} }
  const going = new Promise<void>((resolve) => (gate.go = resolve))
  const reached = new Promise<void>((resolve) => (gate.reached = resolve))
  const readsBeforeGoing = 3
  const places = (inner: Collection): Collection =>
    new Proxy(inner, {
      get(target, name: keyof Collection) {
        const method = target[name]
        if (typeof method !== 'function') return method
        if (name === 'deleteOne' && gate.hold) {
          return async (...args: Parameters<Collection['deleteOne']>) => {
            gate.held = true
            gate.reached()
            await going
            return target.deleteOne(...args)
          }
        }
        if ((READS as readonly string[]).includes(name) && gate.held) {
          if (++gate.readsAfter >= readsBeforeGoing) gate.go()
        }
        return (method as (...args: unknown[]) => unknown).bind(target)
      },
    })
  const held: Store = new Proxy(store, {
    get(target, name: keyof Store) {
      if (name === 'collection') {
        return (collection: string) =>
          collection === MAKEUP_PLACES
            ? places(target.collection(collection))
            : target.collection(collection)
      }
      const value = target[name]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { store: held, gate, reached }
}

describe.each(STORE_KINDS)('a sign-up meeting its own cancellation on the %s store', (kind) => {
  let db: OpenedStore
  let signups: MakeupSignups

  beforeEach(async () => {
    db = await openTestStore(kind)
    const clock = () => START
    signups = new MakeupSignups({
      users: new UserDirectory(async () => db.store, clock),
      mailer: new OutboxMailer(async () => db.store, clock),
      clock,
    })
    await ensurePlaceIndexes(db.store)
    await db.store.collection(MAKEUP_SESSIONS).insert(SESSION)
  })
  afterEach(() => db.close())

  it('gets the place its cancellation is giving back, and says so (the only place, nobody waiting)', async () => {
    const { store, gate, reached } = withHeldRelease(db.store)
    expect((await signups.signUp(store, SESSION._id, PERSON, PERSON)).status).toBe('confirmed')
    gate.hold = true
    const cancelling = signups.cancel(store, SESSION._id, PERSON, PERSON)
    // The cancellation has stored 'cancelled' and now waits to give the place back.
    await reached
    const signingUp = signups.signUp(store, SESSION._id, PERSON, PERSON)
    const answer = await signingUp.finally(() => gate.go())
    expect((await cancelling).status).toBe('cancelled')
    expect(answer.status).toBe('confirmed')
    const stored = await db.store.collection(MAKEUP_SIGNUPS).findOne({ participant: PERSON })
    expect(stored?.status).toBe('confirmed')
    expect(await db.store.collection(MAKEUP_PLACES).count({ session: SESSION._id })).toBe(1)
    const session = await db.store.collection(MAKEUP_SESSIONS).findById(SESSION._id)
    expect(session?.taken).toBe(1)
  })
})
