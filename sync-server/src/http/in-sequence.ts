// Several middleware run as one Hono layer: each calls the next directly. Hono runs every layer
// through an async dispatcher of its own, a promise and an await per layer and request; the
// API's entry steps (origin, admission, body, session) in one layer cost four of those fewer on
// every call (docs/0018-find-under-load.md). An error thrown in a step passes back through the
// steps before it (admission still releases its slot) and is answered by the app's error handler
// at this layer, as it was at the step's own.
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env'

export function inSequence(...steps: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const run = (at: number): ReturnType<MiddlewareHandler<AppEnv>> | Promise<void> => {
      const step = steps[at]
      return step ? step(c, () => run(at + 1) as Promise<void>) : next()
    }
    return run(0)
  }
}
