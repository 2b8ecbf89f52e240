// The verified-token memory of Tokens: a remembered token still expires on time, and it never
// vouches for a token it did not verify (another secret, a changed claim).
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { firstCookie, SESSION_SECONDS, Tokens } from './token'

function harness(secret = 'a'.repeat(43)) {
  let now = Date.UTC(2026, 0, 5, 12)
  const tokens = new Tokens(secret, () => now, false)
  const app = new Hono()
  app.post('/issue', async (c) => {
    await tokens.issue(c, { username: 'ana@demo.test', session: 's1', acting: ['admin'] })
    return c.body(null, 204)
  })
  app.get('/read', async (c) => c.json({ claims: await tokens.read(c) }))
  app.get('/clear', (c) => {
    tokens.clear(c)
    return c.body(null, 204)
  })
  const issue = async () => {
    const response = await app.request('/issue', { method: 'POST' })
    return (response.headers.get('set-cookie') ?? '').split(';')[0] as string
  }
  const read = async (cookie: string) => {
    const response = await app.request('/read', { headers: { cookie } })
    return ((await response.json()) as { claims: unknown }).claims
  }
  return { issue, read, app, advance: (ms: number) => (now += ms) }
}

describe('Tokens', () => {
  it('answers the same claims from memory and still expires a remembered token on time', async () => {
    const { issue, read, advance } = harness()
    const cookie = await issue()
    const claims = { username: 'ana@demo.test', session: 's1', acting: ['admin'] }
    expect(await read(cookie)).toEqual(claims)
    advance(SESSION_SECONDS * 1000 - 1000)
    expect(await read(cookie)).toEqual(claims)
    advance(1000)
    expect(await read(cookie)).toBe('invalid')
  })

  it('never vouches for a token it did not verify', async () => {
    const { issue, read } = harness()
    const cookie = await issue()
    expect(await read(cookie)).not.toBe('invalid')
    const other = await harness('b'.repeat(43)).issue()
    expect(await read(other)).toBe('invalid')
    const [header, payload, signature] = cookie.slice('token='.length).split('.')
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as object
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'bor@demo.test' })).toString(
      'base64url',
    )
    expect(await read(`token=${header}.${changed}.${signature}`)).toBe('invalid')
    expect(await read(cookie)).not.toBe('invalid')
  })

  it('forgets a token whose cookie it clears, and verifies it afresh when it comes again', async () => {
    const { issue, read, app } = harness()
    const cookie = await issue()
    expect(await read(cookie)).not.toBe('invalid')
    await app.request('/clear', { headers: { cookie } })
    // The signature is still good; whether the session lives is Sessions' answer, on every call.
    expect(await read(cookie)).not.toBe('invalid')
  })

  it('reads a remembered token among other cookies, and only a cookie named exactly token', async () => {
    const { issue, read } = harness()
    const cookie = await issue()
    const value = cookie.slice('token='.length)
    const claims = { username: 'ana@demo.test', session: 's1', acting: ['admin'] }
    expect(await read(cookie)).toEqual(claims)
    expect(await read(`device=abc; ${cookie}; lang=sl`)).toEqual(claims)
    expect(await read(`device=abc;\ttoken = ${value} ;lang=sl`)).toEqual(claims)
    // Quoted, as some clients send it: the full parser's reading, the same claims.
    expect(await read(`token="${value}"`)).toEqual(claims)
    expect(await read(`xtoken=${value}; tokens=${value}`)).toBeNull()
    expect(await read(`token=; other=${value}`)).toBeNull()
  })
})

describe('firstCookie', () => {
  it.each([
    ['token=a.b.c', 'a.b.c'],
    ['x=1; token=a.b.c; y=2', 'a.b.c'],
    ['  token  =  a.b.c  ; y=2', 'a.b.c'],
    ['token=first; token=second', 'first'],
    ['tokens=a; xtoken=b', undefined],
    ['token', undefined],
    ['', undefined],
    ['token=', ''],
  ])('%j: %j', (header, value) => {
    expect(firstCookie(header, 'token')).toBe(value)
  })
})
