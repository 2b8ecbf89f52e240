// A step of the app's start as a task of its own: the browser may paint, handle a tap or run
// other tasks before the next step, so that no step holds a slow phone's main thread for long
// (Total Blocking Time, docs/0024).
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve))
