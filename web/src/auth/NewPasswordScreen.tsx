// /auth/newPassword?token=…: the page of an e-mailed single-use link (docs/security.md#password-links),
// both the forgotten-password link and the welcome link of an accepted applicant. It checks the
// link first, so nobody types a password into a link that no longer works, then sets the
// password once; every session of the account ends and the person logs in with the new one.
// The router checks the link (a check that fails, offline say, shows the one failure block
// with "Try again", docs/0036).
import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { PasswordLinkAnswer } from '@lfit/domain/api/answers'
import { api } from '../api/api'
import { ApiError } from '../api/client'
import { useScreenRead } from '../app/screen-reads'
import { refreshSession, useSession } from '../session/session'
import { useReadState } from '../ui/ServerRead'
import { useCallErrorText } from './messages'
import { NewPasswordForm } from './NewPasswordForm'
import './auth.css'

type Refused = 'expired' | 'used' | 'unknown' | 'incomplete'
type LinkState =
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
  // The router checks the link (web/src/app/screen-reads.ts); none when it is incomplete.
  const checked = useScreenRead('/auth/newpassword')
  const token = checked?.token ?? null
  const read = useMemo<LinkState>(
    () => (checked ? fromCheck(checked.check) : { step: 'refused', reason: 'incomplete' }),
    [checked],
  )
  const [state, setState] = useReadState(read)

  const save = async (password: string): Promise<string | null> => {
    if (!token || state.step !== 'ready') return null
    try {
      await api.auth('newPassword', { token, password })
      setState({ step: 'done', purpose: state.purpose })
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

  const purpose = state.step === 'ready' || state.step === 'done' ? state.purpose : null
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
      {state.step === 'refused' && <RefusedLink reason={state.reason} />}
      {state.step === 'ready' && (
        <NewPasswordForm purpose={state.purpose} username={state.username} onSave={save} />
      )}
      {state.step === 'done' && (
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
