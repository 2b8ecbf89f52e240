// What a test page that needs a login shows a visitor: the reason and the way to log in, nothing else.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

export function LoginFirst({ path, children }: { path: string; children: ReactNode }) {
  return (
    <div className="card">
      <p>{children}</p>
      <Link to="/auth/login" search={{ redirect: path }} className="btn btn-primary">
        <Trans>Log in</Trans>
      </Link>
    </div>
  )
}
