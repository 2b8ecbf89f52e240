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

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string

/**
 * Binds a form's text fields to its state and its per-field errors (shown in the UI language
 * by `message`): `set(field)` for selects, `{...text(field)}` for a TextField.
 */
export function formFields<F extends object>(
  form: F,
  setForm: (next: F) => void,
  errors: Record<string, string>,
  message: (error: string | undefined) => string,
) {
  const set = (field: TextKeys<F>) => (value: string) => setForm({ ...form, [field]: value })
  const text = (field: TextKeys<F>) => ({
    name: field,
    value: form[field] as string,
    error: message(errors[field]),
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  })
  return { set, text }
}
