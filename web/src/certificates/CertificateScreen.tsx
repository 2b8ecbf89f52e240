// /ATMcerts?id=… (admin, regEditor; minimal layout): one certificate as printed. The router reads
// it (web/src/app/screen-reads.ts).
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useScreenRead } from '../app/screen-reads'
import { CertificateView } from './CertificateView'

export default function CertificateScreen() {
  const certificate = useScreenRead('/atmcerts')
  return (
    <div className="certificate-screen">
      <p className="no-print">
        <Link to="/ATMcertsList" className="btn">
          <Trans>Back to the certificate list</Trans>
        </Link>
      </p>
      {!certificate && (
        <p>
          <Trans>Choose a certificate on the certificate list to open it here.</Trans>
        </p>
      )}
      {certificate && <CertificateView certificate={certificate} />}
    </div>
  )
}
