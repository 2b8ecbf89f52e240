// The enrolments collection and the one way it changes (docs/product-rules.md#enrolment): every
// change goes through the domain's `transition`, is stored with a compare-and-set on the status
// (two registrars deciding the same application at once: one wins, the other is told), and only
// then does the account follow (accept activates it and gives the participant role) and the
// person's e-mail get queued.
import { PROJECTS, type Project } from '@lfit/domain/users/user'
import type { Lang } from '@lfit/domain/messages/bilingual'
import {
  enrolmentId,
  enrolmentSchema,
  transition,
  type Enrolment,
  type EnrolmentAction,
} from '@lfit/domain/people/enrolment'
import type { PasswordLinks } from '../auth/password-links'
import { SET_PASSWORD_PATH } from '../auth/password-links'
import type { UserDirectory } from '../auth/users'
import { ApiError } from '../http/errors'
import { acceptedMail, declinedMail, withdrawnMail, type EnrolmentMailTo } from '../mail/enrolment'
import type { Mailer, MailMessage } from '../mail/outbox'
import type { Doc, Store } from '../store/port'

export const ENROLMENTS = 'enrolments'

export interface EnrolmentDeps {
  users: UserDirectory
  clock: () => number
  passwordLinks: PasswordLinks
  mailer: Mailer
  /** Where links point (`config.publicUrl`). */
  publicUrl: string
}

/** A stored enrolment read back; a record that does not fit the schema is treated as absent. */
export function storedEnrolment(doc: Doc | null): Enrolment | null {
  if (!doc) return null
  const parsed = enrolmentSchema.safeParse({ ...doc, _id: String(doc._id) })
  return parsed.success ? parsed.data : null
}

const languageOf = (user: Doc): Lang => (user.language === 'en' ? 'en' : 'sl')

function mailTo(user: Doc, year: number): EnrolmentMailTo {
  return {
    to: typeof user.email === 'string' && user.email ? user.email : String(user.username),
    firstName: typeof user.firstName === 'string' ? user.firstName : '',
    language: languageOf(user),
    year,
  }
}

/** A project name from a form or a user's list, if it is one of the programme's. */
export function knownProject(value: unknown): Project | undefined {
  return (PROJECTS as readonly unknown[]).includes(value) ? (value as Project) : undefined
}

/**
 * A registrant's application (/auth/register): the `applied` enrolment for the year they chose,
 * by themself. An enrolment of that year that already exists is left as it is.
 */
export async function recordApplication(
  store: Store,
  application: { person: string; year: number; project?: Project | undefined; at: string },
): Promise<void> {
  const { person, year, project, at } = application
  const result = transition(null, 'apply', {
    by: person,
    at,
    person,
    year,
    ...(project ? { project } : {}),
  })
  if (!result.ok) return
  const enrolments = store.collection(ENROLMENTS)
  if (await enrolments.findById(result.enrolment._id)) return
  await enrolments.insert(result.enrolment)
}

/**
 * An admin's participant with a programme year (/auth/users): their accepted enrolment in it,
 * made through the same state machine with the admin as `by` (apply and accept; a declined or
 * withdrawn one is reopened first). An accepted or completed one stays as it is. No e-mail:
 * the admin hands over the password.
 */
export async function enrolDirectly(
  store: Store,
  enrolment: {
    person: string
    year: number
    project?: Project | undefined
    by: string
    at: string
  },
): Promise<void> {
  const { person, year, project, by, at } = enrolment
  const enrolments = store.collection(ENROLMENTS)
  const id = enrolmentId(year, person)
  const current = storedEnrolment(await enrolments.findById(id))
  const change = { by, at, person, year, ...(project ? { project } : {}) }
  const steps: EnrolmentAction[] =
    current === null
      ? ['apply', 'accept']
      : current.status === 'applied'
        ? ['accept']
        : current.status === 'declined' || current.status === 'withdrawn'
          ? ['reopen', 'accept']
          : []
  if (steps.length === 0) return
  let next: Enrolment | null = current
  for (const action of steps) {
    const result = transition(next, action, change)
    if (!result.ok) return
    next = result.enrolment
  }
  if (!next) return
  if (current === null) {
    await enrolments.insert(next)
    return
  }
  const stored = await enrolments.upsert(
    { _id: id, status: current.status },
    { $set: { status: next.status, history: next.history } },
    { upsert: false },
  )
  if (stored.matched === 0) throw new ApiError('conflict')
}

