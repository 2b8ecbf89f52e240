// One searchable person picker for every screen that picks a participant (/odsotnostOsebe,
// /prisotnostGraf): a combobox (WAI-ARIA 1.2, list autocomplete) where typing filters the people
// by name as the tablet's search does ("ziga" finds "Žiga"), the arrow keys move through the
// list, Enter picks, Escape closes and puts the chosen name back. Every row is at least 44 px high
// for a finger.
import { useId, useMemo, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { matchesName, searchKey } from '../attendance/name-search'
import './person-picker.css'

export interface PickablePerson {
  username: string
  firstName: string
  lastName: string
  year?: number | undefined
}

/** Most rows the list shows at once: typing narrows it, so a long programme stays quick. */
const MOST_SHOWN = 50

const nameOf = (person: PickablePerson) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username

export function PersonPicker({
  label,
  people,
  value,
  onChange,
  name = 'person',
}: {
  label: string
  people: readonly PickablePerson[]
  /** The chosen person's username ('' for none). */
  value: string
  onChange: (username: string) => void
  name?: string
}) {
  const { t } = useLingui()
  const id = useId()
  const listId = `${id}-list`
  const chosen = people.find((person) => person.username === value)
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const typed = text ?? (chosen ? nameOf(chosen) : '')
  // While the chosen name is shown unchanged, the list offers everyone.
  const query = text === null ? '' : searchKey(text)
  const matches = useMemo(
    () =>
      people.filter(
        (person) => matchesName(query, nameOf(person)) || searchKey(person.username) === query,
      ),
    [people, query],
  )
  const shown = matches.slice(0, MOST_SHOWN)
  const optionId = (index: number) => `${id}-option-${index}`

  const pick = (person: PickablePerson) => {
    onChange(person.username)
    setText(null)
    setOpen(false)
  }
  const close = () => {
    setText(null)
    setOpen(false)
  }
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        setOpen(true)
        setActive(
          Math.max(
            0,
            shown.findIndex((person) => person.username === value),
          ),
        )
        return
      }
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.min(Math.max(index + step, 0), Math.max(shown.length - 1, 0)))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const person = shown[active]
      if (person) pick(person)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }

  return (
    <div className="person-picker">
      <label htmlFor={id}>{label}</label>
      <div className="person-picker-box">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
          placeholder={t`Type a name`}
          value={typed}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(0)
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A tap on a row moves the focus into the list first: that row picks.
            if (!event.relatedTarget?.closest(`#${CSS.escape(listId)}`)) close()
          }}
        />
        <button
          type="button"
          className="person-picker-toggle"
          tabIndex={-1}
          aria-label={open ? t`Close the list` : t`Show everyone`}
          aria-controls={listId}
          aria-expanded={open}
          onClick={() => {
            setOpen(!open)
            input.current?.focus()
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className="person-picker-list"
        hidden={!open}
      >
        {shown.map((person, index) => (
          <li
            key={person.username}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={person.username === value}
            data-active={index === active || undefined}
            data-username={person.username}
            onPointerMove={() => setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(person)}
          >
            <span>{nameOf(person)}</span>
            {person.year !== undefined && (
              <span className="muted person-picker-year">
                <Trans>year {person.year}</Trans>
              </span>
            )}
          </li>
        ))}
        {matches.length === 0 && (
          <li role="presentation" className="muted person-picker-none">
            <Trans>Nobody of that name</Trans>
          </li>
        )}
        {matches.length > shown.length && (
          <li role="presentation" className="muted person-picker-none">
            <Trans>Type more of the name to see the others</Trans>
          </li>
        )}
      </ul>
    </div>
  )
}
