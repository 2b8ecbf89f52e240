// What the benchmarks share to talk to the real server as a device does: a login that keeps the
// session cookie and msgpack calls, and the heaviest kind of push (one new record per edit).
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation } from '@lfit/domain/sync/protocol'
import { MSGPACK, pack, unpack } from '../../sync-server/src/http/msgpack'

export interface Api {
  /** The session cookie as `name=value` (for a browser to carry the same session). */
  cookie: string
  call<T>(path: string, body: unknown): Promise<T>
}

/** Logs in at `base` and answers calls made with that session; any refusal throws. */
export async function login(base: string, username: string, password: string): Promise<Api> {
  const answer = await post(base, '/api/auth/login', { username, password })
  if (!answer.ok) throw new Error(`bench login failed: ${answer.status}`)
  return caller(base, (answer.headers.get('set-cookie') ?? '').split(';')[0] as string)
}

/** Msgpack calls to `base` with this session cookie (none: a server that asks for no login). */
export function caller(base: string, cookie = ''): Api {
  return {
    cookie,
    async call<T>(path: string, body: unknown) {
      const response = await post(base, path, body, cookie)
      const value = unpack(new Uint8Array(await response.arrayBuffer()))
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(value)}`)
      return value as T
    },
  }
}

function post(base: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': MSGPACK, Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: pack(body),
  })
}

const studyDays = schedule().days.filter((day) => !day.freeDay)

/** One edit per (participant, study day), each creating a record: the heaviest push. */
export function attendanceEdits(
  idPrefix: string,
  prefix: string,
  participants: number,
  days: number,
): Mutation[] {
  return studyDays.slice(0, days).flatMap((day, d) =>
    Array.from({ length: participants }, (_, p) => ({
      id: `${idPrefix}-${prefix}-${d}-${p}`,
      collection: 'attendance' as const,
      recordId: `${day.id}:${prefix}-p${p}@demo.test`,
      hlc: encodeHlc({ wall: day.to as number, counter: p, node: 'bench' }),
      deviceId: 'bench',
      fields: { mark: p % 9 === 0 ? 'absent' : 'present' },
    })),
  )
}
