// The fixed schedule (docs/product-rules.md) as documents in the `blocks` and `days` collections, for calls
// that read it through the data API. The code's schedule is the source: writing it on every
// start keeps the stored copy equal to the deployed code, and changes nothing when it already is.
// Days the schedule no longer has are removed (earlier builds stored the extra-material period
// as study days).
import { schedule } from '@lfit/domain/schedule'
import type { Store } from '../store/port'

export async function seedSchedule(store: Store): Promise<void> {
  const { blocks, days } = schedule()
  await store.collection('blocks').bulkUpsert(
    blocks.map(({ days: blockDays, ...block }) => ({
      filter: { _id: block.block_id },
      // A block lists its days by id; the days themselves live in `days`.
      update: { $set: { ...block, days: blockDays.map((day) => day.id) } },
    })),
  )
  const stored = store.collection('days')
  await stored.bulkUpsert(
    days.map((day) => ({ filter: { _id: day.id }, update: { $set: { ...day } } })),
  )
  await stored.deleteMany({ _id: { $nin: days.map((day) => day.id) } })
}
