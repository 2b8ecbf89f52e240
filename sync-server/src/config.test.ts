import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const PUBLIC_URL = 'https://lfit.example.org'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadConfig', () => {
  it('runs a fresh clone with no variables: 127.0.0.1:8080, ./data, the embedded store', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      mongodbUri: undefined,
      dbName: 'lfit',
      dbNames: ['lfit'],
      demo: true,
      sessionSecret: undefined,
      cookieSecure: false,
      trustProxy: false,
      allowedOrigins: [],
    })
  })

  it('limits uploads per file kind (docs/architecture.md#files)', () => {
    const MIB = 1024 * 1024
    expect(loadConfig({}).files).toEqual({
      maxBytes: { document: 100 * MIB, audio: 500 * MIB, video: 4096 * MIB, image: 30 * MIB },
    })
    expect(
      loadConfig({
        FILE_MAX_DOCUMENT_BYTES: '1000',
        FILE_MAX_AUDIO_BYTES: '2000',
        FILE_MAX_VIDEO_BYTES: '3000',
        FILE_MAX_IMAGE_BYTES: '4000',
      }).files,
    ).toEqual({
      maxBytes: { document: 1000, audio: 2000, video: 3000, image: 4000 },
    })
    expect(problemsOf({ FILE_MAX_AUDIO_BYTES: '0' })).toEqual([
      expect.stringMatching(/^FILE_MAX_AUDIO_BYTES: /),
    ])
    expect(problemsOf({ FILE_MAX_VIDEO_BYTES: 'veliko' })).toEqual([
      expect.stringMatching(/^FILE_MAX_VIDEO_BYTES: /),
    ])
  })

  it('bounds unfinished uploads (docs/0031-bounded-uploads.md)', () => {
    const GIB = 1024 * 1024 * 1024
    expect(loadConfig({}).uploads).toEqual({
      stagedMaxCountPerUser: 20,
      stagedMaxBytesPerUser: 8 * GIB,
      stagedMaxBytes: 32 * GIB,
      minFreeDiskBytes: GIB,
      stagedForMs: 24 * 60 * 60_000,
      sweepEveryMs: 10 * 60_000,
      lockTimeoutMs: 10_000,
    })
    expect(
      loadConfig({
        UPLOAD_STAGED_MAX_COUNT_PER_USER: '3',
        UPLOAD_STAGED_MAX_BYTES_PER_USER: '1000',
        UPLOAD_STAGED_MAX_BYTES: '5000',
        UPLOAD_MIN_FREE_DISK_BYTES: '0',
        UPLOAD_STAGED_FOR_MS: '60000',
        UPLOAD_SWEEP_MS: '5000',
        UPLOAD_LOCK_TIMEOUT_MS: '2000',
      }).uploads,
    ).toEqual({
      stagedMaxCountPerUser: 3,
      stagedMaxBytesPerUser: 1000,
      stagedMaxBytes: 5000,
      minFreeDiskBytes: 0,
      stagedForMs: 60_000,
      sweepEveryMs: 5000,
      lockTimeoutMs: 2000,
    })
    expect(
      problemsOf({
        UPLOAD_STAGED_MAX_COUNT_PER_USER: '0',
        UPLOAD_MIN_FREE_DISK_BYTES: '-1',
        UPLOAD_SWEEP_MS: 'often',
      }),
    ).toEqual([
      expect.stringMatching(/^UPLOAD_STAGED_MAX_COUNT_PER_USER: /),
      expect.stringMatching(/^UPLOAD_MIN_FREE_DISK_BYTES: /),
      expect.stringMatching(/^UPLOAD_SWEEP_MS: /),
    ])
  })

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://lfit.example.org/',
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lfit',
      MONGODB_URI: 'mongodb://db:27017',
      DB_NAME: 'main',
      DB_NAMES: 'archive, test_2025',
      DEMO: '1',
      ALLOW_DEMO_IN_PRODUCTION: '1',
      SESSION_SECRET: 'x'.repeat(40),
      TRUST_PROXY: 'true',
      ALLOWED_ORIGINS: 'http://localhost:5173/',
    })
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      mongodbUri: 'mongodb://db:27017',
      dbNames: ['main', 'archive', 'test_2025'],
      demo: true,
      cookieSecure: true,
      trustProxy: true,
      allowedOrigins: ['http://localhost:5173'],
      publicUrl: 'https://lfit.example.org',
    })
    expect(loadConfig({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true)
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL,
        SESSION_SECRET: 'y'.repeat(32),
        COOKIE_SECURE: '0',
      }).cookieSecure,
    ).toBe(false)
  })

  it('has no built-in secret: unset, the server keeps a generated one in DATA_DIR', () => {
    expect(loadConfig({}).sessionSecret).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).sessionSecret).toBeUndefined()
    expect(loadConfig({ SESSION_SECRET: 'z'.repeat(40) }).sessionSecret).toBe('z'.repeat(40))
  })

  it('refuses a production start without an https:// PUBLIC_URL, which every e-mailed link starts with', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL: required in production, the https:// address people open the app at (every e-mailed link starts with it)',
    ])
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'http://lfit.example.org' })).toEqual([
      'PUBLIC_URL: must start with https:// in production',
    ])
    expect(problemsOf({ PUBLIC_URL: 'ftp://lfit.example.org' })).toEqual([
      'PUBLIC_URL: must be an http:// or https:// URL',
    ])
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5173/' }).publicUrl).toBe(
      'http://localhost:5173',
    )
  })

  it('refuses to start in production with a short secret', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL, SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: use at least 32 characters in production',
    ])
  })

  it('seeds demo data in development or with DEMO=1, never in production unless also allowed', () => {
    expect(loadConfig({}).demo).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development', DEMO: '0' }).demo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test', DEMO: '1' }).demo).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).demo).toBe(false)
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL, DEMO: '1' })).toEqual([
      'DEMO: demo users have a published password; in production also set ALLOW_DEMO_IN_PRODUCTION=1',
    ])
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL, DEMO: '1', ALLOW_DEMO_IN_PRODUCTION: '1' })
        .demo,
    ).toBe(true)
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL, ALLOW_DEMO_IN_PRODUCTION: '1' }).demo,
    ).toBe(false)
  })

  it('bounds time and connections with defaults, and reads them', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_024,
      maxConnectionsPerClient: 64,
      apiConcurrency: 32,
      apiQueueLength: 512,
      apiQueueTimeoutMs: 5_000,
    })
    // Behind a proxy every connection comes from the proxy's address.
    expect(loadConfig({ TRUST_PROXY: '1' }).maxConnectionsPerClient).toBe(0)
    expect(
      loadConfig({
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '60000',
        KEEP_ALIVE_TIMEOUT_MS: '1000',
        MAX_CONNECTIONS: '200',
        MAX_CONNECTIONS_PER_CLIENT: '8',
        API_CONCURRENCY: '4',
        API_QUEUE_LENGTH: '10',
        API_QUEUE_TIMEOUT_MS: '2000',
      }),
    ).toMatchObject({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 1_000,
      maxConnections: 200,
      maxConnectionsPerClient: 8,
      apiConcurrency: 4,
      apiQueueLength: 10,
      apiQueueTimeoutMs: 2_000,
    })
    expect(problemsOf({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toEqual([
      'HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS',
    ])
    expect(problemsOf({ API_CONCURRENCY: '0' }).map((p) => p.split(':')[0])).toEqual([
      'API_CONCURRENCY',
    ])
  })

  it('takes the instance lease from SYNC_INSTANCE_LEASE_MS, at least 300 ms (docs/0033)', () => {
    expect(loadConfig({}).syncInstanceLeaseMs).toBe(3_000)
    expect(loadConfig({ SYNC_INSTANCE_LEASE_MS: '1000' }).syncInstanceLeaseMs).toBe(1_000)
    for (const bad of ['299', 'soon', '1.5']) {
      expect(problemsOf({ SYNC_INSTANCE_LEASE_MS: bad }).map((p) => p.split(':')[0])).toEqual([
        'SYNC_INSTANCE_LEASE_MS',
      ])
    }
  })

  it('bounds photo work: half the cores at once (at least one), 16 waiting (docs/0032)', () => {
    const half = Math.max(1, Math.floor(availableParallelism() / 2))
    expect(loadConfig({}).images).toEqual({ concurrency: half, queueLength: 16 })
    expect(loadConfig({ IMAGE_CONCURRENCY: '3', IMAGE_QUEUE_LENGTH: '0' }).images).toEqual({
      concurrency: 3,
      queueLength: 0,
    })
    expect(
      problemsOf({ IMAGE_CONCURRENCY: '0', IMAGE_QUEUE_LENGTH: 'many' }).map(
        (p) => p.split(':')[0],
      ),
    ).toEqual(['IMAGE_CONCURRENCY', 'IMAGE_QUEUE_LENGTH'])
  })

  it('names every bad variable in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      MONGODB_URI: 'postgres://x',
      DB_NAMES: 'ok,bad name',
      DEMO: 'maybe',
    })
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'MONGODB_URI',
      'DB_NAMES.1',
      'DEMO',
    ])
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/invalid configuration:\n {2}- PORT/)
  })

  it('starts a demo on a calendar around today unless DEMO_CALENDAR=fixed asks for data.ts', () => {
    expect(loadConfig({}).demoCalendar).toBe('today')
    expect(loadConfig({ DEMO_CALENDAR: 'fixed' }).demoCalendar).toBe('fixed')
    expect(problemsOf({ DEMO_CALENDAR: 'yesterday' })[0]).toMatch(/^DEMO_CALENDAR:/)
  })

  it('sets the clock of a test server only, never of a real one', () => {
    const start = '2026-11-10T11:00:00Z'
    expect(loadConfig({}).testClockStart).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: start }).testClockStart).toBe(
      Date.UTC(2026, 10, 10, 11),
    )
    expect(problemsOf({ TEST_CLOCK_START: start })).toEqual([
      'TEST_CLOCK_START: only with NODE_ENV=test; a real server runs on real time',
    ])
    expect(problemsOf({ NODE_ENV: 'test', TEST_CLOCK_START: 'tomorrow' })[0]).toMatch(
      /^TEST_CLOCK_START:/,
    )
  })

  it('writes e-mail to files unless SMTP_URL names a server, which needs MAIL_FROM', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'LFIT <lfit@localhost>' })
    expect(loadConfig({ MAIL_FROM: 'lfit@studio.example' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'lfit@studio.example',
    })
    for (const url of ['smtp://mail.example:587', 'smtps://user:p%40ss@mail.example']) {
      expect(
        loadConfig({ SMTP_URL: url, MAIL_FROM: 'LFIT Studio <lfit@studio.example>' }).mail,
      ).toEqual({ smtpUrl: url, from: 'LFIT Studio <lfit@studio.example>' })
    }
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example' })).toEqual([
      'MAIL_FROM: required with SMTP_URL (the sender of every e-mail)',
    ])
    for (const url of ['http://mail.example', 'mail.example:25', 'smtp://', 'smtp:///x']) {
      const problems = problemsOf({ SMTP_URL: url, MAIL_FROM: 'lfit@studio.example' })
      expect(problems).toEqual(['SMTP_URL: must be smtp://host[:port] or smtps://host[:port]'])
    }
    for (const from of ['lfit', 'LFIT <lfit>', '<>', 'a@b@c.si', 'LFIT lfit@studio.example']) {
      expect(problemsOf({ MAIL_FROM: from })).toEqual([
        'MAIL_FROM: must be an e-mail address, e.g. LFIT <lfit@example.org>',
      ])
    }
  })

  it('never repeats the SMTP password in a configuration problem', () => {
    const problems = problemsOf({ SMTP_URL: 'ftp://user:hunter2-secret@mail.example' })
    expect(problems.join('\n')).not.toContain('hunter2-secret')
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' })).toMatchObject({
      port: 8080,
      mongodbUri: undefined,
    })
  })
})
