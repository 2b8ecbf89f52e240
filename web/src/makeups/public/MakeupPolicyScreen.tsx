// /nadomescanje: the programme's make-up policy (a content page in both languages), the limits
// and the cancellation deadline in force, and the upcoming sessions with free places. Public:
// a visitor sees the programme's default limits; someone signed in sees those of the programme's
// settings, and a participant gets the way to sign up.
import { Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { canVisit } from '@lfit/domain/access/routes'
import { useScreenRead } from '../../app/screen-reads'
import { ContentPage } from '../../content/ContentPage'
import { useSession } from '../../session/session'
import { MakeupLimits } from './MakeupLimits'
import { UpcomingSessions } from './UpcomingSessions'
import './makeups.css'

export default function MakeupPolicyScreen() {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const { user } = useSession()
  const { upcoming } = useScreenRead('/nadomescanje')
  return (
    <div className="makeup-policy">
      <Suspense fallback={null}>
        <ContentPage slug="nadomescanje" lang={lang} />
      </Suspense>
      <MakeupLimits signedIn={Boolean(user)} />
      {canVisit(user, '/prijavaNadomescanje') && (
        <p>
          <Link to="/prijavaNadomescanje" className="btn btn-primary">
            <Trans>Sign up for a make-up session</Trans>
          </Link>
        </p>
      )}
      <UpcomingSessions read={upcoming} />
    </div>
  )
}
