// The HTTP app: /api/auth, /api/db, /api/files and the visit statistics at /a/event, with the middleware every API call passes (common headers and request id,
// same-origin check, msgpack body, session). Everything it needs comes in as dependencies, so a
// test can run two apps on one store, or one app with a clock it controls. Builds, payloads and
// the web app are added by `mount` (main.ts), after the API, so they can never shadow it.
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { Hono } from 'hono'
import type { RandomBytes } from '@lfit/domain/users/password'
import { SYNCED, type SyncRegistry } from '@lfit/domain/sync/registry'
import type { Config } from './config'
import { createAnalyticsRoutes } from './analytics/routes'
import { createVisitRoutes } from './analytics/visit-routes'
import { PasswordLinks } from './auth/password-links'
import { AfterAnswer } from './auth/after-answer'
import { createAuthRoutes } from './auth/routes'
import { followCalendar } from './calendar/follow'
import { createCalendarRoutes } from './calendar/routes'
import { mountCertificates } from './certificates/routes'
import { PageBook } from './pages/book'
import { firstVersions } from './pages/first-version'
import { createNewsRoutes, createPageRoutes } from './pages/routes'
import { createClassmatesRoutes } from './classmates/routes'
import { recordActing, refuseWhileActing } from './auth/acting'
import { readSession } from './auth/session'
import { Tokens } from './auth/token'
import { UserDirectory } from './auth/users'
import { createDbRoutes } from './db-api/routes'
import type { FileAccess } from './files/access'
import type { FileStore } from './files/port'
import { createMaterialFileAccess } from './materials/file-access'
import { createFileRoutes } from './files/routes'
import type { UploadStaging } from './files/staging'
import { UPLOADS_PATH } from './files/uploads'
import { createMeRoutes } from './me/routes'
import { createPhotoRoutes } from './photos/routes'
import type { AppEnv } from './http/env'
import { ApiError, onError } from './http/errors'
import type { Log } from './http/log'
import { createMailDevRoutes } from './mail/dev-routes'
import type { Live } from './live/live'
import { OutboxMailer } from './mail/outbox'
import { Admission, admit } from './http/admission'
import { commonHeaders } from './http/common-headers'
import { inSequence } from './http/in-sequence'
import { msgpackBody } from './http/body'
import { limitBody } from './http/body-limit'
import { EnrolmentBook } from './people/enrolments'
import { StandingAlerts } from './makeups/alerts'
import { createMakeupRoutes } from './makeups/routes'
import { MakeupSignups } from './makeups/signups'
import { createPeopleRoutes } from './people/routes'
import { sameOriginOnly } from './http/origin'
import { RateLimiter } from './http/rate-limit'
import { createRichTextRoutes } from './rich-text/routes'
import type { Store } from './store/port'
import { createPullRoutes, createSyncRoutes } from './sync/routes'
import { createSignupRoutes } from './signups/routes'

export interface AppDeps {
  /** The store of a database; no name means the configured default (where users live). */
  stores: (dbName?: string) => Promise<Store>
  config: Config
  /** Epoch milliseconds; tests move it to expire caches, tokens and rate-limit windows. */
  clock: () => number
  log: Log
  /** Secure random bytes for generated passwords. */
  randomBytes?: RandomBytes
  /**
   * Adds the non-API routes (builds, page payloads, the web app); `shared` is what they read
   * with the API (the public pages, docs/0050-public-pages-and-news-are-data.md).
   */
  mount?: (app: Hono<AppEnv>, shared: { pages: PageBook }) => void
  /** Told when a message is queued: the mail worker delivers it at once (main.ts). */
  mailQueued?: () => void
  /** Live updates (live/live.ts): the socket route, and pokes after each push. */
  live?: Live
  /** Stored files (docs/architecture.md#files); without it /api/files is not served. */
  files?: FileStore
  /** Where unfinished uploads wait (files/staging.ts); the caller starts and stops its sweep. */
  uploadStaging?: UploadStaging
  /** Who may download which file; without it only the uploader and the file managers may. */
  fileAccess?: FileAccess
  /** The synced collections; the app's registry unless a test adds a collection of its own. */
  registry?: SyncRegistry
}

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE'])

