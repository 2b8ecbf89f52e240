import { describe, expect, it } from 'vitest'
import { buildSchedule } from './blocks'
import {
  calendarDataFromRecords,
  calendarRecordSchema,
  calendarRecordsFromData,
  type BlockRecord,
} from './calendar-records'
import { SCHEDULE_DATA } from './data'

describe('the calendar as records', () => {
  const records = calendarRecordsFromData(SCHEDULE_DATA)

  it('keys the first version by its block ids and keeps one programme record', () => {
    const first = buildSchedule(SCHEDULE_DATA)
    expect(records.filter((record) => record.kind === 'programme')).toHaveLength(1)
    expect(records.filter((r) => r.kind === 'block').map((r) => r._id)).toEqual(
      first.blocks.map((block) => block.block_id),
    )
    for (const record of records) expect(calendarRecordSchema.safeParse(record).success).toBe(true)
  })

  it('gives back a calendar with the same days, ids and hours', () => {
    const again = buildSchedule(calendarDataFromRecords(records))
    const first = buildSchedule(SCHEDULE_DATA)
    expect(again.days).toEqual(first.days)
    expect(again.venue).toBe(first.venue)
  })

  it.each([
    ['a deleted block is left out', (r: BlockRecord) => ({ ...r, deleted: true }), -1],
    ['a block not deleted stays', (r: BlockRecord) => r, 0],
  ])('%s', (_label, change, difference) => {
    const [programme, block, ...rest] = records as [BlockRecord, BlockRecord, ...BlockRecord[]]
    const data = calendarDataFromRecords([programme, change(block), ...rest])
    expect(data.blocks.length - (records.length - 1)).toBe(difference)
  })

  it('reads a record without a comment (null) as a block without one', () => {
    const block = records.find((r): r is BlockRecord => r.kind === 'block' && !r.comment)
    const data = calendarDataFromRecords([...records.filter((r) => r !== block), block!])
    const same = data.blocks.find((b) => b.from === block?.from)
    expect(same && 'comment' in same).toBe(false)
  })
})