export class EnrolmentBook {
  constructor(private readonly deps: EnrolmentDeps) {}

  private at(): string {
    return new Date(this.deps.clock()).toISOString()
  }

  /**
   * Applies `action` to the enrolment `id` for the registrar `by`; answers the enrolment as
   * stored and the account as it is now. Throws the refusal (unknown, not allowed in this
   * state, no reason, changed meanwhile) with nothing changed.
   */
  async change(
    store: Store,
    id: string,
    action: EnrolmentAction,
    by: string,
    reason?: string,
  ): Promise<{ enrolment: Enrolment; user: Doc }> {
    const enrolments = store.collection(ENROLMENTS)
    const current = storedEnrolment(await enrolments.findById(id))
    const users = await this.deps.users.collection(store)
    const user = current ? await users.findOne({ username: current.person }) : null
    if (!current || !user) throw new ApiError('enrolmentNotFound')
    const result = transition(current, action, { by, at: this.at(), ...(reason ? { reason } : {}) })
    if (!result.ok) {
      if (result.code === 'reasonRequired') {
        throw new ApiError('invalidBody', {}, { fields: { reason: result.message } })
      }
      throw new ApiError('enrolmentNotAllowed')
    }
    const next = result.enrolment
    const stored = await enrolments.upsert(
      { _id: id, status: current.status },
      { $set: { status: next.status, history: next.history } },
      { upsert: false },
    )
    if (stored.matched === 0) throw new ApiError('conflict')
    const updated = await this.followAccount(store, user, next)
    await this.tell(user, next, action)
    return { enrolment: next, user: updated }
  }

  /**
   * The account follows the enrolments: accepting activates it and gives the participant role;
   * the user's `year` (read by the own attendance view and the admin's form) stays at the
   * roster's year, and is removed when no accepted year is left, so that saving the user on
   * /auth/users never enrols them again in a year they were withdrawn from.
   */
  private async followAccount(store: Store, user: Doc, enrolment: Enrolment): Promise<Doc> {
    const ended = enrolment.status === 'withdrawn' || enrolment.status === 'completed'
    if (enrolment.status !== 'accepted' && !ended) return user
    const accepted = await store
      .collection(ENROLMENTS)
      .find({ person: enrolment.person, status: 'accepted' })
    // The roster lists a person under their highest accepted year (domain/people/roster.ts).
    const years = accepted.map((e) => Number(e.year) || 0)
    const users = await this.deps.users.collection(store)
    if (ended) {
      const update = years.length
        ? { $set: { year: Math.max(...years) } }
        : { $unset: { year: '' as const } }
      await users.upsert({ _id: user._id }, update, { upsert: false })
      this.deps.users.forgetAll()
      const { year: _dropped, ...rest } = user
      return years.length ? { ...rest, year: Math.max(...years) } : rest
    }
    const roles = Array.isArray(user.roles) ? (user.roles as string[]) : []
    const projects = Array.isArray(user.projects) ? (user.projects as string[]) : []
    const $set: Doc = {
      status: 'active',
      roles: roles.includes('participant') ? roles : [...roles, 'participant'],
      year: Math.max(enrolment.year, ...years),
      ...(enrolment.project && !projects.includes(enrolment.project)
        ? { projects: [...projects, enrolment.project] }
        : {}),
    }
    await users.upsert({ _id: user._id }, { $set }, { upsert: false })
    this.deps.users.forgetAll()
    return { ...user, ...$set }
  }

  /** Queues the person's e-mail about the stored change, in their language. */
  private async tell(user: Doc, enrolment: Enrolment, action: EnrolmentAction) {
    const to = mailTo(user, enrolment.year)
    // The reason as the history keeps it (trimmed, bounded).
    const reason = enrolment.history.at(-1)?.reason ?? ''
    let mail: MailMessage | null = null
    if (action === 'accept') {
      const token = await this.deps.passwordLinks.issue(String(user.username), 'welcome')
      const link = `${this.deps.publicUrl}${SET_PASSWORD_PATH}?token=${token}`
      mail = acceptedMail(to, link)
    } else if (action === 'decline') mail = declinedMail(to, reason)
    else if (action === 'withdraw') mail = withdrawnMail(to, reason)
    if (mail) await this.deps.mailer.send(mail)
  }
}
