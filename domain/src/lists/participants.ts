// The participant list of /udelezenci (docs/product-rules.md#participant-list): one row per
// enrolment, with the person's contact details and their attendance figures in that enrolment's
// programme year, the one set every screen shows (attendance/figures.ts,
// docs/product-rules.md#attendance-figures), and their standing against the limits. Without a
// standing (the make-up book not read yet, or a year that does not count for them) the figures
// are empty, never counted another way.
import { yearFigures } from '../attendance/figures'
import type { ParticipantStanding } from '../makeups/standing'
import { STANDINGS, type StandingLevel } from '../makeups/thresholds'
import type { Enrolment, EnrolmentStatus } from '../people/enrolment'

export interface ParticipantContact {
  username: string
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  country?: string
}

export interface ParticipantRow {
  /** The enrolment's id: one row per person and year. */
  id: string
  person: string
  name: string
  /** "Last First": the name column sorts by surname, as registers do. */
  sortName: string
  email: string
  phone: string
  country: string
  year: number
  project: string
  status: EnrolmentStatus
  /** Present % of the year's counted days; null while nothing counts or without a standing. */
  percent: number | null
  /** Missed days of the year (absent or excused); null without a standing. */
  missed: number | null
  /** Of the missed days, those made up; null without a standing (not counted, or not known). */
  madeUp: number | null
  /** Missed days not yet made up; null without a standing. */
  outstanding: number | null
  /** The person's standing against the limits (the worst of their years and the programme). */
  standing: StandingLevel | null
  /** The person asked for their data to be deleted and nobody has acted on it yet. */
  deletionRequested: boolean
}

export function personName(contact: ParticipantContact | undefined, person: string): string {
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ').trim()
  return name || person
}

export function sortingName(contact: ParticipantContact | undefined, person: string): string {
  const name = [contact?.lastName, contact?.firstName].filter(Boolean).join(' ').trim()
  return name || person
}

/** The rows of the list, in no particular order (sortParticipants orders them). */
export function participantRows(input: {
  enrolments: readonly Enrolment[]
  contacts: ReadonlyMap<string, ParticipantContact>
  openDeletionRequests: ReadonlySet<string>
  /** The person's standing, when known (the make-up book is on the device). */
  standingOf?: (person: string) => ParticipantStanding | undefined
}): ParticipantRow[] {
  return input.enrolments.map((enrolment) => {
    const contact = input.contacts.get(enrolment.person)
    const standing = input.standingOf?.(enrolment.person)
    const figures = yearFigures(standing, enrolment.year)
    return {
      id: enrolment._id,
      person: enrolment.person,
      name: personName(contact, enrolment.person),
      sortName: sortingName(contact, enrolment.person),
      email: contact?.email ?? enrolment.person,
      phone: contact?.phone ?? '',
      country: contact?.country ?? '',
      year: enrolment.year,
      project: enrolment.project ?? '',
      status: enrolment.status,
      percent: figures?.percent ?? null,
      missed: figures?.missed ?? null,
      madeUp: figures?.madeUp ?? null,
      outstanding: figures?.outstanding ?? null,
      standing: standing?.standing ?? null,
      deletionRequested: input.openDeletionRequests.has(enrolment.person),
    }
  })
}

export interface ParticipantFilter {
  year: number | 'all'
  project: string | 'all'
  status: EnrolmentStatus | 'all'
  /** Words that must each appear in the name, e-mail, phone or country (any case, any accents). */
  search: string
  /** Only those with this standing; absent or 'all': everyone. */
  standing?: StandingLevel | 'all'
}

/** Lower case without accents, so "zan" finds "Žan" and "sasa" finds "Saša". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export function filterParticipants(
  rows: readonly ParticipantRow[],
  filter: ParticipantFilter,
): ParticipantRow[] {
  const words = foldText(filter.search).split(/\s+/).filter(Boolean)
  return rows.filter((row) => {
    if (filter.year !== 'all' && row.year !== filter.year) return false
    if (filter.project !== 'all' && row.project !== filter.project) return false
    if (filter.status !== 'all' && row.status !== filter.status) return false
    const standing = filter.standing ?? 'all'
    if (standing !== 'all' && row.standing !== standing) return false
    if (words.length === 0) return true
    const haystack = foldText([row.name, row.email, row.phone, row.country].join(' '))
    return words.every((word) => haystack.includes(word))
  })
}

export const PARTICIPANT_COLUMNS = [
  'name',
  'email',
  'phone',
  'country',
  'year',
  'project',
  'status',
  'percent',
  'missed',
  'madeUp',
  'outstanding',
  'standing',
] as const
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number]

export interface ParticipantSort {
  column: ParticipantColumn
  direction: 'asc' | 'desc'
}

/**
 * Sorted for `locale` (Slovenian puts č after c), names by surname; empty values last in either
 * direction.
 */
export function sortParticipants(
  rows: readonly ParticipantRow[],
  sort: ParticipantSort,
  locale: string,
): ParticipantRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  const sign = sort.direction === 'asc' ? 1 : -1
  // Standings sort from on track to over a limit, not by their names.
  const valueOf = (row: ParticipantRow) =>
    sort.column === 'name'
      ? row.sortName
      : sort.column === 'standing'
        ? row.standing && STANDINGS.indexOf(row.standing)
        : row[sort.column]
  return [...rows].sort((a, b) => {
    const x = valueOf(a)
    const y = valueOf(b)
    const xEmpty = x === null || x === ''
    const yEmpty = y === null || y === ''
    if (xEmpty || yEmpty) {
      if (xEmpty !== yEmpty) return xEmpty ? 1 : -1
    } else {
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : collator.compare(String(x), String(y))
      if (order !== 0) return sign * order
    }
    // Ties keep a stable, readable order: by surname, then by year.
    return collator.compare(a.sortName, b.sortName) || a.year - b.year
  })
}
