// Both file stores check a requested range the same way before they stream anything: the HTTP
// side answers an unsatisfiable range 416 itself, so one reaching a store is a caller's bug, and it
// is refused up front rather than streamed short (disk) or failed midway (GridFS).
import type { ByteRange } from './port'

export function assertRangeWithin(range: ByteRange, size: number): void {
  const { start, end } = range
  const whole = Number.isSafeInteger(start) && Number.isSafeInteger(end)
  if (!whole || start < 0 || start > end || end >= size) {
    throw new RangeError(`byte range ${start}-${end} is outside a file of ${size} bytes`)
  }
}
