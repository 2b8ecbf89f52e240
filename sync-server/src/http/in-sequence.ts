// Several middleware run as one Hono layer: each calls the next directly. Hono runs every layer
// through an async dispatcher of its own, a promise and an await per layer and request; the
// API's entry steps (origin, admission, body, session) in one layer cost four of those fewer on
// every call (docs/0018-find-under-load.md). An error thrown in a step passes back through the
// steps before it (admission still releases its slot) and is answered by the app's error handler
// at this layer, as it was at the step's own.
import type { Context, MiddlewareHandler, Next } from 'hono'
import type { AppEnv } from './env'

type Step = MiddlewareHandler<AppEnv>

export function inSequence(...steps: Step[]): Step {
  return (c, next) => runFrom(steps, 0, c, next)
}

/**
 * Step `at` and, through its `next`, the ones after it. A module function rather than a closure
 * made per request: the server runs through tsx, whose esbuild output names every function
 * bound to a name when it is created, a call of its own per request (docs/0054-find-under-load.md).
 */
function runFrom(
  steps: readonly Step[],
  at: number,
  c: Context<AppEnv>,
  next: Next,
): ReturnType<Step> | Promise<void> {
  const step = steps[at]
  return step ? step(c, () => runFrom(steps, at + 1, c, next) as Promise<void>) : next()
}
