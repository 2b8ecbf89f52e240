// The minimal layout: no app bar or menu, for print views and certificates.
import type { ReactNode } from 'react'
import { ActingBanner } from './ActingBanner'
import { SignInBanner } from './SignInBanner'
import './layout.css'

export function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <ActingBanner />
      <SignInBanner />
      <main id="main" className="minimal-page">
        {children}
      </main>
    </>
  )
}
