// One person's certificates on the list: each code opens the certificate; a valid one can be
// re-issued (a new code, the old one revoked as replaced) or revoked, each with a reason.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAX_REVOKE_REASON, type Certificate } from '@lfit/domain/certificates/record'
import { useCallErrorText } from '../auth/messages'
import { useSnackbar } from '../ui/Snackbar'
import { certificatesApi } from './certificates-api'
import { ReasonDialog } from '../ui/ReasonDialog'

export function CertificateActions({
  certificates,
  onChanged,
}: {
  certificates: readonly Certificate[]
  onChanged: () => Promise<void>
}) {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [asking, setAsking] = useState<{ id: string; action: 'revoke' | 'reissue' } | null>(null)
  const run = async (reason: string) => {
    if (!asking) return false
    try {
      if (asking.action === 'revoke') {
        await certificatesApi.revoke(asking.id, reason)
        snackbar.show(t`The certificate is revoked; its code now verifies as revoked.`)
      } else {
        const result = await certificatesApi.reissue(asking.id, reason)
        snackbar.show(
          result.issued.length > 0
            ? t`A new certificate is issued; the old code now verifies as revoked.`
            : t`No new certificate: the person is no longer eligible.`,
          result.issued.length > 0 ? 'info' : 'error',
        )
      }
      await onChanged()
      return true
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
      return false
    }
  }
  return (
    <div className="certificate-actions">
      {certificates.map((certificate) => (
        <div
          key={certificate._id}
          data-certificate={certificate.code}
          data-status={certificate.status}
        >
          <Link to="/ATMcerts" search={{ id: certificate._id }} className="certificate-code-link">
            {certificate.code}
          </Link>{' '}
          {certificate.status === 'revoked' ? (
            <span className="badge">
              <Trans>revoked</Trans>
            </span>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setAsking({ id: certificate._id, action: 'reissue' })}
              >
                <Trans>Re-issue</Trans>
              </button>
              <button
                type="button"
                className="btn btn-small"
                data-action="revoke"
                onClick={() => setAsking({ id: certificate._id, action: 'revoke' })}
              >
                <Trans>Revoke</Trans>
              </button>
            </>
          )}
        </div>
      ))}
      {asking && (
        <ReasonDialog
          title={
            asking.action === 'revoke' ? t`Revoke the certificate` : t`Re-issue the certificate`
          }
          confirmLabel={asking.action === 'revoke' ? t`Revoke` : t`Re-issue`}
          tone={asking.action === 'revoke' ? 'danger' : 'primary'}
          reasonLabel={t`Reason (required; kept with the certificate)`}
          maxLength={MAX_REVOKE_REASON}
          onConfirm={run}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  )
}
