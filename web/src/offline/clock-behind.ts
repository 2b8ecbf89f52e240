// Whether an edit lost only because this device's clock is behind: its winning stamp is later
// than this device's own clock when the server's answer came. Another device's edit made after
// that answer cannot have won it, and working clocks differ by seconds, so a stamp that far
// ahead says this clock is behind (docs/sync-protocol.md#stamps-and-clocks). With the receive
// rule this happens only to an edit made before the device pulled the record it changes.
import { decodeHlc } from '@lfit/domain/sync/hlc'
import type { SyncNotice } from './database'

/** How far ahead of this device's clock a winning stamp must be to say the clock is behind. */
export const CLOCK_BEHIND_NOTICED_MS = 10 * 60_000

/** The device's time when the answer came and the winning edit's time, when the clock is behind. */
export function clockBehind(notice: SyncNotice): { deviceAt: number; winnerAt: number } | null {
  if (notice.kind !== 'superseded' || !notice.by || notice.receivedAt === undefined) return null
  const winnerAt = decodeHlc(notice.by.hlc).wall
  if (winnerAt - notice.receivedAt <= CLOCK_BEHIND_NOTICED_MS) return null
  return { deviceAt: notice.receivedAt, winnerAt }
}
