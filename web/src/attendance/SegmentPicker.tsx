import { Trans, useLingui } from '@lingui/react/macro'
import { attendanceBlocks, type TrainingBlock } from '@lfit/domain/schedule'
import { formatDayRange } from '../i18n/date-format'

export interface BlockChoice {
  year: number
  segment: number
  blockId: string
}

/** Year, segment and block selects; the block list follows the chosen segment. */
export function SegmentPicker({
  value,
  onChange,
}: {
  value: BlockChoice
  onChange: (next: BlockChoice) => void
}) {
  const { i18n } = useLingui()
  // Blocks with study days only: the extra-material period has nothing to mark.
  const blocks = attendanceBlocks()
  const years = [...new Set(blocks.map((b) => b.year))]
  const segments = [...new Set(blocks.filter((b) => b.year === value.year).map((b) => b.segment))]
  const ofSegment = blocks.filter((b) => b.year === value.year && b.segment === value.segment)
  const firstBlock = (year: number, segment?: number): TrainingBlock | undefined =>
    blocks.find((b) => b.year === year && (segment === undefined || b.segment === segment))
  const choose = (block: TrainingBlock | undefined) =>
    block && onChange({ year: block.year, segment: block.segment, blockId: block.block_id })
  return (
    <div className="segment-picker">
      <label>
        <Trans>Year</Trans>{' '}
        <select
          name="year"
          value={value.year}
          onChange={(e) => choose(firstBlock(Number(e.target.value)))}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Segment</Trans>{' '}
        <select
          name="segment"
          value={value.segment}
          onChange={(e) => choose(firstBlock(value.year, Number(e.target.value)))}
        >
          {segments.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans context="a block of the timetable">Block</Trans>{' '}
        <select
          name="block"
          value={value.blockId}
          onChange={(e) => choose(blocks.find((b) => b.block_id === e.target.value))}
        >
          {ofSegment.map((b) => (
            <option key={b.block_id} value={b.block_id}>
              {formatDayRange(i18n.locale, b.from, b.to)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

/** The default block for editors: the latest past block of the default segment, else its first. */
export function defaultBlockChoice(
  selection: { year: number; segment: number },
  now: number,
): BlockChoice {
  const ofSegment = attendanceBlocks().filter(
    (b) => b.year === selection.year && b.segment === selection.segment,
  )
  const block = ofSegment.findLast((b) => b.startsAt <= now) ?? ofSegment[0]
  return { ...selection, blockId: block?.block_id ?? '' }
}
