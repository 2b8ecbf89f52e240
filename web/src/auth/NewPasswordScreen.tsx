// /auth/newPassword?token=…: the page of an e-mailed single-use link (docs/security.md#password-links),
// both the forgotten-password link and the welcome link of an accepted applicant. It checks the
// link first, so nobody types a password into a link that no longer works, then sets the
// password once; every session of the account ends and the person logs in with the new one.
import { useEffect, useState } from 'react'
import { Link, useSearch } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { PasswordLinkAnswer } from '@lfit/domain/api/answers'
import { linkTokenSchema } from '@lfit/domain/users/password-link'
import { api } from '../api/api'
import { ApiError } from '../api/client'
import { refreshSession, useSession } from '../session/session'
import { useCallErrorText } from './messages'
import { NewPasswordForm } from './NewPasswordForm'
import './auth.css'

type Refused = 'expired' | 'used' | 'unknown' | 'incomplete'
type LinkState =
  | { step: 'checking' }
  | { step: 'failed'; text: string }
  | { step: 'refused'; reason: Refused }
  | { step: 'ready'; purpose: 'welcome' | 'reset'; username: string }
  | { step: 'done'; purpose: 'welcome' | 'reset' }

/** The link's state from the server's refusal of it, if that is what the error says. */
const REFUSED: Record<string, Refused> = {
  passwordLinkExpired: 'expired',
  passwordLinkUsed: 'used',
  passwordLinkUnknown: 'unknown',
}

const fromCheck = (answer: PasswordLinkAnswer): LinkState =>
  answer.status === 'valid'
    ? { step: 'ready', purpose: answer.purpose, username: answer.username }
    : { step: 'refused', reason: answer.status }

export default function NewPasswordScreen() {
  const errorText = useCallErrorText()
  const { user } = useSession()
  const search = useSearch({ strict: false }) as { token?: unknown }
  const parsed = linkTokenSchema.safeParse(search.token)
  const token = parsed.success ? parsed.data : null
  const [state, setState] = useState<LinkState>({ step: 'checking' })
  // Raised by "Try again" after a failed check (offline, say), which runs the check again.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!token) return
    let current = true
    api.auth('checkPasswordLink', { token }).then(
      (answer) => current && setState(fromCheck(answer)),
      (error: unknown) => current && setState({ step: 'failed', text: errorText(error) }),
    )
    return () => {
      current = false
    }
    // errorText is a new function each render; the check runs once per token and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt])

  const shown: LinkState = token ? state : { step: 'refused', reason: 'incomplete' }

  const save = async (password: string): Promise<string | null> => {
    if (!token || shown.step !== 'ready') return null
    try {
      await api.auth('newPassword', { token, password })
      setState({ step: 'done', purpose: shown.purpose })
      // Whoever was logged in on this device as that person is logged out with the rest.
      if (user) void refreshSession()
      return null
    } catch (error) {
      const reason = error instanceof ApiError ? REFUSED[error.code] : undefined
      if (reason) {
        setState({ step: 'refused', reason })
        return null
      }
      return errorText(error)
    }
  }

  const purpose = shown.step === 'ready' || shown.step === 'done' ? shown.purpose : null
  const welcome = purpose === 'welcome'
  return (
    <section className="auth-screen">
      <h1>
        {welcome ? (
          <Trans>Choose your password</Trans>
        ) : purpose === 'reset' ? (
          <Trans>Reset your password</Trans>
        ) : (
          <Trans>Set your password</Trans>
        )}
      </h1>
      {shown.step === 'checking' && (
        <p role="status">
          <Trans>Checking the link…</Trans>
        </p>
      )}
      {shown.step === 'failed' && (
        <div className="card auth-message">
          <p className="alert" role="alert">
            {shown.text}
          </p>
          <div className="btn-row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setState({ step: 'checking' })
                setAttempt(attempt + 1)
              }}
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        </div>
      )}
      {shown.step === 'refused' && <RefusedLink reason={shown.reason} />}
      {shown.step === 'ready' && (
        <NewPasswordForm purpose={shown.purpose} username={shown.username} onSave={save} />
      )}
      {shown.step === 'done' && (
        <div className="card auth-message" role="status">
          <p className="alert alert-success">
            {welcome ? (
              <Trans>Your password is saved. Log in with it now.</Trans>
            ) : (
              <Trans>
                Your new password is saved, and you are logged out on every device. Log in with the
                new password.
              </Trans>
            )}
          </p>
          <div className="btn-row">
            <Link to="/auth/login" className="btn btn-primary">
              <Trans>Log in</Trans>
            </Link>
          </div>
        </div>
      )}
    </section>
  )
}

/** Why the link does not work, and the way on: a new link (or logging in, if it was used). */
function RefusedLink({ reason }: { reason: Refused }) {
  return (
    <div className="card auth-message">
      <p className="alert" role="alert">
        {reason === 'expired' ? (
          <Trans>
            This link has expired. A link to reset a password works for one hour (a welcome link,
            for a week).
          </Trans>
        ) : reason === 'used' ? (
          <Trans>
            This link has already been used: each link works only once. If you chose your password
            with it, log in; if not, ask for a new link.
          </Trans>
        ) : reason === 'unknown' ? (
          <Trans>
            This link is not valid. A newer link may have replaced it: use the one in the latest
            e-mail, or ask for a new link.
          </Trans>
        ) : (
          <Trans>
            This link is incomplete. Open it again from the e-mail (if your mail app split it over
            two lines, copy the whole address), or ask for a new link.
          </Trans>
        )}
      </p>
      <div className="btn-row">
        <Link to="/auth/forgotPassword" className="btn btn-primary">
          <Trans>Ask for a new link</Trans>
        </Link>
        <Link to="/auth/login" className="btn">
          <Trans>Log in</Trans>
        </Link>
      </div>
    </div>
  )
}
