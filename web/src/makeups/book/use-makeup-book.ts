// The make-up book and the standings screens show, from the ONE local view: attendance and
// absences with the edits still in the outbox, this device's make-up marks, and the last book
// fetched (docs/product-rules.md#make-ups-and-attendance-rules). So a mark made offline on the
// tablet changes a standing at once, before it reaches the server.
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import type { ParticipantStanding } from '@lfit/domain/makeups/standing'
import { afterFirstScreen } from '../../app/first-screen'
import { useEventBus } from '../../events/context'
import { offlineRuntime, startedRuntime } from '../../offline/app-offline'
import { sessionKnown, sessionState, useSession } from '../../session/session'
import { fetchBookInto, storedBook } from './book-store'
import { standingOnDevice, standingsOnDevice } from './device-standings'

export type Standing = ParticipantStanding

/** Fetches the signed-in user's book now (after a sign-up, a cancellation, a record). */
export async function refreshMakeupBook(): Promise<boolean> {
  const user = sessionState().user
  if (!user) return false
  const runtime = startedRuntime()
  return runtime ? fetchBookInto(runtime.db, user.username) : false
}

/** The fetch a mounting screen started: screens that mount together ask the server once. */
let mounting: Promise<boolean> | null = null

/**
 * A make-up screen mounted: fetch the book, unless a sync is under way. The runtime fetches the
 * book when a sync ends (app-offline.tsx), so a screen that mounts during one, as the tablet's
 * first screen does during the sync its login started (docs/0019), would only ask twice; until
 * then it shows the stored book.
 */
export function refreshOnMount(): void {
  if (startedRuntime()?.engine.status().state === 'syncing') return
  // The app's first screen shows the stored book first: the fetch waits until it is on screen
  // and the session is known (docs/0056), and a sync that started meanwhile fetches it when it
  // ends.
  mounting ??= Promise.all([afterFirstScreen(), sessionKnown()])
    .then(() =>
      startedRuntime()?.engine.status().state === 'syncing' ? false : refreshMakeupBook(),
    )
    .finally(() => {
      mounting = null
    })
}

/** The signed-in user's last fetched book; undefined while read or if none was ever fetched. */
export function useMakeupBook(): MakeupBook | undefined {
  return useStoredMakeupBook() ?? undefined
}

/** As useMakeupBook, telling apart "still reading" (undefined) and "none on this device" (null). */
export function useStoredMakeupBook(): MakeupBook | null | undefined {
  const { db } = offlineRuntime(useEventBus())
  const username = useSession().user?.username
  // A make-up screen shows the newest book it can: fetch it when one mounts (offline: the last).
  useEffect(() => {
    if (username) refreshOnMount()
  }, [username])
  return useLiveQuery(
    async () => (username ? ((await storedBook(db, username)) ?? null) : null),
    [db, username],
  )
}

/** One participant's standing; undefined while loading (or before the first book). */
export function useStanding(participant: string): Standing | undefined {
  const { db } = offlineRuntime(useEventBus())
  const book = useMakeupBook()
  const answer = useLiveQuery(
    async () =>
      book ? { participant, standing: await standingOnDevice(db, book, participant) } : null,
    [db, book, participant],
  )
  return answer?.participant === participant ? answer.standing : undefined
}

/** Every enrolled participant's standing, for the staff's lists; undefined while loading. */
export function useStandings(): Map<string, Standing> | undefined {
  const { db } = offlineRuntime(useEventBus())
  const book = useMakeupBook()
  return useLiveQuery(async () => (book ? standingsOnDevice(db, book) : undefined), [db, book])
}
