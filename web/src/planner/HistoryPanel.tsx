// The planner's history: every change of the calendar, newest first, with who made it, when and
// what it changed, and an undo for each change still in force.
import { Trans, useLingui } from '@lingui/react/macro'
import type { Settled } from '../app/settled'
import { formatDateTime } from '../i18n/date-format'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'
import type { HistoryEntry } from './calendar-api'
import { actionWords } from './planner-words'

export function HistoryPanel({
  history,
  busy,
  onUndo,
}: {
  history: Settled<readonly HistoryEntry[]>
  busy: boolean
  onUndo: (id: string) => void
}) {
  const readAgain = useReadAgain()
  return (
    <aside className="planner-history card" aria-labelledby="planner-history-title">
      <h2 id="planner-history-title">
        <Trans>History of changes</Trans>
      </h2>
      {history.ok ? (
        <HistoryList entries={history.value} busy={busy} onUndo={onUndo} />
      ) : (
        <ReadFailed error={history.error} onRetry={() => void readAgain()} />
      )}
    </aside>
  )
}

function HistoryList({
  entries,
  busy,
  onUndo,
}: {
  entries: readonly HistoryEntry[]
  busy: boolean
  onUndo: (id: string) => void
}) {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  return (
    <>
      {entries.length === 0 ? (
        <p className="muted">
          <Trans>No change has been made in the app yet.</Trans>
        </p>
      ) : (
        <ol className="planner-history-list">
          {entries.map((entry) => {
            const when = formatDateTime(i18n.locale, Date.parse(entry.at))
            return (
              <li key={entry._id} data-entry={entry._id} data-undone={entry.undone}>
                <p className="planner-history-head">
                  <strong>{actionWords(i18n, entry.action)}</strong>
                  <time dateTime={entry.at}>{when}</time>
                </p>
                <p>{entry.summary[lang]}</p>
                <p className="planner-history-foot">
                  <span className="muted">{t`by ${entry.user}`}</span>
                  {entry.undone ? (
                    <span className="planner-undone">
                      <Trans>Undone</Trans>
                    </span>
                  ) : (
                    entry.action !== 'undo' && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={busy}
                        aria-label={t`Undo: ${entry.summary[lang]}`}
                        onClick={() => onUndo(entry._id)}
                      >
                        <Trans>Undo</Trans>
                      </button>
                    )
                  )}
                </p>
              </li>
            )
          })}
        </ol>
      )}
    </>
  )
}
