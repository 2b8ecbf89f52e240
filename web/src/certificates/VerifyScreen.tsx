// /potrdilo (anyone, no login): checks a certificate's code, typed or from its QR code
// (`/potrdilo?koda=…`), and shows only the holder's name, what it certifies, when it was issued
// and whether it is valid or revoked (docs/access-policy.md#certificates). Its holder and the
// issuers, signed in, can also open it to print; so can anyone an event certificate's e-mail
// reached, as that certificate states nothing the check does not. The router checks the
// address's code (web/src/app/screen-reads.ts); the form puts a typed code into the address.
import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { CODE_LENGTH, normaliseCode } from '@lfit/domain/certificates/code'
import { scopeText } from '@lfit/domain/certificates/wording'
import { schedule } from '@lfit/domain/schedule'
import { ApiError } from '../api/client'
import { useScreenRead } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { formatDay } from '../i18n/date-format'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'
import type { VerificationAnswer } from './certificates-api'
import { CertificateView } from './CertificateView'
import './certificate.css'

/** An event certificate rebuilt from what the check answers: it states nothing more. */
function eventCertificate(code: string, { verifyAt, ...answer }: VerificationAnswer) {
  if (answer.scope.kind !== 'event') return null
  const dayStr = schedule().dayById.get(answer.scope.dayId)?.dayStr ?? answer.issuedAt.slice(0, 10)
  const figures = {
    studyDays: 1,
    attended: 1,
    missed: 0,
    madeUp: 0,
    late: 0,
    from: dayStr,
    to: dayStr,
  }
  return { certificate: { ...answer, code, figures }, verifyAt }
}

/** The server's answer that the code is not one of its certificates: no use trying again. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429

export default function VerifyScreen() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const navigate = useNavigate()
  const readAgain = useReadAgain()
  const checked = useScreenRead('/potrdilo')
  const [typed, setTyped] = useState(checked?.code ?? '')
  const verified = checked?.check.ok ? checked.check.value : null
  const canonical = checked ? (normaliseCode(checked.code) ?? checked.code) : ''

  // The code goes into the address (?koda=), so the router checks it, as a QR code's link.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: '/potrdilo', search: (now: object) => ({ ...now, koda: typed.trim() }) })
  }
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const answer = verified
  // The whole certificate for its holder and the issuers (read with the check).
  const printable = checked?.full ?? (answer ? eventCertificate(canonical, answer) : null)

  return (
    <div className="verify-screen">
      <h1 className="no-print">
        <Trans>Check a certificate</Trans>
      </h1>
      <form className="verify-form no-print" onSubmit={submit}>
        <div className="field">
          <label htmlFor="certificate-code">
            <Trans>Certificate code</Trans>
          </label>
          <input
            id="certificate-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="K7QM-3XPA-9TDE-W2HN"
            maxLength={CODE_LENGTH + 8}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby="certificate-code-help"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={typed.trim() === ''}>
          <Trans>Check</Trans>
        </button>
        {/* Below the field and its button, so that the button sits beside the field. */}
        <span id="certificate-code-help" className="field-help">
          <Trans>The 16 characters printed under the QR code; dashes and case do not matter.</Trans>
        </span>
      </form>
      {checked && !checked.check.ok && refusal(checked.check.error) && (
        <p className="alert no-print" role="alert" data-verification="notFound">
          {errorText(checked.check.error)}
        </p>
      )}
      {checked && !checked.check.ok && !refusal(checked.check.error) && (
        <div className="no-print">
          <ReadFailed error={checked.check.error} onRetry={() => void readAgain()} />
        </div>
      )}
      {answer && (
        <section
          className="card verify-result no-print"
          data-verification={answer.status}
          aria-live="polite"
        >
          <p className={`verify-status verify-${answer.status}`}>
            {answer.status === 'valid'
              ? t`Valid certificate`
              : t`This certificate has been revoked`}
          </p>
          <dl>
            <dt>{t`Issued to`}</dt>
            <dd data-field="name">{answer.name}</dd>
            <dt>{t`For`}</dt>
            <dd data-field="scope">{scopeText(answer.scope, lang)}</dd>
            <dt>{t`Issued on`}</dt>
            <dd data-field="issuedAt">{formatDay(i18n.locale, answer.issuedAt.slice(0, 10))}</dd>
          </dl>
        </section>
      )}
      {printable && (
        <CertificateView certificate={printable.certificate} verifyAt={printable.verifyAt} />
      )}
    </div>
  )
}
