// Someone left this device (a logout, here or in another tab, a block, another person's login):
// what was theirs is forgotten (web/src/offline/forget-last-user.ts,
// docs/0034-shared-devices-forget-the-last-user.md). A mark in localStorage, written at once,
// says so until the forgetting has finished, so a tab closed half-way finishes it at the next
// start instead of leaving the last user's data to whoever opens the app next.
const FORGET_KEY = 'lfit:forget-last-user'

let forgetting: Promise<void> = Promise.resolve()

/**
 * Forgets the last user's data. `current` answers who uses the device when the forgetting runs
 * (null: nobody), which makes the device theirs: a login that came meanwhile is not undone.
 * Forgettings run one after the other.
 */
export function forgetLastUser(current: () => string | null): Promise<void> {
  try {
    localStorage.setItem(FORGET_KEY, '1')
  } catch {
    // Without storage the forgetting still runs now; only an interrupted one is not resumed.
  }
  const run: Promise<void> = forgetting
    .then(() => import('../offline/forget-last-user'))
    .then((code) => code.forgetLastUser(current()))
    .then(() => {
      // A forgetting queued behind this one keeps the mark until it has finished too.
      if (forgetting !== run) return
      try {
        localStorage.removeItem(FORGET_KEY)
      } catch {
        // As above.
      }
    })
    .catch((error: unknown) => console.error('the last user’s data was not forgotten', error))
  forgetting = run
  return run
}

/** Resolves once every forgetting started so far has finished (the next sync waits for it). */
export function forgotten(): Promise<void> {
  return forgetting
}

/** At start: finishes a forgetting that a closed tab left half done. */
export function resumeForgetting(current: () => string | null): void {
  let marked: boolean
  try {
    marked = localStorage.getItem(FORGET_KEY) !== null
  } catch {
    return
  }
  if (marked) void forgetLastUser(current)
}
