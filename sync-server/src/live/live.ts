// Live updates of one server process: the hub of its sockets, the feed that follows the change
// log of the default database, and the route that accepts sockets. main.ts (and the tests) start
// it, hand it to createApp, and attach it to the Node server once it listens.
import type { Server } from 'node:http'
import type { Hono } from 'hono'
import type { SyncRegistry } from '@lfit/domain/sync/registry'
import type { Config } from '../config'
import type { AppEnv } from '../http/env'
import type { Log } from '../http/log'
import type { Store } from '../store/port'
import type { RecordRef } from '../sync/changelog'
import { ChangeFeed, type FeedMode } from './feed'
import { LiveHub } from './hub'
import { attachLive, createLiveRoutes } from './socket'

export interface Live {
  hub: LiveHub
  mode: FeedMode
  /** Told after every push that wrote to the change log (sync/routes.ts): pokes go out at once. */
  changed(): void
  /** Tells `follower` the records of every change the feed reads (ChangeFeed.onChanges). */
  follow(follower: (refs: readonly RecordRef[]) => void): () => void
  routes(): Hono<AppEnv>
  attach(server: Server, app: Hono<AppEnv>): void
  stop(): Promise<void>
}

export async function startLive(deps: {
  store: Store
  config: Pick<Config, 'live' | 'allowedOrigins' | 'trustProxy'>
  clock: () => number
  log: Log
  /** The synced collections whose read scopes decide the pokes: the app's unless a test's. */
  registry?: SyncRegistry
}): Promise<Live> {
  const hub = new LiveHub({
    limits: deps.config.live,
    clock: deps.clock,
    log: deps.log,
    ...(deps.registry ? { registry: deps.registry } : {}),
  })
  const feed = new ChangeFeed({
    store: deps.store,
    hub,
    clock: deps.clock,
    pollMs: deps.config.live.pollMs,
    log: deps.log,
  })
  const mode = await feed.start()
  const servers: ReturnType<typeof attachLive>[] = []
  return {
    hub,
    mode,
    changed: () => feed.nudge(),
    follow: (follower) => feed.onChanges(follower),
    routes: () => createLiveRoutes({ hub, config: deps.config }),
    attach(server, app) {
      servers.push(attachLive(server, app, hub, deps.log))
    },
    async stop() {
      hub.close()
      for (const server of servers) server.close()
      await feed.stop()
    },
  }
}
