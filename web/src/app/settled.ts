// A part of a screen's read whose failure must not hide the rest of the screen (docs/0036): the
// screen shows it in place with ReadFailed. Its own module, so the API modules that read such a
// part need not import the table of screen reads, which loads them.

/** A read that went through or failed, as the screen shows it. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/** Never rejects: the screen shows a failure with ReadFailed beside what did load. */
export function settled<T>(read: Promise<T>): Promise<Settled<T>> {
  return read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
}
