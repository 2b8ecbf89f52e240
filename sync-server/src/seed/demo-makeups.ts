// Demo make-up sessions and day sign-ups, placed on the demo calendar (docs/0051-living-demo.md):
// three coming make-up sessions, two with free places and one full with a waitlist, signed up
// through the same MakeupSignups the participants' requests go through; and sign-ups for a day
// (/prijavezadan) and reservations for the coming study days, as visitors' forms store them.
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { storedSignupSchema, SIGNUP_COLLECTIONS } from '@lfit/domain/records/signups'
import { addDays, type Schedule, type StudyDay } from '@lfit/domain/schedule'
import { UserDirectory } from '../auth/users'
import { OutboxMailer } from '../mail/outbox'
import { MakeupSignups } from '../makeups/signups'
import { MAKEUP_SESSIONS } from '../makeups/sessions'
import type { Store } from '../store/port'
import { demoUsername, type DemoPerson } from './demo-data'

interface DemoSession {
  session: MakeupSession
  /** How many of the covered year's participants sign up, in order. */
  signups: number
}

/** The coming make-up sessions: for the current block's year, the next year and a full one. */
function demoSessions(today: string, calendar: Schedule): DemoSession[] {
  const place = calendar.venue
  const educator = demoUsername('educator')
  const segmentOf = (year: number) =>
    calendar.blocks.findLast((b) => b.year === year && !b.makeup && b.from <= today)?.segment ??
    (year - 1) * 3 + 1
  const session = (
    id: string,
    days: number,
    year: number,
    capacity: number,
    note: string,
  ): MakeupSession => ({
    _id: id,
    dayStr: addDays(today, days),
    fromHour: '17:00',
    toHour: '19:30',
    place,
    capacity,
    covers: { segments: [segmentOf(year)], days: [] },
    educator,
    note,
    scheduleDays: [],
    cancelled: false,
  })
  return [
    { session: session('demo-makeup-1', 3, 1, 8, 'Prinesite podlogo. / Bring a mat.'), signups: 3 },
    { session: session('demo-makeup-2', 6, 2, 3, 'Manjša skupina. / A small group.'), signups: 5 },
    { session: session('demo-makeup-3', 13, 3, 12, ''), signups: 0 },
  ]
}

/** Stores the sessions and signs participants of the covered year up; answers the sign-ups made. */
export async function seedDemoMakeups(
  store: Store,
  {
    today,
    now,
    calendar,
    people,
  }: {
    today: string
    now: number
    calendar: Schedule
    people: readonly DemoPerson[]
  },
): Promise<number> {
  const clock = () => now
  const signups = new MakeupSignups({
    users: new UserDirectory(async () => store, clock),
    mailer: new OutboxMailer(async () => store, clock),
    clock,
  })
  let count = 0
  for (const { session, signups: wanted } of demoSessions(today, calendar)) {
    const { _id, ...fields } = session
    await store
      .collection(MAKEUP_SESSIONS)
      .upsert({ _id }, { $setOnInsert: { ...fields, taken: 0 } })
    const year = calendar.blocks.find((b) => b.segment === session.covers.segments[0])?.year
    const takers = people.filter((person) => person.year === year).slice(0, wanted)
    for (const person of takers) {
      await signups.signUp(store, session._id, person.username, person.username)
      count++
    }
  }
  return count
}

const VISITORS = [
  ['Marta Zupan', 'marta.zupan@example.org', '+38640111222', 'sl'],
  ['Peter Horvat', 'peter.horvat@example.org', '+38641222333', 'sl'],
  ['Julia Berger', 'julia.berger@example.org', '+436641234567', 'en'],
] as const

/** Sign-ups for a day and reservations on the next study days, as the visitors' forms store them. */
export async function seedDemoDaySignups(
  store: Store,
  { today, now, calendar }: { today: string; now: number; calendar: Schedule },
): Promise<number> {
  const coming = calendar.days.filter((day): day is StudyDay => !day.freeDay && day.dayStr > today)
  // A calendar with no coming study day (one an editor ended) gets none.
  const stored = (kind: 'signup' | 'reservation', n: number) => {
    const [name, email, phone, language] = VISITORS[n % VISITORS.length] ?? VISITORS[0]
    const day = coming[n * 2] ?? coming[0]
    if (!day) return []
    const record = storedSignupSchema.parse({
      _id: `demo-${kind}-${n}`,
      name,
      email,
      phone,
      dayId: day.id,
      createdAt: new Date(now - (n + 1) * 3_600_000).toISOString(),
      status: n === 0 ? 'confirmed' : 'received',
      language,
      ...(kind === 'reservation'
        ? {
            message:
              language === 'sl'
                ? 'Rada bi prišla s prijateljico.'
                : 'I would like to come with a friend.',
          }
        : {}),
    })
    return [[kind, record] as const]
  }
  const records = [
    ...[0, 1, 2].flatMap((n) => stored('signup', n)),
    ...[0, 2].flatMap((n) => stored('reservation', n)),
  ]
  for (const [kind, { _id, ...record }] of records) {
    await store.collection(SIGNUP_COLLECTIONS[kind]).upsert({ _id }, { $setOnInsert: record })
  }
  return records.length
}
