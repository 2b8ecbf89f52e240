// A link to a recording's player. Inside the app it is the router's link (no page load); drawn
// outside a router (a screen rendered on its own, as in tests) it is a plain link to the same page.
import type { ReactNode } from 'react'
import { Link, useRouter } from '@tanstack/react-router'
import { PLAYER_PATH } from './player-path'

export function PlayLink({
  id,
  className,
  children,
}: {
  id: string
  className?: string
  children: ReactNode
}) {
  const router = useRouter({ warn: false })
  if (!router)
    return (
      <a className={className} href={`${PLAYER_PATH}?id=${encodeURIComponent(id)}`} data-play={id}>
        {children}
      </a>
    )
  return (
    <Link className={className} to={PLAYER_PATH} search={{ id }} data-play={id}>
      {children}
    </Link>
  )
}
