// A server of a test file's own, for files whose changes must not reach the shared server of
// global-setup.ts (a calendar moved, a page rewritten, a class filled) or that need a server the
// shared one is not (its clock on another day, the living demo): the same build (`webDir`), its
// own port, data and log in a directory under the run's work directory. Kept apart from
// server.ts, which the global setup and the benchmarks import outside a test file.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { startServerIn, type AppServer } from './server'

/** A started server of its own. */
export interface OwnServer {
  server: AppServer
  /** Where the server keeps its data and log; a test's scratch files may go there too. */
  dir: string
  /** Stops the server and removes its directory. */
  close(): Promise<void>
}

/**
 * Starts a server of its own now, in a new directory named after `name`; `env` as in
 * AppServerOptions. For a test that stops and restarts the server itself.
 */
export async function startOwnServer(
  name: string,
  env?: Record<string, string>,
): Promise<OwnServer> {
  const dir = mkdtempSync(join(inject('workDir'), `${name}-`))
  let server: AppServer
  try {
    server = await startServerIn(dir, inject('webDir'), env)
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    server,
    dir,
    close: async () => {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** What tests and later hooks read of the server serverOfItsOwn starts. */
export interface ServerOfItsOwn {
  readonly url: string
  /** The store's directory, where the server also writes the mail it sends. */
  readonly dataDir: string
  /** The server's directory (see OwnServer), removed after the tests. */
  readonly dir: string
}

/**
 * The server of the test file (or of the describe block it is called in): started in a
 * `beforeAll` before its tests, stopped and removed in an `afterAll` after them. Hooks
 * registered after this call see it started (vitest runs `beforeAll`s in order and `afterAll`s
 * in reverse), so a browser launched there is closed before the server stops.
 */
export function serverOfItsOwn(name: string, env?: Record<string, string>): ServerOfItsOwn {
  let own: OwnServer | undefined
  beforeAll(async () => {
    own = await startOwnServer(name, env)
  }, 120_000)
  afterAll(() => own?.close())
  const started = (): OwnServer => {
    if (!own) throw new Error(`the server of ${name} is read before its beforeAll started it`)
    return own
  }
  return {
    get url() {
      return started().server.url
    },
    get dataDir() {
      return started().server.options.dataDir
    },
    get dir() {
      return started().dir
    },
  }
}
