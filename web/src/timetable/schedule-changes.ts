// How long what the public pages show of the schedule stays true: today's mark, the next training
// day, the segment shown by default and which blocks are past all change only at a Ljubljana
// midnight, at a study day's end or at a block's end. The server keeps its render of `/` and
// `/urnik` within these bounds, and the app takes that HTML over only when its own clock is
// within them too (docs/0023-public-pages-rendered-by-the-server.md).
import { addDays, localDayStr, schedule, startOfDay, type Schedule } from '@lfit/domain/schedule'

/** The instants at which the schedule's pages can show something else. */
function changes(from: Schedule): number[] {
  const found: number[] = []
  // The next training day is the first whose end is after now: it moves on at that end.
  for (const day of from.days) if (!day.freeDay) found.push(day.to)
  // A block is past once now is after its end.
  for (const block of from.blocks) found.push(block.endsAt + 1)
  return found
}

/** The span around `at` in which the schedule's pages show what they show at `at`. */
export function scheduleShownSpan(
  at: number,
  from: Schedule = schedule(),
): { since: number; until: number } {
  const today = localDayStr(at)
  let since = startOfDay(today)
  let until = startOfDay(addDays(today, 1))
  for (const change of changes(from)) {
    if (change <= at) since = Math.max(since, change)
    else until = Math.min(until, change)
  }
  return { since, until }
}
