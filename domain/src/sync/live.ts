// The live-update channel (docs/sync-protocol.md#live-updates): a WebSocket at LIVE_PATH on which
// the server only says "something you may read changed" (a poke with the change log's cursor),
// never the data; the device then pulls through its one sync engine. Keepalive pings go both
// ways. Every message is a small JSON text frame of this closed, versioned union; anything else
// (another version, a binary frame, an oversized frame) is ignored by a device and closes the
// socket on the server.
import { z } from 'zod'

export const LIVE_PROTOCOL_VERSION = 1

/** Where the socket is served (same origin as the API, so the session cookie goes with it). */
export const LIVE_PATH = '/api/live'

/** The largest frame either side accepts; a poke or a ping is far smaller. */
export const LIVE_MAX_MESSAGE_BYTES = 512

const version = z.literal(LIVE_PROTOCOL_VERSION)

export const liveMessageSchema = z.discriminatedUnion('type', [
  /** The server's change log moved past `cursor`'s position for records the user may read. */
  z.object({ v: version, type: z.literal('poke'), cursor: z.string().min(1).max(200) }),
  /** `t` is the sender's clock in ms; the answer echoes it, which gives the round-trip time. */
  z.object({ v: version, type: z.literal('ping'), t: z.number().finite() }),
  z.object({ v: version, type: z.literal('pong'), t: z.number().finite() }),
])

export type LiveMessage = z.infer<typeof liveMessageSchema>
export type LiveMessageType = LiveMessage['type']

/** Reads one text frame; null for anything that is not a message of this version. */
export function parseLiveMessage(text: string): LiveMessage | null {
  if (text.length > LIVE_MAX_MESSAGE_BYTES) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = liveMessageSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export function encodeLiveMessage(message: LiveMessage): string {
  return JSON.stringify(message)
}
