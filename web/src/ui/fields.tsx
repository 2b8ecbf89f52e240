// Form fields with a label, an error message tied to the input, and help text.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

interface FieldProps {
  label: string
  error?: string | undefined
  help?: ReactNode
}

export function TextField({
  label,
  error,
  help,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {help && <span className="field-help">{help}</span>}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

export interface Option {
  value: string
  label: string
}

export function SelectField({
  label,
  error,
  help,
  value,
  options,
  onChange,
  placeholder,
  name,
}: FieldProps & {
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  placeholder?: string
  name?: string
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {help && <span className="field-help">{help}</span>}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** A multi-select as a group of checkboxes: every choice visible, easy on touch screens. */
export function CheckboxGroup({
  label,
  error,
  values,
  options,
  onChange,
}: FieldProps & {
  values: readonly string[]
  options: readonly Option[]
  onChange: (values: string[]) => void
}) {
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="checks">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={values.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...values, option.value]
                    : values.filter((value) => value !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}
