// "Download my data", "request deletion" and "sign out on all devices" on /mojRacun
// (docs/product-rules.md#my-account). Deletion is a request an admin acts on, which the person
// may take back while it is open; signing out everywhere ends this device's session too.
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAX_DELETION_NOTE_LENGTH, type OwnProfileAnswer } from '@lfit/domain/users/account'
import { useCallErrorText } from '../auth/messages'
import { formatDateTime } from '../i18n/date-format'
import { logOut } from '../session/session'
import { ConfirmButton } from '../ui/buttons'
import { accountApi, MY_DATA_URL } from './account-api'

export function DownloadMyData() {
  return (
    <>
      <p>
        <Trans>
          A file with everything the programme stores about you: your details, enrolments,
          attendance, absences, sign-ups and when you signed in.
        </Trans>
      </p>
      <a className="btn" href={MY_DATA_URL} download>
        <Trans>Download my data</Trans>
      </a>
    </>
  )
}

export function DeletionRequest({
  request,
  onSaved,
}: {
  request: OwnProfileAnswer['deletionRequest']
  onSaved: (answer: OwnProfileAnswer) => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const run = async (call: () => Promise<OwnProfileAnswer>) => {
    setError(null)
    try {
      onSaved(await call())
      setNote('')
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  const when = request ? formatDateTime(i18n.locale, Date.parse(request.requestedAt)) : ''
  return (
    <div data-deletion={request?.status ?? 'none'}>
      {request?.status === 'open' ? (
        <>
          <p className="alert" role="status">
            <Trans>
              You asked on {when} for your account and data to be deleted. An administrator will act
              on it.
            </Trans>
          </p>
          <ConfirmButton
            question={t`Withdraw your deletion request? Your account stays as it is.`}
            confirmLabel={t`Withdraw`}
            onConfirm={() => run(accountApi.withdrawDeletion)}
          >
            <Trans>Withdraw the request</Trans>
          </ConfirmButton>
        </>
      ) : request?.status === 'done' ? (
        <p>
          <Trans>Your deletion request of {when} has been carried out.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Ask for your account and everything stored about you to be deleted. An administrator
              acts on the request; until then you can withdraw it.
            </Trans>
          </p>
          <div className="field">
            <label htmlFor="deletion-note">
              <Trans>Note for the administrator (optional)</Trans>
            </label>
            <textarea
              id="deletion-note"
              name="note"
              rows={2}
              maxLength={MAX_DELETION_NOTE_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <ConfirmButton
            className="btn btn-danger"
            question={t`Ask for your account and data to be deleted?`}
            confirmLabel={t`Request deletion`}
            onConfirm={() => run(() => accountApi.requestDeletion(note))}
          >
            <Trans>Request deletion</Trans>
          </ConfirmButton>
        </>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export function SignOutEverywhere() {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const signOut = async () => {
    setError(null)
    try {
      await accountApi.signOutEverywhere()
      await logOut()
      await navigate({ to: '/auth/login' })
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  return (
    <>
      <p>
        <Trans>
          Lost a phone, or signed in on someone else's computer? This ends every session of yours,
          this one too.
        </Trans>
      </p>
      <ConfirmButton
        question={t`Sign out on all devices, this one included?`}
        confirmLabel={t`Sign out everywhere`}
        onConfirm={signOut}
      >
        <Trans>Sign out on all devices</Trans>
      </ConfirmButton>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
