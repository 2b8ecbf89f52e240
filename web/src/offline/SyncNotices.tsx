// Edits that did not apply as made: replaced by a later edit (whose, and what it says now) or
// refused by the server (why). They stay listed until the editor dismisses them, so nothing is
// lost silently. Written in the product's words by notice-words.ts.
import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useSession } from '../session/session'
import type { LocalDatabase, SyncNotice } from './database'
import { useNotices } from './hooks'
import { describeNotice, type NoticeContext } from './notice-words'
import './sync-status.css'

/** Names of the people this device knows: its participants and the signed-in user. */
export function usePeopleNames(db: LocalDatabase): Pick<NoticeContext, 'me' | 'nameOf'> {
  const { user } = useSession()
  const participants = useLiveQuery(() => db.participants.toArray(), [db], [])
  const names = new Map(participants.map((p) => [p.username, `${p.firstName} ${p.lastName}`]))
  if (user?.firstName || user?.lastName)
    names.set(user.username, [user.firstName, user.lastName].filter(Boolean).join(' '))
  return { me: user?.username, nameOf: (username) => names.get(username) }
}

/** The records the notices are about, as this device holds them now. */
function useNoticeRecords(db: LocalDatabase, notices: readonly SyncNotice[]) {
  const key = notices.map((notice) => notice.id).join(',')
  return useLiveQuery(
    async () => {
      const found = await Promise.all(
        notices.map((notice) =>
          (notice.collection === 'attendance' ? db.attendance : db.absences).get(notice.recordId),
        ),
      )
      return new Map(notices.map((notice, index) => [notice.id, found[index]]))
    },
    [db, key],
    new Map(),
  )
}

export function SyncNotices({ db }: { db: LocalDatabase }) {
  const { t, i18n } = useLingui()
  const notices = useNotices(db)
  const people = usePeopleNames(db)
  const records = useNoticeRecords(db, notices)
  if (notices.length === 0) return null
  return (
    <section className="sync-notices" aria-label={t`Edits that were not applied`}>
      <ul>
        {notices.map((notice) => (
          <li
            key={notice.id}
            className="alert alert-warning"
            data-notice={notice.kind}
            data-record={notice.recordId}
          >
            <span>
              {describeNotice(i18n, notice, {
                ...people,
                current: records.get(notice.id) as Record<string, unknown> | undefined,
              })}
            </span>{' '}
            <button type="button" className="btn" onClick={() => void db.notices.delete(notice.id)}>
              <Trans>Dismiss</Trans>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
