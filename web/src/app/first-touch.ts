// What a visitor's home page leaves until they first touch it (docs/0052-what-a-visitor-downloads.md):
// the page the server rendered is on screen and reads as it is, so the code that would only
// make its text, its next training day and the session check live again (the schema library,
// the schedule, the calendar's answer, the wire format) loads with the visitor's first tap, key
// or navigation, not with the page. Every other start has nothing to wait for.
const TOUCHES = ['pointerdown', 'touchstart', 'keydown'] as const

let touched: Promise<void> = Promise.resolve()
let touchNow = () => {}

/** Resolves once the page has been touched; at once unless the start waits for a touch. */
export function firstTouch(): Promise<void> {
  return touched
}

/** Holds `firstTouch()` until the visitor's first tap, touch or key, or `touchedNow()`. */
export function waitForFirstTouch(): void {
  touched = new Promise((resolve) => {
    touchNow = () => {
      for (const touch of TOUCHES) window.removeEventListener(touch, touchNow, true)
      resolve()
    }
    for (const touch of TOUCHES) {
      window.addEventListener(touch, touchNow, { capture: true, passive: true })
    }
  })
}

/** What counts as a touch without one: a navigation, or a start that shows the device's own page. */
export function touchedNow(): void {
  touchNow()
}
