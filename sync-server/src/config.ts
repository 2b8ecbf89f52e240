// The server's configuration, read once from the environment and validated, so that a typo in
// a deployment stops the start with a message naming the variable instead of failing later.
import { availableParallelism } from 'node:os'
import { z } from 'zod'
import type { FileKind } from '@lfit/domain/materials/material'

/** Shortest secret accepted in production: 32 characters ≈ 256 bits when random. */
const MIN_SECRET_LENGTH = 32

/** A database name usable on MongoDB and as a directory name for the embedded store. */
const DB_NAME = /^[A-Za-z0-9_-]{1,38}$/

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['1', 'true', 'yes'].includes(value),
    )

/** A count or duration that must be at least `min`. */
const whole = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback)

const MIB = 1024 * 1024
const GIB = 1024 * MIB

/** The sender when MAIL_FROM is not set (files only: SMTP requires MAIL_FROM). */
export const DEFAULT_MAIL_FROM = 'LFIT <lfit@localhost>'

/** `name@domain` or `Display Name <name@domain>`: the forms a From header takes. */
function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim()
  return z.email().safeParse(address).success
}

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIR: z.string().min(1).default('./web/dist'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  DB_NAME: z.string().regex(DB_NAME, 'letters, digits, _ and - only (1 to 38)').default('lfit'),
  /** Further databases a call may pick with `?db=`; the default one is always allowed. */
  DB_NAMES: list.pipe(z.array(z.string().regex(DB_NAME, 'letters, digits, _ and - only'))),
  /** Unset: demo data in development only (`npm start`), never in test or production. */
  DEMO: flag(false).optional(),
  /** Demo users have a published password: production seeds them only with this as well. */
  ALLOW_DEMO_IN_PRODUCTION: flag(false),
  /**
   * The demo's first calendar: `today` places it around the first start's day, `fixed` is the
   * programme's first version (data.ts), for tests written against its dates (docs/0051).
   */
  DEMO_CALENDAR: z.enum(['today', 'fixed']).default('today'),
  /** Unset: a random secret generated once and kept in DATA_DIR (see session-secret.ts). */
  SESSION_SECRET: z.string().min(1).optional(),
  /** Keys the verification codes of certificates (docs/operations.md#the-certificate-secret). */
  CERTIFICATE_SECRET: z.string().min(1).optional(),
  /** Secure cookies: on by default in production (HTTPS), off for http://127.0.0.1. */
  COOKIE_SECURE: flag(false).optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (its last hop). */
  TRUST_PROXY: flag(false),
  /** Origins besides the server's own that may send state-changing calls (the Vite dev server). */
  ALLOWED_ORIGINS: list.pipe(z.array(z.url())),
  /**
   * The address people open the app at: every e-mailed link starts with it. Required in
   * production (https://); elsewhere unset means http://HOST:PORT, with localhost for a
   * wildcard HOST (docs/operations.md#links-in-e-mails).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** The SMTP server e-mail goes through (credentials in the URL). Unset: files in DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, 'must be smtp://host[:port] or smtps://host[:port]')
    .pipe(z.url('must be smtp://host[:port] or smtps://host[:port]'))
    .optional(),
  /** The sender of every e-mail: `lfit@example.org` or `LFIT <lfit@example.org>`. */
  MAIL_FROM: z
    .string()
    .refine(isMailbox, 'must be an e-mail address, e.g. LFIT <lfit@example.org>')
    .optional(),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  /** The largest file of each kind an upload may store (docs/architecture.md#files). */
  FILE_MAX_DOCUMENT_BYTES: whole(1, 100 * MIB),
  FILE_MAX_AUDIO_BYTES: whole(1, 500 * MIB),
  FILE_MAX_VIDEO_BYTES: whole(1, 4 * 1024 * MIB),
  FILE_MAX_IMAGE_BYTES: whole(1, 30 * MIB),
  /** Unfinished uploads one user may have staged at once (docs/0031-bounded-uploads.md). */
  UPLOAD_STAGED_MAX_COUNT_PER_USER: whole(1, 20),
  /** Declared bytes of one user's unfinished uploads at most. */
  UPLOAD_STAGED_MAX_BYTES_PER_USER: whole(1, 8 * GIB),
  /** Declared bytes of all unfinished uploads at most. */
  UPLOAD_STAGED_MAX_BYTES: whole(1, 32 * GIB),
  /** An upload does not start when it would leave less free disk than this. */
  UPLOAD_MIN_FREE_DISK_BYTES: whole(0, GIB),
  /** An unfinished upload is kept this long for its uploader to resume, then swept. */
  UPLOAD_STAGED_FOR_MS: whole(1_000, 24 * 60 * 60_000),
  /** How often expired unfinished uploads are swept. */
  UPLOAD_SWEEP_MS: whole(1_000, 10 * 60_000),
  /** A piece waits this long for another request on the same upload to let go, then 423. */
  UPLOAD_LOCK_TIMEOUT_MS: whole(100, 10_000),
  /** A client must send its request headers within this; slow ones hold a socket for nothing. */
  HEADERS_TIMEOUT_MS: whole(1_000, 10_000),
  /** A whole request (headers and body) must arrive within this (Node's default is 300 s). */
  REQUEST_TIMEOUT_MS: whole(1_000, 30_000),
  /** An idle keep-alive connection is closed after this. */
  KEEP_ALIVE_TIMEOUT_MS: whole(100, 5_000),
  /** Open connections at most, over all clients. */
  MAX_CONNECTIONS: whole(1, 1_024),
  /** Open connections at most from one address; 0 turns the cap off (the default behind a proxy). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).optional(),
  /** API requests worked on at once; the rest wait their turn in a queue. */
  API_CONCURRENCY: whole(1, 32),
  /** API requests waiting at most; beyond that a request is answered 503 at once. */
  API_QUEUE_LENGTH: whole(0, 512),
  /** Longest wait in the queue before a request is answered 503. */
  API_QUEUE_TIMEOUT_MS: whole(100, 5_000),
  /** Photo sizes made at once; each decodes an original of up to 100 megapixels (docs/0032). */
  IMAGE_CONCURRENCY: whole(1, Math.max(1, Math.floor(availableParallelism() / 2))),
  /** Photo edits and adoptions waiting for their turn at most; one more is answered 503. */
  IMAGE_QUEUE_LENGTH: whole(0, 16),
  /** A change-log entry pending this long is taken for a crashed writer's (docs/0006). */
  SYNC_STALE_PENDING_MS: whole(1_000, 30_000),
  /** On MongoDB: an instance silent this long is dead, others pass its claims (docs/0033). */
  SYNC_INSTANCE_LEASE_MS: whole(300, 3_000),
  /** Without a MongoDB change stream, how often the live feed reads the change log for pokes. */
  LIVE_POLL_MS: whole(50, 1_000),
  /** The live socket's keepalive: a socket that answered no ping within this is closed. */
  LIVE_PING_MS: whole(1_000, 25_000),
  /** Live sockets one user may hold at once (tabs and devices); more are refused. */
  LIVE_MAX_SOCKETS_PER_USER: whole(1, 8),
  /** A live socket is closed after this and reconnects, so a changed session is read again. */
  LIVE_MAX_AGE_MS: whole(10_000, 15 * 60_000),
  /**
   * Tests only (NODE_ENV=test): the server's clock starts at this date-time and runs on, so a
   * browser test on a fixed day of the schedule meets a server on the same day.
   */
  TEST_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
})

