// The estimate behind the password strength hint: zxcvbn-ts with its common dictionaries and
// keyboard patterns. It weighs several hundred kilobytes, so only the hint imports it, on demand,
// when someone types a new password; it is never part of the first route.
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

export type Strength = 0 | 1 | 2 | 3 | 4

const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })

/** 0 (guessed at once) to 4 (very hard to guess); the person's own name and e-mail count against it. */
export function strengthOf(password: string, userInputs: readonly string[]): Strength {
  return estimator.check(password, [...userInputs]).score as Strength
}
