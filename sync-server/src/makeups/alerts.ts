// The at-risk / over-the-limit e-mail, once per crossing (docs/product-rules.md#make-ups-and-attendance-rules).
// After anything that can change a participant's standing (synced attendance or absences, marks at
// make-up sessions, "made up otherwise", new limits) the server counts the missed days with the
// domain's `standingTally` (tallies.ts), compares the standing with what it last announced (kept
// per participant in `makeupAlerts`) and mails the participant and every registration editor
// about each new crossing.
// What was announced is claimed by a compare-and-set first, so two syncs at once mail once.
import {
  standingAlerts,
  announcedStandingsSchema,
  type StandingAlert,
} from '@lfit/domain/makeups/alerts'
import { makeupAttendanceSchema, type MakeupAttendance } from '@lfit/domain/makeups/sessions'
import { madeUpOtherwiseSchema } from '@lfit/domain/makeups/made-up-otherwise'
import {
  COUNTED_ENROLMENTS,
  type StandingInput,
  type StandingTally,
} from '@lfit/domain/makeups/standing'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { localDayStr } from '@lfit/domain/schedule/time'
import { USERS } from '../auth/users'
import type { Log } from '../http/log'
import { standingAlertMail, standingAlertStaffMail } from '../mail/makeup-alerts'
import type { MakeupMailTo } from '../mail/makeups'
import type { MailMessage, Mailer } from '../mail/outbox'
import { ENROLMENTS } from '../people/enrolments'
import { DuplicateKeyError, inTransaction, type Doc, type Store } from '../store/port'
import { MADE_UP_OTHERWISE, thresholdSettings } from './book'
import { MAKEUP_ATTENDANCE, MAKEUP_SESSIONS, storedSession } from './sessions'
import { absenceOf, markOf, ofPeople, standingTallies } from './tallies'

/** Per participant (`_id` = username): the levels last announced and a version for the claim. */
export const ANNOUNCED_STANDINGS = 'makeupAlerts'
/** Who is told besides the participant: the registration editors. */
const TOLD_ROLES = ['regEditor', 'fullRegEditor']

export interface AlertDeps {
  mailer: Mailer
  clock: () => number
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A synced make-up mark: the session and participant come from its `{sessionId}:{participant}` id. */
function sessionMark(doc: Doc): MakeupAttendance | null {
  const id = String(doc._id)
  const at = id.lastIndexOf(':')
  const parsed = makeupAttendanceSchema.safeParse({
    session: text(doc.session) || id.slice(0, Math.max(0, at)),
    participant: text(doc.participant) || id.slice(at + 1),
    mark: doc.mark ?? null,
  })
  return parsed.success ? parsed.data : null
}

/** A participant's crossings that a check won the right to mail. */
export type Crossing = [participant: string, alerts: StandingAlert[]]

/** What a push's check claimed: its crossings, and whether their mails went into its transaction. */
export interface PushClaims {
  crossings: Crossing[]
  /** The mails are stored with the push (its database holds the outbox): say `committed`. */
  queued: boolean
}

/** What a check compares: each participant's standing now and what was last announced. */
interface Standings {
  people: readonly string[]
  tallyFor: (participant: string) => StandingTally
  announced: ReadonlyMap<unknown, Doc>
}

export class StandingAlerts {
  constructor(private readonly deps: AlertDeps) {}

  /**
   * Inside a sync push's transaction, after its writes: claims the crossings of the participants
   * of the records it changed, taken from the records the push has in hand (no read), so the
   * claims are committed with the push, in the same durable commit on the embedded store
   * (docs/0021). When the push's database is the one that holds the mail outbox
   * (`outboxHere`), the mails are queued in that transaction too: one commit for the push, its
   * claims and its mails, and no crash between them. Their recipients are read from the database
   * as committed (`committed`, outside the transaction), which the push does not write: a read
   * inside it would hold the users collection until its commit. A push that changed nothing is
   * not checked: the delivery that changed them was. Never fails the push: a failure is logged
   * and claims nothing more; mails that could not be queued here are queued after the commit
   * (`announce`).
   */
  async claimInPush(
    push: { store: Store; committed: Store; outboxHere: boolean },
    collection: string,
    changed: readonly object[],
    log: Log,
  ): Promise<PushClaims> {
    const { store, committed, outboxHere } = push
    let crossings: Crossing[]
    try {
      crossings = await this.claimCrossings(
        store,
        changed.map((record) => text((record as { participant?: unknown }).participant)),
      )
    } catch (error) {
      log.error('makeup standing alerts failed', { collection, error: String(error) })
      return { crossings: [], queued: false }
    }
    if (!outboxHere || crossings.length === 0) return { crossings, queued: false }
    try {
      await this.deps.mailer.queue(await this.messagesOf(committed, crossings), store)
      return { crossings, queued: true }
    } catch (error) {
      log.error('makeup standing alerts failed', { collection, error: String(error) })
      return { crossings, queued: false }
    }
  }