export interface RateLimit {
  windowMs: number
  /** Attempts per client address in one window. */
  perIp: number
  /** Attempts per username in one window. */
  perUsername: number
}

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  webDir: string
  mongodbUri: string | undefined
  /** The database used when a call names none. */
  dbName: string
  /** Every database a call may name (the default first). */
  dbNames: readonly string[]
  /** Seed the demo users and their data on an empty database. */
  demo: boolean
  /** Which calendar a demo database starts with (DEMO_CALENDAR, docs/0051-living-demo.md). */
  demoCalendar: 'today' | 'fixed'
  /** Set by the operator; undefined means the server's generated secret in `dataDir`. */
  sessionSecret: string | undefined
  /** Set by the operator (required in production); else generated in `dataDir`. */
  certificateSecret: string | undefined
  cookieSecure: boolean
  trustProxy: boolean
  allowedOrigins: readonly string[]
  /** The app's own address (no trailing slash), for links in e-mails. */
  publicUrl: string
  /** Unset `smtpUrl`: each e-mail is written to DATA_DIR/mail as an .eml file, nothing is sent. */
  mail: { smtpUrl: string | undefined; from: string }
  maxBodyBytes: number
  /** Uploads (docs/architecture.md#files): the size limit per file kind. */
  files: { maxBytes: Record<FileKind, number> }
  /** Unfinished uploads and their staging (docs/0031-bounded-uploads.md). */
  uploads: {
    stagedMaxCountPerUser: number
    stagedMaxBytesPerUser: number
    stagedMaxBytes: number
    minFreeDiskBytes: number
    stagedForMs: number
    sweepEveryMs: number
    lockTimeoutMs: number
  }
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  maxConnections: number
  /** 0: no cap per client address. */
  maxConnectionsPerClient: number
  apiConcurrency: number
  apiQueueLength: number
  apiQueueTimeoutMs: number
  /** Making photo sizes (docs/0032): at once, and waiting at most. */
  images: { concurrency: number; queueLength: number }
  syncStalePendingMs: number
  syncInstanceLeaseMs: number
  /** The live-update socket (docs/sync-protocol.md#live-updates). */
  live: { pollMs: number; pingMs: number; maxSocketsPerUser: number; maxAgeMs: number }
  /** NODE_ENV=test only: the server's clock reads this time (ms) at start and runs on. */
  testClockStart?: number | undefined
  /** Login, registration, password change and testHash attempts. */
  rateLimit: RateLimit
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Fifteen minutes, as common lockout guidance suggests; a studio behind one address fits. */
export const DEFAULT_RATE_LIMIT: RateLimit = { windowMs: 15 * 60_000, perIp: 30, perUsername: 10 }

