// The home page: what the programme is, and the way in to every page this user may open.
import { lazy, memo, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSessionUser } from '../session/session'
import { RouteLink } from '../layout/NavDrawer'
import { navGroups } from '../layout/navigation'
import { displayName } from '../layout/UserMenu'
import { ContentPage } from '../content/ContentPage'
import { InstallHint } from '../pwa/InstallHint'
import { calendarStarted } from '../calendar/calendar-version'
import './screens.css'

// The next training day needs the whole schedule (its data and the zod schema it is checked
// with): loaded beside the home page instead of before it, and on a visitor's page the server
// rendered, once the visitor has touched it and the calendar is taken (docs/0052). Until then
// React leaves the server's HTML of it as it is.
const NextTrainingDay = lazy(() =>
  calendarStarted()
    .then(() => import('../timetable/NextTrainingDay'))
    .then((module) => ({ default: module.NextTrainingDay })),
)

// The parts that wait for a visitor's touch, each in its own boundary that the home page's own
// renders (the calendar taken, the session's answer) do not reach: React would drop the server's
// HTML of a boundary still waiting for its code if its parent rendered it again (a shift,
// docs/0052). Each renders again by itself: the text with the language, the day with the calendar.
const NextDay = memo(function NextDay() {
  return (
    <Suspense fallback={null}>
      <NextTrainingDay />
    </Suspense>
  )
})

const HomeText = memo(function HomeText({ lang }: { lang: 'en' | 'sl' }) {
  return (
    <Suspense fallback={null}>
      <ContentPage slug="home" lang={lang} />
    </Suspense>
  )
})

export default function HomeScreen() {
  const user = useSessionUser()
  const { i18n } = useLingui()
  const groups = navGroups(user)
  return (
    <section className="home">
      <HomeText lang={i18n.locale === 'sl' ? 'sl' : 'en'} />
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
      <NextDay />
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
