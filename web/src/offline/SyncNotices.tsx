// Edits that did not apply as made: replaced by a later edit (whose, and what it says now) or
// refused by the server (why). They stay listed until the editor dismisses them, so nothing is
// lost silently. Written in the product's words by notice-words.ts.
import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { api } from '../api/api'
import { useSession } from '../session/session'
import type { LocalDatabase, SyncNotice } from './database'
import { readRecords } from './device-records'
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

/**
 * Names of the later editors this device has none for (an admin, another presence editor):
 * asked of the server's user directory once, while online. Offline or refused, their login
 * is shown instead.
 */
function useEditorNames(notices: readonly SyncNotice[], known: NoticeContext['nameOf']) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  const missing = [
    ...new Set(notices.flatMap((notice) => (notice.by?.user ? [notice.by.user] : []))),
  ].filter((username) => !known(username) && !names.has(username))
  const key = missing.sort().join('\n')
  useEffect(() => {
    if (!key) return
    let live = true
    // One exact lookup per person: the directory compares usernames as they are (no `$in`).
    const lookups = key.split('\n').map((username) =>
      api.sync('users', 'find', {
        query: { username },
        opts: { projection: { username: 1, firstName: 1, lastName: 1 }, limit: 1 },
      }),
    )
    Promise.all(lookups)
      .then((answers) => {
        if (!live) return
        const found = answers.flatMap((answer) =>
          Array.isArray(answer)
            ? (answer as { username: string; firstName?: string; lastName?: string }[])
            : [],
        )
        const named = found
          .map((user) => [user.username, [user.firstName, user.lastName].filter(Boolean).join(' ')])
          .filter((entry): entry is [string, string] => entry[1] !== '')
        setNames((before) => new Map([...before, ...named]))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [key])
  return names
}

/** The records the notices are about, as this device holds them now. */
function useNoticeRecords(db: LocalDatabase, notices: readonly SyncNotice[]) {
  const key = notices.map((notice) => notice.id).join(',')
  return useLiveQuery(
    async () => {
      const found = await Promise.all(
        notices.map(
          async (notice) =>
            (await readRecords(db, notice.collection, [notice.recordId]))[0] as
              Record<string, unknown> | undefined,
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
  const local = usePeopleNames(db)
  const fetched = useEditorNames(notices, local.nameOf)
  const people = {
    me: local.me,
    nameOf: (username: string) => local.nameOf(username) ?? fetched.get(username),
  }
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
                registry: db.registry,
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
