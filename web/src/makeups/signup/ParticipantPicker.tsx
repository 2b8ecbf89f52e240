// Choosing the participant to act for, by name ("Ziga" finds "Žiga"), from the people the make-up
// book names: those accepted in (or done with) a programme year.
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { COUNTED_ENROLMENTS } from '@lfit/domain/makeups/standing'
import { matchesName, searchKey } from '../../attendance/name-search'
import { useMakeupBook } from '../book/use-makeup-book'

/** At most this many matches are listed; typing more of the name narrows them. */
const MAX_SHOWN = 20

export function ParticipantPicker({
  chosen,
  onChoose,
  label,
}: {
  chosen: { username: string; name: string } | null
  onChoose: (person: { username: string; name: string } | null) => void
  label: string
}) {
  const { t } = useLingui()
  const book = useMakeupBook()
  const [query, setQuery] = useState('')
  const enrolled = useMemo(() => {
    const people = new Set(
      book?.enrolments.filter((e) => COUNTED_ENROLMENTS.has(e.status)).map((e) => e.person),
    )
    return (book?.people ?? [])
      .filter((p) => people.has(p.username))
      .map((p) => ({ username: p.username, name: `${p.firstName} ${p.lastName}` }))
      .toSorted((a, b) => a.name.localeCompare(b.name))
  }, [book])
  const key = searchKey(query)
  const matches = key === '' ? [] : enrolled.filter((p) => matchesName(key, p.name))
  if (chosen) {
    return (
      <p className="makeup-chosen">
        <Trans>
          Signing up <strong>{chosen.name}</strong>
        </Trans>{' '}
        <button type="button" className="btn btn-text" onClick={() => onChoose(null)}>
          {t`Choose someone else`}
        </button>
      </p>
    )
  }
  return (
    <div className="makeup-picker">
      <label className="field">
        <span>{label}</span>
        <input
          type="search"
          name="participant"
          autoComplete="off"
          placeholder={t`Type a name`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {!book && <p aria-busy="true">{t`Loading…`}</p>}
      {key !== '' && matches.length === 0 && book && (
        <p>
          <Trans>Nobody matches.</Trans>
        </p>
      )}
      <ul className="makeup-picker-list">
        {matches.slice(0, MAX_SHOWN).map((person) => (
          <li key={person.username}>
            <button type="button" className="btn" onClick={() => onChoose(person)}>
              {person.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
