// The screen's side of the request queue: this device's requests for one participant, live, and
// the one way to make one (queued on disk first, then sent at once if the network allows).
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEventBus } from '../../events/context'
import { offlineRuntime, startedRuntime } from '../../offline/app-offline'
import { sessionState, useSession } from '../../session/session'
import { refreshMakeupBook } from '../book/use-makeup-book'
import { dismissRequest, requestChange, type MakeupRequest } from './request-queue'
import { makeupRequestSender } from './sender'

/** The tab's sender, started with the offline runtime (by the screen that shows the requests). */
function sender() {
  const runtime = startedRuntime()
  if (!runtime) throw new Error('the offline runtime starts before make-up requests are made')
  return makeupRequestSender(runtime.engine, refreshMakeupBook)
}

/**
 * The signed-in user's requests on this device for `participant`, oldest first (a shared device
 * never shows one login's requests to the next); undefined while read.
 */
export function useMakeupRequests(participant: string | undefined): MakeupRequest[] | undefined {
  const { db, sendNow } = makeupRequestSender(
    offlineRuntime(useEventBus()).engine,
    refreshMakeupBook,
  )
  const user = useSession().user?.username
  // Opening the screen sends whatever still waits (made offline, on an earlier visit).
  useEffect(() => void sendNow(), [sendNow])
  return useLiveQuery(
    async () =>
      participant && user
        ? (await db.requests.where('participant').equals(participant).sortBy('seq')).filter(
            (request) => request.user === user,
          )
        : [],
    [db, participant, user],
  )
}

export async function makeRequest(
  kind: MakeupRequest['kind'],
  sessionId: string,
  participant: string,
): Promise<void> {
  const user = sessionState().user
  if (!user) return
  const { db, sendNow } = sender()
  await requestChange(
    db,
    { kind, sessionId, participant, user: user.username },
    { now: Date.now, newId: () => crypto.randomUUID() },
  )
  await sendNow()
}

export async function dismissDecision(seq: number): Promise<void> {
  await dismissRequest(sender().db, seq)
}
