// What a start leaves until its first screen is on screen (docs/0056-what-the-first-screen-waits-for.md):
// the work the first paint does not need (the session re-check of a device that had a user, the
// server's calendar when the device holds one, the first sync, the make-up book's fetch, the
// service worker's registration) starts once the screen is shown, so that it takes no bandwidth
// or main thread from it. Anything asked for later than that runs at once. A screen whose content
// comes from its own reads after its first render (the tablet's list from the device's database)
// holds the start until that content is shown, at most CONTENT_WAIT_MS (docs/0057).
import { useEffect } from 'react'

/** The longest a screen's own reads hold the work that waits for the first screen. */
export const CONTENT_WAIT_MS = 1_500

let show = () => {}
const firstScreen = new Promise<void>((resolve) => {
  show = resolve
})
let shown = false

/** Screens whose content is not on screen yet; `settled` is called when the last one is. */
const holding = new Set<symbol>()
let settled = () => {}
/** Whether a screen of this start held it. */
let held = false

/** Resolves once the start's first screen has been shown. */
export function afterFirstScreen(): Promise<void> {
  return firstScreen
}

/**
 * Said once by the start (main.tsx) when the first screen has rendered: the work that waits for
 * it starts once the screens holding it have shown their content, or CONTENT_WAIT_MS later.
 */
export async function markFirstScreenShown(): Promise<void> {
  if (holding.size > 0) {
    await new Promise<void>((resolve) => {
      settled = resolve
      setTimeout(resolve, CONTENT_WAIT_MS)
    })
  }
  // After the frame that paints the content, not with the render that makes it (which may have
  // come just before this was said).
  if (held) await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
  shown = true
  show()
}

/**
 * Holds the start's later work until the returned release is called (a screen whose content is
 * not on screen yet); nothing once the first screen has been said shown.
 */
export function holdFirstScreen(): () => void {
  if (shown) return () => {}
  const token = Symbol('screen content')
  held = true
  holding.add(token)
  return () => {
    if (!holding.delete(token)) return
    if (holding.size === 0) settled()
  }
}

/** A screen's first content: `ready` once it is on screen. Holds the start's later work until then. */
export function useFirstScreenContent(ready: boolean): void {
  useEffect(() => (ready ? undefined : holdFirstScreen()), [ready])
}
