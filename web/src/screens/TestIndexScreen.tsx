// /test: the developer test pages the user may open, each with what it shows. Every page reads
// and sends through the normal session and access policy, so a visitor sees only harmless things.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { canVisit, ROUTES } from '@lfit/domain/access/routes'
import { useSession } from '../session/session'
import { RouteLink } from '../layout/NavDrawer'

const WHAT_IT_SHOWS: Record<string, MessageDescriptor> = {
  '/test/db': msg`A query console: send one database call with your own permissions and see the answer and how long it took (logged-in users).`,
  '/test/ebus': msg`The app's events as they happen: syncs, update checks, session changes and live updates, with filters.`,
  '/test/email': msg`The mail queue and the last messages sent, and a test message to yourself (administrators).`,
  '/test/editor': msg`The rich-text editor of the material and content pages, with the HTML the server keeps beside it.`,
  '/test/socket': msg`The live-update connection: its state, its messages and the round-trip time.`,
  '/test/snack': msg`The snackbar: a message and an error, to check their look and timing (administrators).`,
}

export default function TestIndexScreen() {
  const { i18n } = useLingui()
  const { user } = useSession()
  const tests = ROUTES.filter((r) => r.kind === 'test' && r.path !== '/test')
  return (
    <section>
      <h1>
        <Trans>Test pages</Trans>
      </h1>
      <p className="muted">
        <Trans>Pages for checking how the app works. They use your own permissions.</Trans>
      </p>
      <ul className="test-index">
        {tests
          .filter((route) => canVisit(user, route.path))
          .map((route) => {
            const what = WHAT_IT_SHOWS[route.path]
            return (
              <li key={route.path}>
                <RouteLink path={route.path} />
                {what && <span className="muted"> — {i18n._(what)}</span>}
              </li>
            )
          })}
      </ul>
    </section>
  )
}
