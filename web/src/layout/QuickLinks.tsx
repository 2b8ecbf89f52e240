// The app bar's quick links on a wide screen: as many of the user's frequent pages as fit on the
// one line, in order; the others stay in the menu. The links wrap inside a one-line box that hides
// the second line, and each link that wrapped is made invisible, so that it cannot take the focus
// either (a name or a language with longer words leaves room for fewer).
import { useLayoutEffect, useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { UserLike } from '@lfit/domain/access/roles'
import { RouteLink } from './NavDrawer'
import { quickLinks } from './navigation'

function hideWrapped(nav: HTMLElement) {
  const links = [...nav.children] as HTMLElement[]
  const top = links[0]?.offsetTop ?? 0
  for (const link of links) link.dataset.wrapped = String(link.offsetTop > top)
}

export function QuickLinks({ user }: { user: UserLike }) {
  const { t, i18n } = useLingui()
  const ref = useRef<HTMLElement>(null)
  const paths = quickLinks(user)
  const key = `${i18n.locale}|${paths.join()}`
  useLayoutEffect(() => {
    const nav = ref.current
    if (!nav) return
    // The observer's first report comes after the browser's own layout, before the paint: read
    // there, the links' places cost no extra layout in the middle of React's commit (docs/0022).
    const observer = new ResizeObserver(() => hideWrapped(nav))
    observer.observe(nav)
    return () => observer.disconnect()
  }, [key])
  return (
    <nav className="quick-links" aria-label={t`Frequent pages`} ref={ref}>
      {paths.map((path) => (
        <RouteLink key={path} path={path} />
      ))}
    </nav>
  )
}