/** Whether a request is a piece of a resumable upload, which carries raw bytes, not msgpack. */
const isUpload = (path: string) => path === UPLOADS_PATH || path.startsWith(`${UPLOADS_PATH}/`)

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, clock, log } = deps
  const users = new UserDirectory(() => deps.stores(), clock)
  const passwordLinks = new PasswordLinks(() => deps.stores(), clock)
  // The one mailer of the app: every route that e-mails someone queues through it.
  const mailer = new OutboxMailer(() => deps.stores(), clock, deps.mailQueued)
  // main.ts always passes the kept or configured secret; an app built without one (tests,
  // benchmarks) signs with a random secret of its own, never a known one.
  const sessionSecret = config.sessionSecret ?? nodeRandomBytes(32).toString('base64url')
  const tokens = new Tokens(sessionSecret, clock, config.cookieSecure)
  const limiter = new RateLimiter(config.rateLimit, clock)
  const admission = new Admission({
    concurrency: config.apiConcurrency,
    queueLength: config.apiQueueLength,
    queueTimeoutMs: config.apiQueueTimeoutMs,
  })
  const randomBytes =
    deps.randomBytes ?? ((count: number) => new Uint8Array(nodeRandomBytes(count)))

  const app = new Hono<AppEnv>()
  app.onError(onError)
  // Outermost, so errors, 404s and every mounted route get the security headers too, and every
  // API call is logged with the status it was answered.
  app.use('*', commonHeaders(config, log, clock))
  // Every route, the web app's included: nothing reads more than this (analytics caps lower).
  // Upload pieces stream to disk as they arrive, bounded by their upload's declared length
  // (files/uploads.ts, docs/0031-bounded-uploads.md), so no cap per request holds them.
  const bodyLimit = limitBody(config.maxBodyBytes)
  app.use('*', (c, next) => (isUpload(c.req.path) ? next() : bodyLimit(c, next)))

  const readBody = msgpackBody(config.maxBodyBytes)
  app.use(
    '/api/*',
    inSequence(
      sameOriginOnly(config),
      // Before the body is read: a waiting request holds a socket, not a decoded body.
      admit(admission),
      // POST, and the calendar's PUT and DELETE (/api/calendar), carry a msgpack body.
      (c, next) =>
        !BODY_METHODS.has(c.req.method) || isUpload(c.req.path) ? next() : readBody(c, next),
      readSession(tokens, users),
      refuseWhileActing(),
      recordActing(() => deps.stores(), clock),
    ),
  )

  app.route(
    '/api/auth',
    createAuthRoutes({
      users,
      tokens,
      limiter,
      config,
      clock,
      mailer,
      passwordLinks,
      afterAnswer: new AfterAnswer(log),
    }),
  )
  app.route('/api/me', createMeRoutes({ users, tokens, clock }))
  app.route('/api/classmates', createClassmatesRoutes({ users }))
  app.route(
    '/api/signups',
    createSignupRoutes({ stores: () => deps.stores(), limiter, config, clock, mailer }),
  )
  // Told after synced edits and make-up changes: the at-risk / over-the-limit e-mail, once.
  const alerts = new StandingAlerts({ mailer, clock })
  const sync = {
    registry: deps.registry ?? SYNCED,
    stores: deps.stores,
    config,
    clock,
    changed: deps.live ? () => deps.live?.changed() : undefined,
    alerts,
  }
  app.route('/api/sync', createPullRoutes(sync))
  // Sync first: its two operations never reach the generic data routes.
  app.route('/api/db', createSyncRoutes(sync))
  app.route(
    '/api/db',
    createDbRoutes({ stores: deps.stores, users, limiter, config, clock, randomBytes }),
  )
  const enrolments = new EnrolmentBook({
    users,
    clock,
    passwordLinks,
    mailer,
    publicUrl: config.publicUrl,
  })
  app.route(
    '/api/people',
    createPeopleRoutes({ stores: () => deps.stores(), users, book: enrolments }),
  )
  app.route(
    '/api/makeups',
    createMakeupRoutes({
      stores: () => deps.stores(),
      users,
      signups: new MakeupSignups({ users, mailer, clock }),
      alerts,
      clock,
    }),
  )
  app.route(
    '/api/certificates',
    mountCertificates({ stores: () => deps.stores(), users, clock, mailer, limiter, config }),
  )
  app.route(
    '/api/dev/mail',
    createMailDevRoutes({ stores: () => deps.stores(), mailer, limiter, config }),
  )
  if (deps.files) {
    app.route(
      '/api/files',
      createFileRoutes({
        stores: () => deps.stores(),
        files: deps.files,
        // A file opens for whoever may read something that lists it (docs/access-policy.md).
        access: deps.fileAccess ?? createMaterialFileAccess({ store: () => deps.stores() }),
        config,
        clock,
        staging: deps.uploadStaging,
      }),
    )
  }
  if (deps.files) {
    const files = deps.files
    app.route(
      '/api/photos',
      createPhotoRoutes({ stores: () => deps.stores(), files, users, mailer, config, clock }),
    )
  }
  app.route(
    '/api/calendar',
    createCalendarRoutes({ stores: () => deps.stores(), clock, changed: sync.changed }),
  )
  app.route('/api/analytics', createVisitRoutes({ stores: () => deps.stores(), clock }))
  app.route('/api/richText', createRichTextRoutes({ config, clock }))
  // The product's page files are read once, when a page is first asked for.
  let productPages: ReturnType<typeof firstVersions> | undefined
  const pages = new PageBook(
    () => deps.stores(),
    () => (productPages ??= firstVersions()),
    clock,
  )
  app.route('/api/pages', createPageRoutes({ book: pages }))
  app.route('/api/news', createNewsRoutes({ book: pages }))
  if (deps.live) {
    app.route('/api/live', deps.live.routes())
    // A calendar change made through another instance reaches this one's calendar.
    followCalendar(deps.live, () => deps.stores(), log)
  }
  app.use('/a/*', sameOriginOnly(config))
  app.route('/a', createAnalyticsRoutes({ stores: () => deps.stores(), config, clock }))
  app.all('/api/*', (c) => {
    throw new ApiError('pageNotFound', { path: c.req.path.slice(0, 200) })
  })

  deps.mount?.(app, { pages })
  app.notFound((c) => {
    const error = new ApiError('pageNotFound', { path: c.req.path.slice(0, 200) })
    return c.json(error.body(), 404)
  })
  return app
}
