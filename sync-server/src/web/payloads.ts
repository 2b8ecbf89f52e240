// The public data pages need before any login (`GET /{path}/_payload.json`), so the service
// worker can cache it and a page renders offline on first open. Only data that every visitor may
// see belongs here; anything personal goes through the data API and its access policy.
import { normalizePath } from '@lfit/domain/access/routes'
import { schedule, type Day, type FreeGap, type TrainingBlock } from '@lfit/domain/schedule'

/** The timetable: blocks (their days listed once, in `days`), every day, and the free gaps. */
export interface TimetablePayload {
  blocks: Omit<TrainingBlock, 'days'>[]
  days: readonly Day[]
  gaps: readonly FreeGap[]
}

export function timetablePayload(): TimetablePayload {
  const { blocks, days, gaps } = schedule()
  return { blocks: blocks.map(({ days: _days, ...block }) => block), days, gaps }
}

// Page paths match like routes (docs/product-rules.md: any case, trailing slash); print views show the same.
const PAYLOADS: Record<string, () => unknown> = {
  '/urnik': timetablePayload,
  '/urnikprn': timetablePayload,
  '/urnik-print': timetablePayload,
}

/** The payload of a page path such as `urnik` or `/Urnik/`, or undefined when it has none. */
export function pagePayload(path: string): unknown {
  return PAYLOADS[normalizePath(path)]?.()
}
