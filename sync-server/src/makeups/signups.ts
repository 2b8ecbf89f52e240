// Sign-ups for make-up sessions, decided on the server (docs/product-rules.md#make-ups-and-attendance-rules):
// one record per session and participant; a place while one is free, otherwise the waitlist in
// arrival order; a cancelled place goes at once to the first waitlisted, who is e-mailed. Places
// and waitlist numbers are unique-id inserts (places.ts), so concurrent requests never put two
// people in one place nor two in one waitlist position, on either store.
import type { Lang } from '@lfit/domain/messages/bilingual'
import { makeupSignupId, type MakeupSignupStatus } from '@lfit/domain/makeups/signups'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { zonedTimeToEpoch } from '@lfit/domain/schedule/time'
import type { UserDirectory } from '../auth/users'
import { ApiError } from '../http/errors'
import { placeFreedMail, sessionCancelledMail, type MakeupMailTo } from '../mail/makeups'
import type { Mailer } from '../mail/outbox'
import { DuplicateKeyError, type Doc, type Store } from '../store/port'
import {
  claimPlace,
  freePlace,
  handPlace,
  joinWaitlist,
  leaveWaitlist,
  placeHeldBy,
  placesHeld,
  releasePlace,
  waitlistAhead,
} from './places'
import { findSession, MAKEUP_SIGNUPS } from './sessions'

export interface SignupDeps {
  users: UserDirectory
  mailer: Mailer
  clock: () => number
}

/** What a sign-up request is answered. */
export interface SignupView {
  sessionId: string
  participant: string
  status: MakeupSignupStatus
  /** On the waitlist: 1 for the next in line. */
  position?: number
}

/** Claims before giving up on an editor changing the capacity again and again. */
const MAX_ATTEMPTS = 20

export class MakeupSignups {
  constructor(private readonly deps: SignupDeps) {}

  private at(): string {
    return new Date(this.deps.clock()).toISOString()
  }

  /**
   * The answer for a sign-up record as read or written by the request answering: never read
   * again, so a concurrent request of the same person cannot change what this one says it did
   * (docs/0030-links-logins-and-answers.md).
   */
  private async viewOf(
    store: Store,
    sessionId: string,
    participant: string,
    doc: Readonly<Record<string, unknown>> | null,
  ): Promise<SignupView> {
    const status = doc?.status
    if (status !== 'confirmed' && status !== 'waitlisted' && status !== 'cancelled') {
      throw new ApiError('conflict')
    }
    const view: SignupView = { sessionId, participant, status }
    if (status === 'waitlisted') {
      view.position = (await waitlistAhead(store, sessionId, doc?.order)) + 1
    }
    return view
  }

  /**
   * Signs `participant` up: confirmed while a place is free, otherwise waitlisted. Signing up
   * again while signed up or waitlisted answers the sign-up as it is.
   */
  async signUp(store: Store, sessionId: string, participant: string, by: string) {
    const found = await findSession(store, sessionId)
    if (!found) throw new ApiError('makeupSessionNotFound')
    if (!this.open(found.session)) throw new ApiError('makeupSessionClosed')
    const signups = store.collection(MAKEUP_SIGNUPS)
    const id = makeupSignupId(sessionId, participant)
    const current = await signups.findById(id)
    if (current?.status === 'confirmed' || current?.status === 'waitlisted') {
      return this.viewOf(store, sessionId, participant, current)
    }
    if (current?.status === 'deciding') return this.awaitDecision(store, sessionId, participant)
    // Hold the record first ('deciding'): of two requests of one person, only one goes on.
    const held = { status: 'deciding', signedUpAt: this.at(), by }
    if (current) {
      const taken = await signups.upsert(
        { _id: id, status: 'cancelled' },
        { $set: held, $unset: { order: '' } },
        { upsert: false },
      )
      if (taken.matched === 0) return this.awaitDecision(store, sessionId, participant)
    } else {
      try {
        await signups.insert({ _id: id, session: sessionId, participant, ...held })
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error
        // The same request twice at once (sent again from a queue): answer the first's decision.
        return this.awaitDecision(store, sessionId, participant)
      }
    }
    let decided: Awaited<ReturnType<MakeupSignups['decide']>>
    try {
      decided = await this.decide(store, sessionId, participant)
    } catch (error) {
      // Never leave the record held: the person can try again.
      await signups.upsert({ _id: id }, { $set: { status: 'cancelled' } }, { upsert: false })
      throw error
    }
    if (decided === null) {
      await signups.upsert({ _id: id }, { $set: { status: 'cancelled' } }, { upsert: false })
      throw new ApiError('makeupSessionClosed')
    }
    await signups.upsert({ _id: id, status: 'deciding' }, { $set: decided }, { upsert: false })
    if (decided.status === 'confirmed') return this.viewOf(store, sessionId, participant, decided)
    // A place freed while this one was being decided goes to the waitlist's first, who may be
    // this one: then the answer is the place, unless another request changed the sign-up since.
    await this.fillFreePlaces(store, sessionId)
    const promoted = (await signups.findById(id))?.status === 'confirmed'
    return this.viewOf(store, sessionId, participant, promoted ? { status: 'confirmed' } : decided)
  }

