// Edits that did not apply as made: superseded by a later edit (who and when) or refused by the
// server (why). They stay listed until the editor dismisses them, so nothing is lost silently.
import { Trans, useLingui } from '@lingui/react/macro'
import { decodeHlc, isEncodedHlc } from '@lfit/domain/sync/hlc'
import { dateFormat } from '../i18n/date-format'
import type { LocalDatabase, SyncNotice } from './database'
import { useNotices } from './hooks'
import './sync-status.css'

function describe(notice: SyncNotice): string {
  const fields = Object.entries(notice.fields)
    .map(([field, value]) => `${field}: ${String(value)}`)
    .join(', ')
  return `${notice.recordId} (${fields})`
}

export function SyncNotices({ db }: { db: LocalDatabase }) {
  const { t, i18n } = useLingui()
  const notices = useNotices(db)
  if (!notices || notices.length === 0) return null
  const when = (ms: number) =>
    dateFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(ms)
  const language = i18n.locale === 'sl' ? 'sl' : 'en'
  const stampTime = (hlc: string | undefined) =>
    hlc && isEncodedHlc(hlc) ? when(decodeHlc(hlc).wall) : '?'
  return (
    <section className="sync-notices" aria-label={t`Edits that were not applied`}>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id} className="alert alert-warning" data-notice={notice.kind}>
            <span>
              {notice.kind === 'superseded' ? (
                <Trans>
                  Your edit {describe(notice)} of {when(notice.madeAt)} was superseded by{' '}
                  {notice.by?.user ?? '?'} ({stampTime(notice.by?.hlc)}).
                </Trans>
              ) : (
                <Trans>
                  Your edit {describe(notice)} was refused: {notice.reason?.message[language] ?? ''}
                </Trans>
              )}
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
