// A logged-in user without the route's role: a plain explanation, and the screen never runs.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export function NoAccessPage({ title }: { title: string }) {
  return (
    <section className="no-access" data-access="forbidden">
      <h1>
        <Trans>No access</Trans>
      </h1>
      <p>
        <Trans>Your account does not have a role that may open “{title}”.</Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  )
}