/** Hosts that mean "every interface": a link to them leads nowhere, so links say localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '::0'])

/** Outside production without PUBLIC_URL: the server's own address, as a browser here reaches it. */
function localUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host
  return `http://${name}:${port}`
}

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= npm start`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(given)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    )
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  const problems: string[] = []
  if (production && e.SESSION_SECRET !== undefined && e.SESSION_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(`SESSION_SECRET: use at least ${MIN_SECRET_LENGTH} characters in production`)
  }
  if (
    production &&
    e.CERTIFICATE_SECRET !== undefined &&
    e.CERTIFICATE_SECRET.length < MIN_SECRET_LENGTH
  ) {
    problems.push(`CERTIFICATE_SECRET: use at least ${MIN_SECRET_LENGTH} characters in production`)
  }
  if (production && e.DEMO === true && !e.ALLOW_DEMO_IN_PRODUCTION) {
    problems.push(
      'DEMO: demo users have a published password; in production also set ALLOW_DEMO_IN_PRODUCTION=1',
    )
  }
  // Node refuses a server whose header timeout is longer than its request timeout.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS')
  }
  if (e.TEST_CLOCK_START !== undefined && e.NODE_ENV !== 'test') {
    problems.push('TEST_CLOCK_START: only with NODE_ENV=test; a real server runs on real time')
  }
  if (production && e.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL: required in production, the https:// address people open the app at (every e-mailed link starts with it)',
    )
  } else if (production && !e.PUBLIC_URL?.startsWith('https://')) {
    problems.push('PUBLIC_URL: must start with https:// in production')
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    problems.push('MAIL_FROM: required with SMTP_URL (the sender of every e-mail)')
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    webDir: e.WEB_DIR,
    mongodbUri: e.MONGODB_URI,
    dbName: e.DB_NAME,
    dbNames: [...new Set([e.DB_NAME, ...e.DB_NAMES])],
    demo: e.DEMO ?? e.NODE_ENV === 'development',
    demoCalendar: e.DEMO_CALENDAR,
    sessionSecret: e.SESSION_SECRET,
    certificateSecret: e.CERTIFICATE_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    publicUrl: (e.PUBLIC_URL ?? localUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    maxBodyBytes: e.MAX_BODY_BYTES,
    files: {
      maxBytes: {
        document: e.FILE_MAX_DOCUMENT_BYTES,
        audio: e.FILE_MAX_AUDIO_BYTES,
        video: e.FILE_MAX_VIDEO_BYTES,
        image: e.FILE_MAX_IMAGE_BYTES,
      },
    },
    uploads: {
      stagedMaxCountPerUser: e.UPLOAD_STAGED_MAX_COUNT_PER_USER,
      stagedMaxBytesPerUser: e.UPLOAD_STAGED_MAX_BYTES_PER_USER,
      stagedMaxBytes: e.UPLOAD_STAGED_MAX_BYTES,
      minFreeDiskBytes: e.UPLOAD_MIN_FREE_DISK_BYTES,
      stagedForMs: e.UPLOAD_STAGED_FOR_MS,
      sweepEveryMs: e.UPLOAD_SWEEP_MS,
      lockTimeoutMs: e.UPLOAD_LOCK_TIMEOUT_MS,
    },
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    // Behind a proxy every connection comes from the proxy: a cap per address would cap everyone.
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY ? 0 : 64),
    apiConcurrency: e.API_CONCURRENCY,
    apiQueueLength: e.API_QUEUE_LENGTH,
    apiQueueTimeoutMs: e.API_QUEUE_TIMEOUT_MS,
    images: { concurrency: e.IMAGE_CONCURRENCY, queueLength: e.IMAGE_QUEUE_LENGTH },
    syncStalePendingMs: e.SYNC_STALE_PENDING_MS,
    syncInstanceLeaseMs: e.SYNC_INSTANCE_LEASE_MS,
    live: {
      pollMs: e.LIVE_POLL_MS,
      pingMs: e.LIVE_PING_MS,
      maxSocketsPerUser: e.LIVE_MAX_SOCKETS_PER_USER,
      maxAgeMs: e.LIVE_MAX_AGE_MS,
    },
    testClockStart: e.TEST_CLOCK_START === undefined ? undefined : Date.parse(e.TEST_CLOCK_START),
    rateLimit: DEFAULT_RATE_LIMIT,
  }
}
