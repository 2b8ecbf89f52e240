// The hide requests, for the photo editors: each photo someone asked to have hidden (already
// hidden from everyone else), with its album and when it was asked; the editor keeps it hidden
// or shows it again. Decided requests stay listed below, so a decision can be changed.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { isWaitingForDecision } from '@lfit/domain/photos/access'
import type { HideRequestView } from '@lfit/domain/photos/wire'
import { useCallErrorText } from '../auth/messages'
import { formatDateTime } from '../i18n/date-format'
import { useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { decideHide } from './photos-api'
import { inLanguage } from './text'

export function HideRequests({ read }: { read: HideRequestView[] }) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [requests, setRequests] = useReadState(read)

  const decide = async (request: HideRequestView, decision: 'hidden' | 'shown') => {
    try {
      const photo = await decideHide(request.id, decision)
      setRequests((all) => all.map((r) => (r.id === photo.id ? { ...r, ...photo } : r)))
      snackbar.show(
        decision === 'shown' ? t`The photo is shown again.` : t`The photo stays hidden.`,
      )
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    }
  }

  const waiting = requests.filter((r) => isWaitingForDecision(r.hide))
  const decided = requests.filter((r) => !isWaitingForDecision(r.hide))
  const row = (request: HideRequestView) => (
    <li key={request.id} className="hide-request card">
      <img
        src={request.thumb.url}
        width={request.thumb.width}
        height={request.thumb.height}
        alt={inLanguage(request.caption, i18n.locale)}
        loading="lazy"
      />
      <div>
        <Link to="/photos" search={{ album: request.albumId }}>
          {inLanguage(request.albumTitle, i18n.locale)}
        </Link>
        {request.hide && (
          <p className="muted">
            <Trans>Asked {formatDateTime(i18n.locale, request.hide.requestedAt)}</Trans>
            {request.hide.decision === 'hidden' && (
              <>
                {' · '}
                <Trans>kept hidden</Trans>
              </>
            )}
            {request.hide.decision === 'shown' && (
              <>
                {' · '}
                <Trans>shown again</Trans>
              </>
            )}
          </p>
        )}
        <div className="btn-row">
          <button
            type="button"
            className="btn"
            disabled={request.hide?.decision === 'hidden'}
            onClick={() => void decide(request, 'hidden')}
          >
            <Trans>Keep hidden</Trans>
          </button>
          <button
            type="button"
            className="btn"
            disabled={request.hide?.decision === 'shown'}
            onClick={() => void decide(request, 'shown')}
          >
            <Trans>Show again</Trans>
          </button>
        </div>
      </div>
    </li>
  )

  return (
    <section className="photos" aria-labelledby="requests-title">
      <Link to="/photos" className="btn btn-text photos-back">
        <Trans>← All albums</Trans>
      </Link>
      <h1 id="requests-title">
        <Trans>Hide requests</Trans>
      </h1>
      {waiting.length === 0 && (
        <p>
          <Trans>No request is waiting for a decision.</Trans>
        </p>
      )}
      <ul className="hide-requests">{waiting.map(row)}</ul>
      {decided.length > 0 && (
        <>
          <h2>
            <Trans>Decided</Trans>
          </h2>
          <ul className="hide-requests">{decided.map(row)}</ul>
        </>
      )}
    </section>
  )
}
