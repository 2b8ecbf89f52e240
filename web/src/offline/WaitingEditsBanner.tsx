// Edits on this device that the signed-in user may not send (waiting-edits.ts): on the studio
// tablet, a participant who logs in finds the presence editor's queued marks kept, and the device
// says, on every screen, that they wait for a login that may send them, naming nobody (on a
// shared computer they may be another participant's). Loaded only for a user
// who may not send everyone's edits (SignInBanner.tsx). It reads the device's outbox through a
// database handle of its own (Dexie's live queries see the runtime's writes in this tab too), so
// a public page neither starts syncing nor loads the sync code for it.
import { useLiveQuery } from 'dexie-react-hooks'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../session/session'
import { LocalDatabase } from './database'
import { editsWaitingForOthers } from './waiting-edits'
import './lapsed-session.css'

let outboxReader: LocalDatabase | null = null
const database = () => (outboxReader ??= new LocalDatabase())

export default function WaitingEditsBanner() {
  const { t } = useLingui()
  const { user } = useSession()
  const db = database()
  const username = user?.username
  const roles = user?.roles.join(',')
  const count = useLiveQuery(
    async () =>
      username
        ? editsWaitingForOthers(
            { username, roles: roles ? roles.split(',') : [] },
            await db.outbox.toArray(),
          )
        : 0,
    [db, username, roles],
  )
  if (!count) return null
  return (
    <section
      className="waiting-edits"
      data-waiting={count}
      aria-label={t`Edits waiting on this device`}
    >
      <p className="waiting-edits-text" role="status">
        <strong>
          <Plural
            value={count}
            one="# edit made on this device waits to be sent."
            other="# edits made on this device wait to be sent."
          />
        </strong>{' '}
        <Trans>
          You may not send them: they stay on this device until the person who made them, or a
          presence editor, logs in here.
        </Trans>
      </p>
    </section>
  )
}