  /** The sign-up another request of the same person is deciding, once it is decided. */
  private async awaitDecision(store: Store, sessionId: string, participant: string) {
    const id = makeupSignupId(sessionId, participant)
    return this.viewOf(store, sessionId, participant, await this.decided(store, id))
  }

  /** The sign-up `id` once no request is deciding it any more (null if there is none). */
  private async decided(store: Store, id: string): Promise<Doc | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS * 5; attempt++) {
      const doc = await store.collection(MAKEUP_SIGNUPS).findById(id)
      if (doc?.status !== 'deciding') return doc
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new ApiError('conflict')
  }

  /** A place if one is free, otherwise the next waitlist order; null for a closed session. */
  private async decide(
    store: Store,
    sessionId: string,
    participant: string,
  ): Promise<{ status: MakeupSignupStatus; order?: string } | null> {
    await this.ownPlaceGivenBack(store, sessionId, participant)
    const found = await findSession(store, sessionId)
    if (!found || found.session.cancelled) return null
    if ((await claimPlace(store, sessionId, found.session.capacity, participant)) !== null) {
      return { status: 'confirmed' }
    }
    const order = await joinWaitlist(store, sessionId, participant)
    if (order === null) throw new ApiError('conflict')
    const after = await findSession(store, sessionId)
    if (after && !after.session.cancelled) return { status: 'waitlisted', order }
    await leaveWaitlist(store, sessionId, order)
    return null
  }

  /**
   * Waits while a place is still held in the participant's name: it is their sign-up's, which a
   * cancellation has just ended and is now giving back (or handing on). Claiming at once would
   * find the only free place taken by that same person and put them on the waitlist behind
   * their own place. Bounded: a place left by a cancellation that failed half-way is not waited
   * for longer, and the claim goes on as for anyone.
   */
  private async ownPlaceGivenBack(store: Store, sessionId: string, participant: string) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS * 5; attempt++) {
      if (!(await placeHeldBy(store, sessionId, participant))) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /**
   * Cancels the participant's sign-up (the caller checked the deadline); a confirmed place goes
   * straight to the first waitlisted, so nobody arriving meanwhile can take it ahead of them.
   */
  async cancel(store: Store, sessionId: string, participant: string, by: string) {
    const found = await findSession(store, sessionId)
    if (!found) throw new ApiError('makeupSessionNotFound')
    const signups = store.collection(MAKEUP_SIGNUPS)
    const id = makeupSignupId(sessionId, participant)
    const cancelled = { sessionId, participant, status: 'cancelled' } as const
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // A sign-up being decided is cancelled once decided: it was asked for first.
      const current = await this.decided(store, id)
      const status = current?.status
      if (status === 'cancelled') return cancelled
      if (status !== 'confirmed' && status !== 'waitlisted') {
        throw new ApiError('makeupSignupNotFound')
      }
      const changed = await signups.upsert(
        { _id: id, status },
        { $set: { status: 'cancelled', cancelledAt: this.at(), cancelledBy: by } },
        { upsert: false },
      )
      // Promoted or cancelled meanwhile: cancel what it is now.
      if (changed.matched === 0) continue
      if (status === 'confirmed') await this.handOnPlace(store, found.session, participant)
      else await leaveWaitlist(store, sessionId, current?.order)
      return cancelled
    }
    throw new ApiError('conflict')
  }

  /** The freed place of a confirmed sign-up: to the first waitlisted, or back to the session. */
  private async handOnPlace(store: Store, session: MakeupSession, from: string): Promise<void> {
    for (;;) {
      const first = await this.firstWaitlisted(store, session._id)
      if (!first) {
        await releasePlace(store, session._id, from)
        // Someone waitlisted while the place was given back gets it now.
        await this.fillFreePlaces(store, session._id)
        return
      }
      if (await this.promote(store, first, session, from)) return
    }
  }

  /** Gives free places (after a capacity rise or a race) to the waitlist, first first. */
  async fillFreePlaces(store: Store, sessionId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS;) {
      const found = await findSession(store, sessionId)
      if (!found || found.session.cancelled) return
      if ((await placesHeld(store, sessionId)) >= found.session.capacity) return
      const first = await this.firstWaitlisted(store, sessionId)
      if (!first) return
      const holder = String(first.participant)
      const n = await claimPlace(store, sessionId, found.session.capacity, holder)
      if (n === null) {
        attempt++
        continue
      }
      if (!(await this.promote(store, first, found.session))) await freePlace(store, sessionId, n)
    }
  }

  private firstWaitlisted(store: Store, sessionId: string): Promise<Doc | null> {
    return store
      .collection(MAKEUP_SIGNUPS)
      .findOne({ session: sessionId, status: 'waitlisted' }, { sort: { order: 1 } })
  }

  /**
   * Moves a waitlisted sign-up into a place: the one the caller claimed for them, or the place
   * of `from`, handed on as it is. False if the sign-up left the waitlist meanwhile.
   */
  private async promote(
    store: Store,
    signup: Doc,
    session: MakeupSession,
    from?: string,
  ): Promise<boolean> {
    const moved = await store
      .collection(MAKEUP_SIGNUPS)
      .upsert(
        { _id: signup._id, status: 'waitlisted' },
        { $set: { status: 'confirmed', confirmedAt: this.at() }, $unset: { order: '' } },
        { upsert: false },
      )
    if (moved.matched === 0) return false
    await leaveWaitlist(store, session._id, signup.order)
    if (from !== undefined) await handPlace(store, session._id, from, String(signup.participant))
    const [to] = await this.mailTo(store, [String(signup.participant)])
    if (to) await this.deps.mailer.send(placeFreedMail(to, session))
    return true
  }

  /** Tells everyone signed up or waitlisted that the session is cancelled (once per session). */
  async tellCancelled(store: Store, session: MakeupSession): Promise<number> {
    const affected = await store
      .collection(MAKEUP_SIGNUPS)
      .find({ session: session._id, status: { $in: ['confirmed', 'waitlisted'] } })
    const people = await this.mailTo(
      store,
      affected.map((s) => String(s.participant)),
    )
    for (const to of people) await this.deps.mailer.send(sessionCancelledMail(to, session))
    return people.length
  }

  private open(session: MakeupSession): boolean {
    return !session.cancelled && this.startsAfterNow(session)
  }

  private startsAfterNow(session: MakeupSession): boolean {
    return this.sessionStart(session) > this.deps.clock()
  }

  private sessionStart(session: MakeupSession): number {
    return zonedTimeToEpoch(session.dayStr, session.fromHour)
  }

  private async mailTo(store: Store, usernames: readonly string[]): Promise<MakeupMailTo[]> {
    const users = await this.deps.users.collection(store)
    const found = await users.find({ username: { $in: [...new Set(usernames)] } })
    return found.map((user) => ({
      to: typeof user.email === 'string' && user.email ? user.email : String(user.username),
      firstName: typeof user.firstName === 'string' ? user.firstName : '',
      language: (user.language === 'en' ? 'en' : 'sl') satisfies Lang,
    }))
  }
}
