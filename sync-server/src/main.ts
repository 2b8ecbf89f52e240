// Starts the server: configuration from the environment, the store (MongoDB when MONGODB_URI is
// set, otherwise the embedded store under DATA_DIR), demo data where wanted, the API and the
// built web app on HOST:PORT. `npm start` runs this; it needs no database server.
import { resolve } from 'node:path'
import { ROLES } from '@lfit/domain/access/roles'
import { createApp } from './app'
import { resolveCertificateSecret } from './certificates/secret'
import { ConfigError, loadConfig, type Config } from './config'
import { openFileStore } from './files/open'
import { openUploadStaging } from './files/staging'
import { jsonLog } from './http/log'
import { listen } from './http/server'
import { startLive } from './live/live'
import { mailDir, transportFor } from './mail/transports'
import { MailWorker } from './mail/worker'
import { DEMO_PASSWORD } from './seed/demo-data'
import { DEMO_IN_PRODUCTION_WARNING, prepareData } from './seed/prepare'
import { resolveSessionSecret } from './session-secret'
import { openStore } from './store/open'
import type { Store } from './store/port'
import { ensureSyncIndexes, setStalePendingMs } from './sync/changelog'
import { InstanceLease } from './sync/instances'
import { mountSite } from './web/site'

/** Longest wait for open requests to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 5_000

/**
 * How often the mail worker looks at the outbox on its own: retries fall due, and a message
 * queued by another server process is found. A message queued here is sent at once.
 */
const MAIL_TICK_MS = 5_000

/** Opens each configured database once, on first use, with the indexes sync relies on. */
function storeOpener(config: Config): {
  stores: (dbName?: string) => Promise<Store>
  closeAll: () => Promise<void>
} {
  const opened = new Map<string, Promise<Store>>()
  return {
    stores(dbName = config.dbName) {
      let store = opened.get(dbName)
      if (!store) {
        store = openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, dbName }).then(
          async (created) => {
            await ensureSyncIndexes(created)
            return created
          },
        )
        opened.set(dbName, store)
      }
      return store
    },
    async closeAll() {
      const stores = await Promise.allSettled(opened.values())
      for (const store of stores) if (store.status === 'fulfilled') await store.value.close()
    },
  }
}

function printWelcome(url: string, demo: boolean, production: boolean): void {
  const lines = [`LFIT server listening on ${url}`]
  if (demo && production) lines.push(`!!! ${DEMO_IN_PRODUCTION_WARNING} !!!`)
  if (demo) {
    lines.push(
      `Demo logins (password "${DEMO_PASSWORD}"; usernames are not case-sensitive):`,
      ...ROLES.map((role) => `  ${role}@demo.test`),
    )
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}

async function main(): Promise<void> {
  let config: Config
  let certificateSecretSource: string
  try {
    config = loadConfig()
    // Refused before anything starts: production without CERTIFICATE_SECRET.
    const certificates = resolveCertificateSecret(config)
    config = { ...config, certificateSecret: certificates.secret }
    certificateSecretSource = certificates.source
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
  const log = jsonLog()
  setStalePendingMs(config.syncStalePendingMs)
  // Read or generated before anything listens; only where it came from is logged.
  const { secret, source } = resolveSessionSecret(config)
  config = { ...config, sessionSecret: secret }
  log.info('session secret', { source })
  log.info('certificate secret', { source: certificateSecretSource })
  const { stores, closeAll } = storeOpener(config)
  // Before the first claim: others pass this instance's pending entries once it stops beating.
  const lease = config.mongodbUri
    ? new InstanceLease(await stores(), config.syncInstanceLeaseMs, log)
    : undefined
  await lease?.start()
  const clock = config.testClockStart === undefined ? Date.now : runningFrom(config.testClockStart)
  // Uploaded files by content hash (docs/architecture.md#files): GridFS beside MongoDB, so every
  // server instance sees the same files; DATA_DIR/files/ with the embedded store.
  const files = await openFileStore({
    mongodbUri: config.mongodbUri,
    dataDir: config.dataDir,
    dbName: config.dbName,
  })
  // The demo is placed around the server's today (TEST_CLOCK_START's on a test server).
  const demo = await prepareData(config, await stores(), log, { now: clock(), files })
  if (!config.mail.smtpUrl && config.env === 'production') {
    log.warn('SMTP_URL is not set: e-mails are written as files, nobody receives them', {
      dir: resolve(mailDir(config)),
    })
  }
  const mail = new MailWorker({
    store: () => stores(),
    clock,
    transport: transportFor(config),
    log,
  })

  // Pokes for the default database's changes, whichever process made them.
  const live = await startLive({ store: await stores(), config, clock, log })
  // Unfinished uploads under DATA_DIR/uploads, swept on a timer (docs/0031-bounded-uploads.md).
  const uploadStaging = openUploadStaging({
    dataDir: config.dataDir,
    limits: config.uploads,
    clock,
  })
  uploadStaging.start()
  const app = createApp({
    stores,
    uploadStaging,
    config,
    clock,
    log,
    mount: mountSite({ webDir: resolve(config.webDir), cookieSecure: config.cookieSecure }),
    mailQueued: () => mail.nudge(),
    live,
    files,
  })
  const server = listen(app, config, ({ address, port, family }) => {
    const host = family === 'IPv6' ? `[${address}]` : address
    printWelcome(`http://${host}:${port}/`, demo, config.env === 'production')
  })
  live.attach(server, app)
  mail.start(MAIL_TICK_MS)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    // Requests in flight finish; idle keep-alive connections would otherwise hold the close.
    const forced = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
    forced.unref()
    uploadStaging.stop()
    server.close(() => {
      // The message being sent finishes; the rest waits in the outbox for the next start.
      mail
        .stop()
        .then(() => live.stop())
        .then(() => lease?.stop())
        .then(() => files.close())
        .then(closeAll)
        .catch((error: unknown) => log.error('closing the store failed', { error: String(error) }))
        .finally(() => process.exit(0))
    })
    server.closeIdleConnections()
    // Open sockets would hold the close; devices reconnect to whichever server answers.
    live.hub.close()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

await main()

/** A clock that reads `start` now and runs on in real time (a test server's, TEST_CLOCK_START). */
function runningFrom(start: number): () => number {
  const offset = start - Date.now()
  return () => Date.now() + offset
}
