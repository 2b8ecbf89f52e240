// The editors' form fields beyond the plain ones of ui/fields.tsx (text, select, checkbox group)
// and ui/DayField.tsx (a date): a text in both languages side by side, rich text in both
// languages (the TipTap editor of /test/editor; the server sanitises what it stores), a radio
// choice, an icon choice and a list of words. Every target is a finger's size on a tablet.
import { useId, useRef, useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { LazyRichTextEditor } from '../rich-text/LazyRichTextEditor'
import { TextField, type Option } from '../ui/fields'

/** One text in Slovenian and English, side by side where there is room. */
export function BilingualTextField({
  label,
  name,
  sl,
  en,
  maxLength,
  error,
  onChange,
}: {
  label: string
  name: string
  sl: string
  en: string
  maxLength?: number
  error?: string | undefined
  onChange: (next: { sl: string; en: string }) => void
}) {
  const { t } = useLingui()
  return (
    <div className="edit-pair" role="group" aria-label={label}>
      <TextField
        label={t`${label} (Slovenian)`}
        name={`${name}Sl`}
        lang="sl"
        value={sl}
        maxLength={maxLength}
        error={error}
        onChange={(event) => onChange({ sl: event.target.value, en })}
      />
      <TextField
        label={t`${label} (English)`}
        name={`${name}En`}
        lang="en"
        value={en}
        maxLength={maxLength}
        onChange={(event) => onChange({ sl, en: event.target.value })}
      />
    </div>
  )
}

/** Rich text in one language: the editor reads its starting HTML once, when it opens. */
export function RichTextField({
  label,
  initialHtml,
  onChange,
}: {
  label: string
  initialHtml: string
  onChange: (html: string) => void
}) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <LazyRichTextEditor label={label} initialHtml={initialHtml} onChange={onChange} />
    </div>
  )
}

/** Rich text in Slovenian and English. */
export function BilingualRichTextField({
  label,
  sl,
  en,
  onChange,
}: {
  label: string
  sl: string
  en: string
  onChange: (next: { sl: string; en: string }) => void
}) {
  const { t } = useLingui()
  // The editors own their text once open; the latest of each is kept for the other's changes.
  const latest = useRef({ sl, en }).current
  return (
    <div className="edit-pair">
      <RichTextField
        label={t`${label} (Slovenian)`}
        initialHtml={sl}
        onChange={(html) => {
          latest.sl = html
          onChange({ ...latest })
        }}
      />
      <RichTextField
        label={t`${label} (English)`}
        initialHtml={en}
        onChange={(html) => {
          latest.en = html
          onChange({ ...latest })
        }}
      />
    </div>
  )
}

/** One of a few choices, all visible (a radio group). */
export function RadioField({
  label,
  name,
  value,
  options,
  onChange,
  help,
}: {
  label: string
  name: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  help?: ReactNode
}) {
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="checks edit-radios">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {help && <span className="field-help">{help}</span>}
    </fieldset>
  )
}

export interface IconOption extends Option {
  icon: ReactNode
}

/** One of a few icons, each shown with its name (an icon alone is not read by everyone). */
export function IconField({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string
  name: string
  value: string
  options: readonly IconOption[]
  onChange: (value: string) => void
}) {
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="checks edit-icons">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span aria-hidden="true">{option.icon}</span>
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Splits a typed list ("Ana Novak, Marko Kos") into its words, trimmed, without repeats. */
export function wordsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;\n]/)
        .map((word) => word.trim())
        .filter(Boolean),
    ),
  ]
}

/** A list of names or tags typed as text separated by commas; read into words on leaving. */
export function WordsField({
  label,
  name,
  values,
  onChange,
  help,
  suggestions,
  error,
}: {
  label: string
  name: string
  error?: string | undefined
  values: readonly string[]
  onChange: (values: string[]) => void
  help?: ReactNode
  /** Known values offered while typing (a datalist). */
  suggestions?: readonly string[]
}) {
  const listId = useId()
  const [text, setText] = useState(values.join(', '))
  return (
    <>
      <TextField
        label={label}
        name={name}
        value={text}
        help={help}
        error={error}
        list={suggestions ? listId : undefined}
        onChange={(event) => {
          setText(event.target.value)
          onChange(wordsOf(event.target.value))
        }}
        onBlur={() => setText(wordsOf(text).join(', '))}
      />
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </>
  )
}
