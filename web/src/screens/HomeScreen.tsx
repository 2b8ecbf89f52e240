// The home page: what the programme is, and the way in to every page this user may open.
import { lazy, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSessionUser } from '../session/session'
import { RouteLink } from '../layout/NavDrawer'
import { navGroups } from '../layout/navigation'
import { displayName } from '../layout/UserMenu'
import { ContentPage } from '../content/ContentPage'
import { InstallHint } from '../pwa/InstallHint'
import './screens.css'

// The next training day needs the whole schedule (its data and the zod schema it is checked
// with): loaded beside the home page instead of before it.
const NextTrainingDay = lazy(() =>
  import('../timetable/NextTrainingDay').then((module) => ({ default: module.NextTrainingDay })),
)

export default function HomeScreen() {
  const user = useSessionUser()
  const { i18n } = useLingui()
  const groups = navGroups(user)
  return (
    <section className="home">
      <ContentPage slug="home" lang={i18n.locale === 'sl' ? 'sl' : 'en'} />
      {user ? (
        <p>
          <Trans>Welcome, {displayName(user)}.</Trans>
        </p>
      ) : (
        <p className="btn-row">
          <Link to="/auth/login" className="btn btn-primary">
            <Trans>Log in</Trans>
          </Link>
          <Link to="/auth/register" className="btn">
            <Trans>Register</Trans>
          </Link>
        </p>
      )}
      <Suspense fallback={null}>
        <NextTrainingDay />
      </Suspense>
      <div className="home-grid">
        {groups.work.length > 0 && (
          <nav className="card" aria-labelledby="home-work">
            <h2 id="home-work">
              <Trans>My pages</Trans>
            </h2>
            <ul>
              {groups.work.map((route) => (
                <li key={route.path}>
                  <RouteLink path={route.path} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav className="card" aria-labelledby="home-programme">
          <h2 id="home-programme">
            <Trans>The programme</Trans>
          </h2>
          <ul>
            {groups.programme.map((route) => (
              <li key={route.path}>
                <RouteLink path={route.path} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* Last: whether the browser offers installing is known only on the device, after the
          page is shown, so the offer appears where it moves nothing (docs/0023). */}
      <InstallHint />
    </section>
  )
}