  /**
   * Once a push is stored: delivers the mails it queued, or queues the ones it could not (a push
   * to a database without the outbox). A failure is the caller's (it is logged, the push is
   * answered).
   */
  async announce(store: Store, claims: PushClaims): Promise<void> {
    if (claims.queued) this.deps.mailer.committed()
    else await this.mail(store, claims.crossings)
  }

  /** Every participant enrolled in a counted year: after the limits change. */
  async checkEveryone(store: Store): Promise<number> {
    const enrolments = await store
      .collection(ENROLMENTS)
      .find({ status: { $in: [...COUNTED_ENROLMENTS] } })
    return this.check(
      store,
      enrolments.map((e) => text(e.person)),
    )
  }

  /**
   * Announces each new crossing of these participants (a change of limits, an administrator's
   * check); answers how many crossings were mailed.
   */
  async check(store: Store, usernames: readonly string[]): Promise<number> {
    // Counted before the transaction, so that counting everyone does not hold up the pushes;
    // each claim is a compare-and-set on what was announced, so a push in between loses nothing.
    // Every claim in one store transaction: one durable commit for all of them (docs/0021); the
    // mails follow once stored.
    const standings = await this.standingsOf(store, usernames)
    const won = await inTransaction(store, (claiming) => this.claimAll(claiming, standings))
    return this.mail(store, won)
  }

  /**
   * Mails each crossing claimed, once the claims are stored, in one write to the outbox;
   * answers how many crossings were mailed. A failure is the caller's.
   */
  private async mail(store: Store, crossings: readonly Crossing[]): Promise<number> {
    await this.deps.mailer.queue(await this.messagesOf(store, crossings))
    return crossings.reduce((mailed, [, alerts]) => mailed + alerts.length, 0)
  }

  /** Counts the standing of these participants in `store` and claims each new crossing there. */
  private async claimCrossings(store: Store, usernames: readonly string[]): Promise<Crossing[]> {
    return this.claimAll(store, await this.standingsOf(store, usernames))
  }

  /** Each participant's standing in `store` now, beside what was last announced (null: no one). */
  private async standingsOf(store: Store, usernames: readonly string[]): Promise<Standings | null> {
    const people = [...new Set(usernames.filter(Boolean))]
    if (people.length === 0) return null
    const [tallyFor, announced] = await Promise.all([
      standingTallies(store, people, localDayStr(this.deps.clock())),
      // Read-only: what was announced is only compared, and replaced by a compare-and-set.
      store.collection(ANNOUNCED_STANDINGS).find({ _id: { $in: people } }, { readOnly: true }),
    ])
    return { people, tallyFor, announced: new Map(announced.map((doc) => [doc._id, doc])) }
  }

  /**
   * Claims each new crossing in `store`, by a compare-and-set on what was last announced: answers
   * the crossings this call won.
   */
  private async claimAll(store: Store, standings: Standings | null): Promise<Crossing[]> {
    if (!standings) return []
    const { people, tallyFor, announced } = standings
    const crossings: Crossing[] = []
    for (const participant of people) {
      const doc = announced.get(participant) ?? null
      const alerts = await this.claim(store, participant, doc, tallyFor(participant))
      if (alerts.length > 0) crossings.push([participant, alerts])
    }
    return crossings
  }

  /** Stores the standing now as announced; answers the crossings this call won the right to mail. */
  private async claim(
    store: Store,
    participant: string,
    doc: Doc | null,
    standing: StandingTally,
  ): Promise<StandingAlert[]> {
    const kept = store.collection(ANNOUNCED_STANDINGS)
    // Most participants of a push were never announced: no document, nothing to parse (a failed
    // parse builds an error, which was most of the claims' time in profiles of a push).
    const before = doc ? announcedStandingsSchema.safeParse(doc.announced) : undefined
    const { alerts, announced } = standingAlerts(
      before?.success ? before.data : { overall: 'onTrack', years: {} },
      standing,
    )
    if (before?.success && JSON.stringify(before.data) === JSON.stringify(announced)) return []
    // Never announced and nothing to announce: on track needs no record.
    if (!doc && alerts.length === 0) return []
    const at = new Date(this.deps.clock()).toISOString()
    if (doc) {
      const version = typeof doc.version === 'number' ? doc.version : 0
      const won = await kept.upsert(
        { _id: participant, version },
        { $set: { announced, version: version + 1, at } },
        { upsert: false },
      )
      return won.matched > 0 ? alerts : []
    }
    try {
      await kept.insert({ _id: participant, announced, version: 1, at })
      return alerts
    } catch (error) {
      if (error instanceof DuplicateKeyError) return []
      throw error
    }
  }

