// Every answer carries the security headers, whatever produced it: an API answer, an API error,
// a server error, a static file, the app shell for an app route, the shell's 404, a missing file,
// page payloads, build records and the visit statistics. HSTS only in production (on plain
// http://127.0.0.1 it would pin a developer's browser to HTTPS).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import { loadConfig, type Config } from '../src/config'
import { memoryLog } from '../src/http/log'
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers'
import { MSGPACK, pack } from '../src/http/msgpack'
import { createSiteApp } from '../src/web/site'
import { openTestStore, type OpenedStore } from './harness'

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

// A tiny stand-in for the web build: the shell, one static file, one build record.
const webDir = mkdtempSync(join(tmpdir(), 'lfit-web-'))
mkdirSync(join(webDir, 'a'))
mkdirSync(join(webDir, 'builds'))
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>LFIT</title>')
writeFileSync(join(webDir, 'a', 'script.js'), '// analytics')
writeFileSync(join(webDir, 'builds', 'latest.json'), '{"id":"x"}')

let db: OpenedStore
beforeAll(async () => {
  db = await openTestStore('embedded')
})
afterAll(async () => {
  await db.close()
  rmSync(webDir, { recursive: true, force: true })
})

function appFor(env: Record<string, string>) {
  const config: Config = loadConfig({
    SESSION_SECRET: 'h'.repeat(40),
    PUBLIC_URL: 'https://lfit.example.org',
    ...env,
  })
  return createApp({
    stores: async () => db.store,
    config,
    clock: Date.now,
    log: memoryLog(),
    mount: (app) => {
      app.get('/boom', () => {
        throw new Error('broken on purpose')
      })
      app.route('/', createSiteApp({ webDir }))
    },
  })
}

const post = (body: unknown = {}) => ({
  method: 'POST',
  headers: { 'content-type': MSGPACK },
  body: pack(body),
})

const ANSWERS: [string, string, RequestInit | undefined, number][] = [
  ['an API refusal', '/api/auth/selectMyRoles', post(), 401],
  ['an unknown API path', '/api/nope', post(), 404],
  ['a server error', '/boom', undefined, 500],
  ['a static file', '/a/script.js', undefined, 200],
  ['the app shell (SPA fallback)', '/urnik', undefined, 200],
  ['the app shell for no route', '/no/such/page/here', undefined, 404],
  ['a missing file', '/missing.png', undefined, 404],
  ['a page payload', '/urnik/_payload.json', undefined, 200],
  ['a build record', '/builds/latest.json', undefined, 200],
  [
    'a visit event',
    '/a/event',
    { method: 'POST', body: JSON.stringify({ type: 'pageview', path: '/' }) },
    204,
  ],
]

describe.each(['development', 'production'] as const)('security headers in %s', (mode) => {
  const app = appFor({ NODE_ENV: mode, ALLOWED_ORIGINS: '' })
  it.each(ANSWERS)('on %s (%s)', async (_, path, init, status) => {
    const answer = await app.request(path, init)
    expect(answer.status).toBe(status)
    expect(answer.headers.get('content-security-policy')).toBe(EXPECTED_CSP)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(answer.headers.get('x-frame-options')).toBe('DENY')
    expect(answer.headers.get('strict-transport-security')).toBe(
      mode === 'production' ? 'max-age=31536000; includeSubDomains' : null,
    )
  })
})

it('the policy in the code is the one documented here', () => {
  expect(CONTENT_SECURITY_POLICY).toBe(EXPECTED_CSP)
})
