// Hybrid logical clock: edit timestamps that order edits across devices even when their clocks
// disagree, and that sort correctly as plain strings (so stores can compare them with $lt/$gt).

export interface Hlc {
  /** Milliseconds since the epoch, never behind the last timestamp this node issued or saw. */
  wall: number
  /** Breaks ties between timestamps with the same wall time on one node. */
  counter: number
  /** The issuing device; makes every timestamp unique, so the order is total. */
  node: string
}

const WALL_DIGITS = 15
const COUNTER_DIGITS = 6
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1

export function encodeHlc(hlc: Hlc): string {
  return `${String(hlc.wall).padStart(WALL_DIGITS, '0')}:${String(hlc.counter).padStart(COUNTER_DIGITS, '0')}:${hlc.node}`
}

const ENCODED = /^(\d{15}):(\d{6}):(.+)$/

export function decodeHlc(encoded: string): Hlc {
  const match = ENCODED.exec(encoded)
  if (!match) throw new Error(`not a hybrid logical clock timestamp: ${encoded}`)
  return { wall: Number(match[1]), counter: Number(match[2]), node: match[3] as string }
}

export function isEncodedHlc(value: unknown): value is string {
  return typeof value === 'string' && ENCODED.test(value)
}

/** Compares encoded timestamps; the fixed-width encoding makes string order the clock order. */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The timestamp for a new local edit. */
export function tickHlc(last: Hlc | null, now: number, node: string): Hlc {
  const lastWall = last?.wall ?? 0
  if (now > lastWall) return { wall: now, counter: 0, node }
  const counter = (last?.counter ?? 0) + 1
  if (counter > MAX_COUNTER) return { wall: lastWall + 1, counter: 0, node }
  return { wall: lastWall, counter, node }
}

/** Moves the local clock past a timestamp seen from another device, so later local edits win. */
export function observeHlc(last: Hlc | null, seen: Hlc, now: number, node: string): Hlc {
  const wall = Math.max(last?.wall ?? 0, seen.wall, now)
  let counter = 0
  if (wall === seen.wall && wall === last?.wall) counter = Math.max(last.counter, seen.counter) + 1
  else if (wall === seen.wall) counter = seen.counter + 1
  else if (wall === last?.wall) counter = last.counter + 1
  if (counter > MAX_COUNTER) return { wall: wall + 1, counter: 0, node }
  return { wall, counter, node }
}