  /**
   * The mails of these crossings: to each participant and to every registration editor who is
   * not blocked, read in `store` in two reads for all of them.
   */
  private async messagesOf(store: Store, crossings: readonly Crossing[]): Promise<MailMessage[]> {
    if (crossings.length === 0) return []
    const users = store.collection(USERS)
    const [people, editors] = await Promise.all([
      users.find({ username: { $in: crossings.map(([participant]) => participant) } }),
      users.find({ roles: { $in: TOLD_ROLES }, status: { $ne: 'blocked' } }),
    ])
    const byName = new Map(people.map((person) => [person.username, person]))
    return crossings.flatMap(([participant, alerts]) => {
      const person = byName.get(participant)
      const about = {
        username: participant,
        firstName: text(person?.firstName),
        lastName: text(person?.lastName),
      }
      return [
        ...(person ? [standingAlertMail(mailTo(person), alerts)] : []),
        ...editors.map((editor) => standingAlertStaffMail(mailTo(editor), about, alerts)),
      ]
    })
  }
}

/**
 * Each participant's own part of the inputs: `standingOf` reads only the participant's records
 * of each list, so handing it everyone's made a check of many participants (a push of a whole
 * group) grow with their number squared.
 */
export function ownInputs(
  input: Omit<StandingInput, 'participant'>,
  people: readonly string[],
): (participant: string) => StandingInput {
  const split = <T>(list: readonly T[], of: (item: T) => string) => {
    const groups = new Map<string, T[]>(people.map((person) => [person, []]))
    for (const item of list) groups.get(of(item))?.push(item)
    return (participant: string) => groups.get(participant) ?? []
  }
  const attendance = split(input.attendance, (a) => a.participant)
  const absences = split(input.absences, (a) => a.participant)
  const enrolments = split(input.enrolments, (e) => e.person)
  const sessionAttendance = split(input.sessionAttendance, (a) => a.participant)
  const madeUpOtherwise = split(input.madeUpOtherwise, (m) => m.participant)
  return (participant) => ({
    ...input,
    participant,
    attendance: attendance(participant),
    absences: absences(participant),
    enrolments: enrolments(participant),
    sessionAttendance: sessionAttendance(participant),
    madeUpOtherwise: madeUpOtherwise(participant),
  })
}

function mailTo(user: Doc): MakeupMailTo {
  return {
    to: text(user.email) || text(user.username),
    firstName: text(user.firstName),
    language: (user.language === 'en' ? 'en' : 'sl') satisfies Lang,
  }
}

/**
 * What `standingOf` needs for these participants, read from the store: their attendance,
 * absences, enrolments, make-up marks and "made up otherwise" records, every session and the
 * limits in force (the certificates; the standing e-mails read less, tallies.ts). The records of
 * days are read only for those enrolled in a counted year: only those years' days are counted, so anyone
 * else stands on track whatever they hold. Read read-only: every document is turned into a new
 * value here, none is kept or changed.
 */
export async function standingInputs(
  store: Store,
  people: readonly string[],
  now: number,
): Promise<Omit<StandingInput, 'participant'>> {
  const [settings, enrolments, sessionDocs] = await Promise.all([
    thresholdSettings(store),
    ofPeople(store, ENROLMENTS, 'person', people),
    store.collection(MAKEUP_SESSIONS).find({}, { readOnly: true }),
  ])
  const counted = [
    ...new Set(
      enrolments.flatMap((e) =>
        COUNTED_ENROLMENTS.has(e.status as never) ? [text(e.person)] : [],
      ),
    ),
  ]
  const [attendance, absences, marks, madeUp] = await Promise.all([
    ofPeople(store, 'attendance', 'participant', counted),
    ofPeople(store, 'absences', 'participant', counted),
    ofPeople(store, MAKEUP_ATTENDANCE, 'participant', counted),
    ofPeople(store, MADE_UP_OTHERWISE, 'participant', counted),
  ])
  return {
    today: localDayStr(now),
    attendance: attendance.flatMap((doc) => markOf(doc) ?? []),
    absences: absences.map(absenceOf),
    enrolments: enrolments.map((e) => ({
      person: text(e.person),
      year: Number(e.year),
      status: e.status as never,
    })),
    sessions: sessionDocs.flatMap((doc) => storedSession(doc)?.session ?? []),
    sessionAttendance: marks.flatMap((doc) => sessionMark(doc) ?? []),
    madeUpOtherwise: madeUp.flatMap((doc) => {
      const parsed = madeUpOtherwiseSchema.safeParse({ ...doc, _id: undefined })
      return parsed.success ? [parsed.data] : []
    }),
    thresholds: settings.thresholds,
  }
}
