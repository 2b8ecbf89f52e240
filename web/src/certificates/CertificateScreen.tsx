// /ATMcerts?id=… (admin, regEditor; minimal layout): one certificate as printed. The router reads
// it (web/src/app/screen-reads.ts).
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useScreenRead } from '../app/screen-reads'
import { CertificateView } from './CertificateView'

export default function CertificateScreen() {
  const printable = useScreenRead('/atmcerts')
  return (
    <div className="certificate-screen">
      <p className="no-print">
        <Link to="/ATMcertsList" className="btn">
          <Trans>Back to the certificate list</Trans>
        </Link>
      </p>
      {!printable && (
        <p>
          <Trans>Choose a certificate on the certificate list to open it here.</Trans>
        </p>
      )}
      {printable && (
        <CertificateView certificate={printable.certificate} verifyAt={printable.verifyAt} />
      )}
    </div>
  )
}
