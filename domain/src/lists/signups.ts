// The sign-up lists of /prijaveZaDan and /prijaveNaDogodke (docs/product-rules.md#sign-up-lists):
// the sign-ups grouped by training day with counts per status. Days still to come come first,
// soonest first, so the registrar sees what needs deciding; days that have passed follow, most
// recent first. Within a day, sign-ups are in the order they arrived.
import type { Schedule } from '../schedule'
import { SIGNUP_STATUSES, type SignupStatus, type StoredSignup } from '../records/signups'

export type SignupCounts = Record<SignupStatus, number> & {
  /** Everyone expected on the day: received and confirmed (cancelled ones are not coming). */
  expected: number
}

export interface SignupDayGroup<S extends StoredSignup = StoredSignup> {
  dayId: string
  /** When the day starts (epoch ms); null for a day the schedule does not know any more. */
  from: number | null
  /** True once the day has ended by `now`. */
  past: boolean
  signups: S[]
  counts: SignupCounts
}

export function countSignups(signups: readonly Pick<StoredSignup, 'status'>[]): SignupCounts {
  const counts = Object.fromEntries(SIGNUP_STATUSES.map((s) => [s, 0])) as Record<
    SignupStatus,
    number
  >
  for (const { status } of signups) counts[status] += 1
  return { ...counts, expected: counts.received + counts.confirmed }
}

const arrival = (a: StoredSignup, b: StoredSignup) =>
  (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a._id.localeCompare(b._id)

/** Groups sign-ups by day, in the order described above. */
export function groupSignupsByDay<S extends StoredSignup>(
  signups: readonly S[],
  now: number,
  from: Schedule,
): SignupDayGroup<S>[] {
  const byDay = new Map<string, S[]>()
  for (const signup of signups)
    byDay.set(signup.dayId, [...(byDay.get(signup.dayId) ?? []), signup])
  const groups = [...byDay].map(([dayId, list]): SignupDayGroup<S> => {
    const day = from.dayById.get(dayId)
    const start = day?.from ?? null
    const end = day?.to ?? null
    return {
      dayId,
      from: start,
      // A day the schedule no longer has is treated as over: nobody can come to it.
      past: end === null || end <= now,
      signups: [...list].sort(arrival),
      counts: countSignups(list),
    }
  })
  return groups.sort((a, b) => {
    if (a.past !== b.past) return a.past ? 1 : -1
    const order = (a.from ?? 0) - (b.from ?? 0)
    return (a.past ? -order : order) || a.dayId.localeCompare(b.dayId)
  })
}

/** The sign-ups of the chosen statuses ('all' keeps every one). */
export function filterSignups<S extends StoredSignup>(
  signups: readonly S[],
  status: SignupStatus | 'all',
): S[] {
  return status === 'all' ? [...signups] : signups.filter((s) => s.status === status)
}
