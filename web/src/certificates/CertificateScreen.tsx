// /ATMcerts?id=… (admin, regEditor; minimal layout): one certificate as printed.
import { useEffect, useState } from 'react'
import { Link, useSearch } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCallErrorText } from '../auth/messages'
import { certificatesApi, type PrintableCertificate } from './certificates-api'
import { CertificateView } from './CertificateView'

export default function CertificateScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const id = typeof search.id === 'string' ? search.id : ''
  const errorText = useCallErrorText()
  const [printable, setPrintable] = useState<PrintableCertificate | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    let live = true
    certificatesApi.get(id).then(
      (loaded) => live && setPrintable(loaded),
      (failure: unknown) => live && setError(errorText(failure)),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  return (
    <div className="certificate-screen">
      <p className="no-print">
        <Link to="/ATMcertsList" className="btn">
          <Trans>Back to the certificate list</Trans>
        </Link>
      </p>
      {!id && (
        <p>
          <Trans>Choose a certificate on the certificate list to open it here.</Trans>
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {printable && (
        <CertificateView certificate={printable.certificate} verifyAt={printable.verifyAt} />
      )}
    </div>
  )
}
