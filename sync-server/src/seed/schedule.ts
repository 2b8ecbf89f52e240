// The current calendar (docs/product-rules.md#schedule) mirrored as documents in the `blocks` and
// `days` collections, for calls that read it through the data API. The runtime's current calendar
// is the source: written at every start and after every calendar change, it keeps the mirror
// equal to the calendar, and changes nothing when it already is. Blocks and days the calendar no
// longer has are removed (earlier builds stored the extra-material period as study days).
import { schedule } from '@lfit/domain/schedule'
import type { Store } from '../store/port'

export async function seedSchedule(store: Store): Promise<void> {
  const { blocks, days } = schedule()
  const storedBlocks = store.collection('blocks')
  await storedBlocks.bulkUpsert(
    blocks.map(({ days: blockDays, ...block }) => ({
      filter: { _id: block.block_id },
      // A block lists its days by id; the days themselves live in `days`.
      update: { $set: { ...block, days: blockDays.map((day) => day.id) } },
    })),
  )
  await storedBlocks.deleteMany({ _id: { $nin: blocks.map((block) => block.block_id) } })
  const stored = store.collection('days')
  await stored.bulkUpsert(
    days.map((day) => ({ filter: { _id: day.id }, update: { $set: { ...day } } })),
  )
  await stored.deleteMany({ _id: { $nin: days.map((day) => day.id) } })
}
