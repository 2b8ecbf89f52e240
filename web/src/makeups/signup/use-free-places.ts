// Free places per upcoming session, from the public list (a signed-in person also gets the full
// ones). The router reads them with the screen, without waiting for them (docs/0036): the screen
// is on synced data and shows at once, the numbers come when the server answers, and offline
// they never come: the server decides the place anyway.
import { useEffect, useRef } from 'react'
import { useRouter } from '@tanstack/react-router'
import { loadUpcoming } from '../public/upcoming'

/** Free places by session id, or undefined when the server could not be asked. Never rejects. */
export type FreePlacesRead = Promise<ReadonlyMap<string, number> | undefined>

/** The screen's read (web/src/app/screen-reads.ts): started, not awaited. */
export function readFreePlaces(): FreePlacesRead {
  return loadUpcoming(true).then(
    (sessions) => new Map(sessions.map((s) => [s._id, s.free])),
    () => undefined,
  )
}

/**
 * A newer make-up book (a decision came, a sign-up was cancelled) changes the free places: the
 * router reads them again. The first book on display came with the screen's own read.
 */
export function useFreePlacesFollow(book: object | undefined): void {
  const router = useRouter()
  const shown = useRef<object | undefined>(undefined)
  useEffect(() => {
    if (book === undefined || book === shown.current) return
    const before = shown.current
    shown.current = book
    if (before !== undefined) void router.invalidate()
  }, [book, router])
}
