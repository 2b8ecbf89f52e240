// /test/snack (admin): shows the snackbar, to check its look and its 5-second timeout.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSnackbar } from '../ui/Snackbar'

export default function SnackTestScreen() {
  const { t } = useLingui()
  const snackbar = useSnackbar()
  return (
    <section>
      <h1>
        <Trans>Snackbar test</Trans>
      </h1>
      <p className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => snackbar.show(t`Hello from the snackbar`)}
        >
          <Trans>Show a message</Trans>
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => snackbar.show(t`Something went wrong`, 'error')}
        >
          <Trans>Show an error</Trans>
        </button>
      </p>
    </section>
  )
}
