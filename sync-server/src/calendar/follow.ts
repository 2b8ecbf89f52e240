// Every instance on one database follows the calendar: when the change log it reads for live
// updates names a calendar record (a change made through any instance), it reads the stored
// calendar again and makes it current, with its `blocks`/`days` mirrors, in turn with the changes
// made through it (docs/0047-the-calendar-is-data.md, docs/0033).
import type { Log } from '../http/log'
import type { Live } from '../live/live'
import type { Store } from '../store/port'
import { followStoredCalendar, inTurn } from './changes'
import { CALENDAR } from './records'

export function followCalendar(live: Live, stores: () => Promise<Store>, log: Log): () => void {
  return live.follow((refs) => {
    if (!refs.some((ref) => ref.collection === CALENDAR)) return
    void stores()
      .then((store) => inTurn(store, () => followStoredCalendar(store)))
      .catch((error: unknown) => {
        log.warn('calendar could not be read again', { error: String(error).slice(0, 200) })
      })
  })
}
