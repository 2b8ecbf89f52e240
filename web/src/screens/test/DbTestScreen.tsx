// /test/db: a query console for a logged-in user. It sends one call of the data API through the
// app's one API client, exactly as a screen would, so the access policy decides what it may do;
// a refusal is shown with the server's own message. A visitor is only told to log in.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { api } from '../../api/api'
import { useCallErrorText } from '../../auth/messages'
import { SelectField } from '../../ui/fields'
import { useSession } from '../../session/session'
import {
  answerAsJson,
  checkPayload,
  CONSOLE_COLLECTIONS,
  consoleOperations,
  examplePayload,
  type ConsoleOperation,
} from './db-console'
import { LoginFirst } from './LoginFirst'
import './test-pages.css'

type Outcome =
  | { ok: true; answer: string; ms: number }
  | { ok: false; message: string; status: number; ms: number }

export default function DbTestScreen() {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const { ready, user } = useSession()
  const [collection, setCollection] = useState<string>(CONSOLE_COLLECTIONS[0] ?? 'users')
  const [operation, setOperation] = useState<ConsoleOperation>('find')
  const [text, setText] = useState(() => examplePayload('find'))
  const [problem, setProblem] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [busy, setBusy] = useState(false)

  if (!ready) return null
  if (!user) {
    return (
      <section className="test-page">
        <h1>
          <Trans>Database test</Trans>
        </h1>
        <LoginFirst path="/test/db">
          <Trans>
            The query console sends calls to the database with your own permissions. Log in to use
            it.
          </Trans>
        </LoginFirst>
      </section>
    )
  }

  async function send() {
    const checked = checkPayload(text)
    if (!checked.ok) {
      setProblem(
        checked.problem === 'notObject'
          ? t`The payload must be one object in braces: { … }.`
          : checked.line === null
            ? t`The payload is not valid JSON.`
            : t`The payload is not valid JSON (line ${checked.line}, column ${checked.column}).`,
      )
      return
    }
    setProblem('')
    setBusy(true)
    const started = performance.now()
    try {
      const answer = await api.dbConsole(collection, operation, checked.payload)
      setOutcome({ ok: true, answer: answerAsJson(answer), ms: performance.now() - started })
    } catch (failure) {
      const status = (failure as { status?: number }).status ?? 0
      setOutcome({
        ok: false,
        message: errorText(failure),
        status,
        ms: performance.now() - started,
      })
    } finally {
      setBusy(false)
    }
  }

  const ms = outcome ? Math.round(outcome.ms) : 0
  return (
    <section className="test-page">
      <h1>
        <Trans>Database test</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Sends one call to the database with your permissions: the server answers or refuses it
          exactly as it would for any screen of the app.
        </Trans>
      </p>
      <div className="test-columns">
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <SelectField
            label={t`Collection`}
            value={collection}
            options={CONSOLE_COLLECTIONS.map((name) => ({ value: name, label: name }))}
            onChange={setCollection}
          />
          <SelectField
            label={t`Operation`}
            value={operation}
            options={consoleOperations.map((name) => ({ value: name, label: name }))}
            onChange={(value) => {
              const next = value as ConsoleOperation
              setOperation(next)
              setText(examplePayload(next))
              setProblem('')
            }}
          />
          <div className="field">
            <label htmlFor="db-payload">
              <Trans>Payload (JSON)</Trans>
            </label>
            <textarea
              id="db-payload"
              className="input"
              spellCheck={false}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'db-payload-error' : undefined}
              onChange={(event) => {
                setText(event.target.value)
                setProblem('')
              }}
            />
            {problem && (
              <span className="field-error" id="db-payload-error" role="alert">
                {problem}
              </span>
            )}
          </div>
          <p className="btn-row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
            </button>
          </p>
        </form>
        <div aria-live="polite">
          <h2>
            <Trans>Answer</Trans>
          </h2>
          {outcome && (
            <p className={outcome.ok ? 'muted' : 'field-error'} data-testid="db-outcome">
              {outcome.ok ? (
                <Trans>Answered in {ms} ms.</Trans>
              ) : outcome.status === 0 ? (
                outcome.message
              ) : (
                <Trans>
                  Refused ({outcome.status}) in {ms} ms: {outcome.message}
                </Trans>
              )}
            </p>
          )}
          {outcome?.ok && (
            <pre className="test-output" data-testid="db-answer">
              {outcome.answer}
            </pre>
          )}
        </div>
      </div>
    </section>
  )
}
