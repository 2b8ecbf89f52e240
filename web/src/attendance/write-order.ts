// The edits of an /ETAB sheet reach the outbox one after the other, in the order they were made
// (docs/0020-tap-shows-when-written.md): a later edit of a record gets a later clock stamp, and a
// failed write does not stop the ones after it.

/** Runs the writes one after the other, in the order they were asked for. */
export function writeQueue(): <T>(write: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve()
  return (write) => {
    const next = last.then(write)
    last = next.catch(() => undefined)
    return next
  }
}
