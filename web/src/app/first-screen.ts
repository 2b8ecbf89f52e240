// What a start leaves until its first screen is on screen (docs/0056-what-the-first-screen-waits-for.md):
// the work the first paint does not need (the session re-check of a device that had a user, the
// server's calendar when the device holds one, the first sync, the make-up book's fetch, the
// service worker's registration) starts once the screen is shown, so that it takes no bandwidth
// or main thread from it. Anything asked for later than that runs at once.
let show = () => {}
const firstScreen = new Promise<void>((resolve) => {
  show = resolve
})

/** Resolves once the start's first screen has been shown. */
export function afterFirstScreen(): Promise<void> {
  return firstScreen
}

/** Said once by the start (main.tsx) when the first screen is on screen. */
export function markFirstScreenShown(): void {
  show()
}
