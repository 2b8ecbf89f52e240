// The controls the reading lists share (/gradivaSeznam, /knjiznjica): a filter choice with
// "All", the sort choice and the table's header row, so both lists look and read alike.
import { Trans, useLingui } from '@lingui/react/macro'

/** A filter: "All" (no value) or one of `options`. */
export function FilterChoice<T extends string | number>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string
  label: string
  value: T | undefined
  options: readonly { value: T; label: string }[]
  onChange: (value: T | undefined) => void
}) {
  const { t } = useLingui()
  return (
    <label className="list-filter">
      {label}
      <select
        name={name}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value)
          onChange(chosen?.value)
        }}
      >
        <option value="">{t`All`}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

export function SortChoice<S extends string>({
  value,
  sorts,
  names,
  onChange,
}: {
  value: S
  sorts: readonly S[]
  names: Record<S, string>
  onChange: (sort: S) => void
}) {
  return (
    <label className="list-filter">
      <Trans>Sort</Trans>
      <select name="sort" value={value} onChange={(e) => onChange(e.target.value as S)}>
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {names[sort]}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The header row; each cell's label is also the `data-label` of the phone's card layout. */
export function ListHead({ labels }: { labels: Record<string, string> }) {
  return (
    <thead>
      <tr>
        {Object.values(labels).map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
