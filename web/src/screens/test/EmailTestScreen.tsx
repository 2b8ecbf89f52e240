// /test/email (administrators): the mail queue — how many messages wait, went out or failed, and
// the last ones (recipient, subject, kind, when, status; never a text) — and a test message to
// the admin's own address. Everyone else is told who may see it; nothing is asked of the server.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { isAdmin } from '@lfit/domain/access/roles'
import { testMailAnswerSchema, type MailQueueStatus } from '@lfit/domain/dev-pages/wire'
import { api } from '../../api/api'
import { useScreenRead } from '../../app/screen-reads'
import { useCallErrorText } from '../../auth/messages'
import { formatDateTime } from '../../i18n/date-format'
import { useSession } from '../../session/session'
import { useReadAgain } from '../../ui/ServerRead'
import { LoginFirst } from './LoginFirst'
import './test-pages.css'

function MailQueue() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  // The router reads the queue (web/src/app/screen-reads.ts), and again after a test message.
  const queue = useScreenRead('/test/email')
  const load = useReadAgain()
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function sendTest() {
    setSending(true)
    setNote(null)
    setError(null)
    try {
      const language = i18n.locale === 'sl' ? 'sl' : 'en'
      const { to } = await api.action('/api/dev/mail/test', { language }, testMailAnswerSchema)
      setNote(t`A test message to ${to} is queued.`)
      await load()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSending(false)
    }
  }

  const statusText: Record<MailQueueStatus, string> = {
    queued: t`waiting`,
    sending: t`being sent`,
    sent: t`sent`,
    failed: t`failed`,
  }
  const counts = queue?.counts
  return (
    <>
      <p className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={sending}
          onClick={() => void sendTest()}
        >
          <Trans>Send a test message to me</Trans>
        </button>
        <button type="button" className="btn" onClick={() => void load()}>
          <Trans>Refresh</Trans>
        </button>
      </p>
      {note && <p role="status">{note}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {queue && counts && (
        <>
          <p className="muted">
            {queue.transport === 'smtp' ? (
              <Trans>Messages go out through the configured mail server (SMTP).</Trans>
            ) : (
              <Trans>
                No mail server is configured: each message is written as a file to the server's mail
                folder and nobody receives it.
              </Trans>
            )}
          </p>
          <ul className="test-stats" aria-label={t`Mail queue`}>
            <li>
              <strong>{counts.queued + counts.sending}</strong> <Trans>waiting</Trans>
            </li>
            <li>
              <strong>{counts.sent}</strong> <Trans>sent</Trans>
            </li>
            <li>
              <strong>{counts.failed}</strong> <Trans>failed</Trans>
            </li>
          </ul>
          <h2>
            <Trans>Last messages</Trans>
          </h2>
          {queue.messages.length === 0 ? (
            <p className="muted">
              <Trans>No messages yet.</Trans>
            </p>
          ) : (
            <ul className="mail-list" data-testid="mail-list">
              {queue.messages.map((message, at) => (
                <li key={`${message.queuedAt}-${at}`}>
                  <strong>{message.subject}</strong>
                  <span>
                    <Trans>To {message.to}</Trans> · {message.kind}
                  </span>
                  <span className="muted">
                    {formatDateTime(i18n.locale, message.doneAt ?? message.queuedAt)} ·{' '}
                    {statusText[message.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  )
}

export default function EmailTestScreen() {
  const { ready, user } = useSession()
  if (!ready) return null
  return (
    <section className="test-page">
      <h1>
        <Trans>E-mail test</Trans>
      </h1>
      {!user ? (
        <LoginFirst path="/test/email">
          <Trans>The mail queue is for administrators. Log in as an administrator to see it.</Trans>
        </LoginFirst>
      ) : !isAdmin({ roles: user.roles }) ? (
        <p className="card">
          <Trans>The mail queue is for administrators only.</Trans>
        </p>
      ) : (
        <MailQueue />
      )}
    </section>
  )
}
