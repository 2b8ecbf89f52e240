// /test: the developer test pages, for whoever may open them.
import { Trans } from '@lingui/react/macro'
import { canVisit, ROUTES } from '@lfit/domain/access/routes'
import { useSession } from '../session/session'
import { RouteLink } from '../layout/NavDrawer'

export default function TestIndexScreen() {
  const { user } = useSession()
  const tests = ROUTES.filter((r) => r.kind === 'test' && r.path !== '/test')
  return (
    <section>
      <h1>
        <Trans>Test pages</Trans>
      </h1>
      <ul>
        {tests
          .filter((route) => canVisit(user, route.path))
          .map((route) => (
            <li key={route.path}>
              <RouteLink path={route.path} />
            </li>
          ))}
      </ul>
    </section>
  )
}
