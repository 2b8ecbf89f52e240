// Which recorded absences /odsotnost lists: those of people whose name matches the search (as
// the tablet's search reads names: "ziga" finds "Žiga"), of the chosen programme year, and
// touching the chosen span of days. An empty criterion lets everything through.
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import { matchesName, searchKey } from '../attendance/name-search'

export interface AbsenceFilter {
  /** Words of the person's name or their username. */
  search: string
  /** A programme year, or null for every year. */
  year: number | null
  /** `YYYY-MM-DD`, or '' for no bound. */
  from: string
  to: string
}

export const NO_ABSENCE_FILTER: AbsenceFilter = { search: '', year: null, from: '', to: '' }

interface Person {
  username: string
  firstName: string
  lastName: string
  year?: number | undefined
}

export function filterAbsences<A extends { record: AbsenceRecord }>(
  absences: readonly A[],
  people: readonly Person[],
  filter: AbsenceFilter,
): A[] {
  const byUsername = new Map(people.map((person) => [person.username, person]))
  const query = searchKey(filter.search)
  return absences.filter(({ record }) => {
    const person = byUsername.get(record.participant)
    if (query !== '') {
      const name = person ? `${person.firstName} ${person.lastName}` : ''
      if (!matchesName(query, name) && !searchKey(record.participant).includes(query)) return false
    }
    if (filter.year !== null && person?.year !== filter.year) return false
    // The absence touches the span: it starts by its end and ends from its start.
    if (filter.to !== '' && record.fromDay > filter.to) return false
    if (filter.from !== '' && record.toDay < filter.from) return false
    return true
  })
}
