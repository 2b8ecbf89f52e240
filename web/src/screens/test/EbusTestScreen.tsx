// /test/ebus: the app's event bus as a live log (sync runs, update checks, session changes, live
// pokes), newest first, with a filter per kind. Read-only, and nothing secret: events carry no
// usernames, cursors or record contents (web/src/events/bus.ts), so any visitor may look.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { APP_EVENT_KINDS, type AppEventKind } from '../../events/bus'
import { useAppEvents } from '../../events/context'
import { describeEvent, KIND_WORDS } from '../../events/words'
import { formatEventTime } from './event-time'
import './live-pages.css'

export default function EbusTestScreen() {
  const { t, i18n } = useLingui()
  const events = useAppEvents()
  const [hidden, setHidden] = useState<ReadonlySet<AppEventKind>>(new Set())
  const shown = events.filter((event) => !hidden.has(event.kind)).reverse()
  const toggle = (kind: AppEventKind) =>
    setHidden((before) => {
      const next = new Set(before)
      if (!next.delete(kind)) next.add(kind)
      return next
    })
  return (
    <section>
      <h1>
        <Trans>App events</Trans>
      </h1>
      <p>
        <Trans>
          What this device&apos;s app reports as it runs: syncs, update checks, sign-ins and live
          updates. The newest is first; the last 200 are kept while the page is open.
        </Trans>
      </p>
      <fieldset className="event-filters">
        <legend>
          <Trans>Show</Trans>
        </legend>
        {APP_EVENT_KINDS.map((kind) => (
          <label key={kind}>
            <input
              type="checkbox"
              checked={!hidden.has(kind)}
              onChange={() => toggle(kind)}
              data-kind={kind}
            />
            {i18n._(KIND_WORDS[kind])}
          </label>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p role="status">
          <Trans>No events yet.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data event-log" aria-label={t`App events, newest first`}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Kind</Trans>
                </th>
                <th scope="col">
                  <Trans>What happened</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((event, index) => (
                <tr key={shown.length - index} data-kind={event.kind}>
                  <td>{formatEventTime(i18n.locale, event.at)}</td>
                  <td>{i18n._(KIND_WORDS[event.kind])}</td>
                  <td>{describeEvent(i18n, event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
