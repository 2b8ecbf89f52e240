// A date typed as text, day first, in the app's own format: a native date input orders day and
// month by the browser's locale (11/23/2026 in an English Chromium), so the same form would read
// differently on two tablets (docs/product-rules.md#dates). The text is read by the domain's
// parser on every keystroke; on leaving the field it is rewritten in full ("tor., 17. 11. 2026"),
// which shows the weekday as a check, or the reason it cannot be read is shown.
import { useId, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { parseDayInput } from '@lfit/domain/calendar/day-input'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { formatDay } from '../i18n/date-format'

/** The example in the hint: a Tuesday, so the weekday shows how the app writes it. */
const EXAMPLE_DAY = '2026-11-17'

export function DayField({
  label,
  name,
  value,
  onChange,
}: {
  label: string
  name: string
  /** `YYYY-MM-DD`, or '' while nothing readable is typed. */
  value: string
  onChange: (dayStr: string) => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const shown = (dayStr: string) => (dayStr ? formatDay(i18n.locale, dayStr) : '')
  const [text, setText] = useState(() => shown(value))
  const [emitted, setEmitted] = useState(value)
  const [problem, setProblem] = useState<Bilingual | null>(null)
  // A value set from outside (a reset, another record) replaces what was typed.
  if (value !== emitted) {
    setEmitted(value)
    setText(shown(value))
    setProblem(null)
  }
  const example = formatDay(i18n.locale, EXAMPLE_DAY).replace(/^\S+,? /, '')
  const error = problem ? problem[i18n.locale === 'sl' ? 'sl' : 'en'] : null
  return (
    <div className="field day-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="text"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const typed = event.target.value
          const read = parseDayInput(typed)
          const dayStr = read.ok ? read.dayStr : ''
          setText(typed)
          setEmitted(dayStr)
          if (read.ok) setProblem(null)
          onChange(dayStr)
        }}
        onBlur={() => {
          const read = parseDayInput(text)
          if (read.ok) setText(shown(read.dayStr))
          setProblem(read.ok || text.trim() === '' ? null : read.message)
        }}
      />
      <span className="field-help" id={`${id}-help`}>
        {t`Day, month, year, e.g. ${example}`}
      </span>
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
