// When this device sends its queued make-up requests: at once after one is made, when the
// network comes back, and after each finished sync (the same moments the sync engine pushes the
// outbox). One send at a time per tab, and one tab at a time; each decision is followed by a
// fresh make-up book, so the screens show what the server now holds.
import { api } from '../../api/api'
import type { SyncEngine } from '../../offline/sync-engine'
import { acrossTabs } from '../../offline/sync-loop'
import { sessionState } from '../../session/session'
import { forgetOldDecisions, MakeupRequestDatabase, sendWaiting } from './request-queue'

interface Sender {
  db: MakeupRequestDatabase
  /** Sends the waiting requests now (a no-op while a send is running or nobody is signed in). */
  sendNow(): Promise<void>
}

let sender: Sender | null = null
const exclusive = acrossTabs('lfit-makeup-requests')

export function makeupRequestSender(
  engine: SyncEngine,
  refreshBook: () => Promise<unknown>,
): Sender {
  if (sender) return sender
  const db = new MakeupRequestDatabase()
  let running: Promise<void> | null = null
  // A request made while a send runs is sent by that run's next round, not left for later.
  let again = false
  const sendRound = async (): Promise<void> => {
    const { user, lapsed } = sessionState()
    if (!user || lapsed) return
    await exclusive(async () => {
      await forgetOldDecisions(db, Date.now())
      await sendWaiting(db, api, user.username, Date.now, refreshBook)
    })
  }
  const sendNow = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await sendRound()
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  window.addEventListener('online', () => void sendNow())
  let last = engine.status().state
  engine.subscribe(() => {
    const state = engine.status().state
    if (last === 'syncing' && state === 'idle') void sendNow()
    last = state
  })
  sender = { db, sendNow }
  return sender
}
