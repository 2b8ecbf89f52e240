// One programme year's blocks on the planner: their dates, kind, name, trainer and days, each
// with its change and remove buttons.
import { Trans, useLingui } from '@lingui/react/macro'
import type { BlockRecord } from '@lfit/domain/schedule'
import { formatDayRange, formatDayShort } from '../i18n/date-format'
import { datesOf, kindOf } from './block-form'
import { kindWords } from './planner-words'

export function BlocksOfYear({
  year,
  blocks,
  onEdit,
  onRemove,
}: {
  year: number
  blocks: readonly BlockRecord[]
  onEdit: (block: BlockRecord) => void
  onRemove: (block: BlockRecord) => void
}) {
  const { t, i18n } = useLingui()
  const words = kindWords(i18n)
  return (
    <section className="planner-year" aria-labelledby={`planner-year-${year}`}>
      <h2 id={`planner-year-${year}`}>
        <Trans>Year {year}</Trans>
      </h2>
      <div className="table-wrap">
        <table className="data planner-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Dates</Trans>
              </th>
              <th scope="col">
                <Trans>Block</Trans>
              </th>
              <th scope="col">
                <Trans>Trainer</Trans>
              </th>
              <th scope="col" className="number">
                <Trans>Study days</Trans>
              </th>
              <th scope="col" className="number">
                <Trans>Free days</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((block) => {
              const kind = kindOf(block)
              const dates = kind === 'extraMaterial' ? [] : datesOf(block.from, block.to)
              const dateWords = formatDayRange(i18n.locale, block.from, block.to)
              // Short dates, the year once (twice for a block across the new year).
              const fromYear = block.from.slice(0, 4)
              const first = `${formatDayShort(i18n.locale, block.from)}${fromYear === block.to.slice(0, 4) ? '' : ` ${fromYear}`}`
              const last = formatDayShort(i18n.locale, block.to)
              return (
                <tr key={block._id} data-block={block._id} data-from={block.from}>
                  <td className="planner-dates">
                    <span>{first} –</span> <span>{last}</span> <span>{block.to.slice(0, 4)}</span>
                  </td>
                  <td>
                    {block.headerName}
                    <span className="planner-kind">{words[kind]}</span>
                  </td>
                  <td>{block.trainer}</td>
                  <td className="number">{dates.length - block.freeDays.length}</td>
                  <td className="number">{block.freeDays.length}</td>
                  <td className="planner-actions">
                    <button
                      type="button"
                      className="btn btn-text btn-small"
                      aria-label={t`Change the block ${dateWords}`}
                      onClick={() => onEdit(block)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <button
                      type="button"
                      className="btn btn-text btn-small planner-remove"
                      aria-label={t`Remove the block ${dateWords}`}
                      onClick={() => onRemove(block)}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
