// Photo work beside everyone else (issue 31, docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md):
// the p99 of an unrelated request (`GET /builds/latest.json`, which every open app polls, and an
// API read, `GET /api/photos/albums`, and another photo's thumbnail, a read from the file store)
// on an idle server, beside the same while eight rotate and
// crop requests on two 100-megapixel photos run at once; with the ratio, the 250 ms goal, how
// the eight were answered and how long they took, the server's peak memory and the load average.
// The server runs here with the production flags and its default image limits; the probe runs in
// a process of its own, so a stalled event loop here delays its requests as it would a phone's.
// `PHOTO_LOAD_UNBOUNDED=1` adds the same with every edit at once (IMAGE_CONCURRENCY=8) and
// libvips' own settings, the behaviour before the queue. Prints figures only; nothing here asserts on time.
// Run: node --import tsx bench/photo-load.ts
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { createApp } from '../sync-server/src/app'
import { hashPassword } from '../sync-server/src/auth/passwords'
import { loadConfig, type Config } from '../sync-server/src/config'
import { openDiskFileStore } from '../sync-server/src/files/disk'
import { MSGPACK, pack } from '../sync-server/src/http/msgpack'
import { listen } from '../sync-server/src/http/server'
import { openStore } from '../sync-server/src/store/open'
import type { Store } from '../sync-server/src/store/port'
import { mountSite } from '../sync-server/src/web/site'
import { login, type Api } from './support/api'
import { withProductionFlags } from './support/production-flags'

/** The pieces the bench uploads in, as the web app's uploader sends them (docs/0031). */
const UPLOAD_PIECE_BYTES = 8 * 1024 * 1024

const EDGE = 10_000
const EDITOR = 'bench-photos@demo.test'
const PASSWORD = 'bench-password'
const EDITS = 8
/** The probe's pause between two requests of each path. */
const PROBE_EVERY_MS = 20
const IDLE_MS = 5_000
const GOAL_MS = 250
const quiet = { info() {}, warn() {}, error() {} }

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

interface Probed {
  count: number
  p50: number
  p99: number
  max: number
}

/**
 * In the probe process: GETs each path in turn until stdin closes; prints `ready` once its first
 * round is answered (a new process takes seconds to start on a loaded machine), then, at the
 * end, the figures of every round after that one.
 */
async function probe(base: string, cookie: string, paths: readonly string[]): Promise<void> {
  const times = new Map<string, number[]>(paths.map((path) => [path, []]))
  let running = true
  let rounds = 0
  process.stdin.on('data', () => undefined)
  process.stdin.on('end', () => (running = false))
  while (running) {
    if (rounds++ === 1) console.log('ready')
    for (const path of paths) {
      const started = performance.now()
      const response = await fetch(`${base}${path}`, { headers: { cookie } })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
      if (rounds > 1) times.get(path)?.push(performance.now() - started)
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
  }
  const figures = Object.fromEntries(
    [...times].map(([path, all]) => {
      const sorted = all.sort((a, b) => a - b)
      const summary: Probed = {
        count: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      }
      return [path, summary]
    }),
  )
  console.log(JSON.stringify(figures))
}

/** The probe's session cookie, passed in its environment (never on a command line). */
const PROBE_COOKIE_ENV = 'PHOTO_LOAD_COOKIE'

/** Starts the probe and waits until it is ready; `stop` ends it and answers its figures. */
async function startProbe(base: string, cookie: string, paths: readonly string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'probe', base, ...paths],
    { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, [PROBE_COOKIE_ENV]: cookie } },
  )
  let out = ''
  let ready: () => void = () => undefined
  const started = new Promise<void>((resolve) => (ready = resolve))
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.startsWith('ready\n')) ready()
  })
  const done = new Promise<Record<string, Probed>>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.slice('ready\n'.length)) as Record<string, Probed>)
        : reject(new Error(out)),
    ),
  )
  await started
  return {
    stop: () => {
      child.stdin.end()
      return done
    },
  }
}

/** A 100-megapixel JPEG: smooth colour areas, as a large photo's sky and walls are. */
async function hundredMegapixels(seed: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: 100,
      height: 100,
      channels: 3,
      background: { r: (seed * 47) % 256, g: (seed * 97) % 256, b: (seed * 29) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  return sharp(coarse).resize(EDGE, EDGE, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer()
}

/** The tus upload of `bytes` in pieces the server takes; answers the new file's id. */
async function uploadImage(base: string, api: Api, name: string, bytes: Buffer, piece: number) {
  const tus = { 'Tus-Resumable': '1.0.0', Origin: base, Cookie: api.cookie }
  const b64 = (text: string) => Buffer.from(text).toString('base64')
  const created = await fetch(`${base}/api/files/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(name)},filetype ${b64('image/jpeg')}`,
    },
  })
  const location = created.headers.get('location') ?? ''
  if (created.status !== 201) throw new Error(`upload not created: ${created.status}`)
  let fileId = ''
  for (let offset = 0; offset < bytes.length; offset += piece) {
    const patched = await fetch(new URL(location, base), {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes.subarray(offset, offset + piece)),
    })
    if (patched.status !== 204) throw new Error(`upload piece refused: ${patched.status}`)
    fileId = patched.headers.get('upload-file-id') ?? fileId
  }
  return fileId
}

interface Round {
  /** What the probe asked for: a label and the path. */
  probes: readonly (readonly [string, string])[]
  idle: Record<string, Probed>
  busy: Record<string, Probed>
  statuses: number[]
  editsMs: number
  /** The process's memory just before the edits (the bench made its images in it too). */
  rssBeforeMb: number
  peakRssMb: number
  loadBusy: string
  /** libvips threads per image while the edits ran. */
  threads: number
}

/**
 * One server with `config`: two photos added, the probe idle, then during eight edits. `asBefore`
 * gives libvips its default thread count back, as before the queue.
 */
async function round(
  store: Store,
  dataDir: string,
  webDir: string,
  config: Config,
  asBefore = false,
) {
  const app = createApp({
    stores: async () => store,
    config,
    clock: Date.now,
    log: quiet,
    mount: mountSite({ webDir }),
    files: openDiskFileStore(dataDir),
  })
  if (asBefore) sharp.concurrency(0)
  const server: Server = listen(app, config)
  await new Promise<void>((resolve) =>
    server.listening ? resolve() : server.once('listening', () => resolve()),
  )
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const api = await login(base, EDITOR, PASSWORD)
    const { album } = await api.call<{ album: { id: string } }>('/api/photos/albums', {
      title: { sl: 'Velike', en: 'Large' },
      owner: { kind: 'project', ref: 'LFIT2025' },
    })
    // A photo nobody edits: its thumbnail is read from the file store, as a gallery's are.
    const small = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#557799' },
    })
      .jpeg()
      .toBuffer()
    const { photo: bystander } = await api.call<{ photo: { thumb: { url: string } } }>(
      `/api/photos/albums/${album.id}/photos`,
      { fileId: await uploadImage(base, api, 'small.jpg', small, UPLOAD_PIECE_BYTES) },
    )
    const probes = [
      ['GET /builds/latest.json', '/builds/latest.json'],
      ['GET /api/photos/albums', '/api/photos/albums'],
      ["another photo's thumbnail", bystander.thumb.url],
    ] as const
    const paths = probes.map(([, path]) => path)
    const photoIds: string[] = []
    for (const seed of [1, 2]) {
      const bytes = await hundredMegapixels(seed)
      const fileId = await uploadImage(base, api, `big-${seed}.jpg`, bytes, UPLOAD_PIECE_BYTES)
      const { photo } = await api.call<{ photo: { id: string } }>(
        `/api/photos/albums/${album.id}/photos`,
        { fileId },
      )
      photoIds.push(photo.id)
    }

    const idleProbe = await startProbe(base, api.cookie, paths)
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
    const idle = await idleProbe.stop()

    const rssBefore = process.memoryUsage().rss
    let peakRss = rssBefore
    const watch = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
    const busyProbe = await startProbe(base, api.cookie, paths)
    const started = performance.now()
    const statuses = await Promise.all(
      Array.from({ length: EDITS }, async (_, n) => {
        const id = photoIds[n % 2]
        const [call, body] =
          n % 4 < 2
            ? ['rotate', { turn: 'right' }]
            : ['crop', { crop: { x: 0.1 * (n % 3), y: 0.1, width: 0.6, height: 0.7 } }]
        const response = await fetch(`${base}/api/photos/photos/${id}/${call}`, {
          method: 'POST',
          headers: {
            'Content-Type': MSGPACK,
            Origin: base,
            Cookie: api.cookie,
          },
          body: pack(body),
        })
        await response.arrayBuffer()
        return response.status
      }),
    )
    const editsMs = performance.now() - started
    const loadBusy = load()
    const busy = await busyProbe.stop()
    clearInterval(watch)
    const threads = sharp.concurrency()
    return {
      probes,
      idle,
      busy,
      statuses,
      editsMs,
      rssBeforeMb: rssBefore / 1e6,
      peakRssMb: peakRss / 1e6,
      loadBusy,
      threads,
    } satisfies Round
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

function report(label: string, config: Config, figures: Round) {
  const counts = new Map<number, number>()
  for (const status of figures.statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  console.log(
    `${label}: IMAGE_CONCURRENCY ${config.images.concurrency}, IMAGE_QUEUE_LENGTH ` +
      `${config.images.queueLength}, libvips ${figures.threads} thread(s) per image; ` +
      `${EDITS} edits answered ` +
      `${[...counts].map(([status, n]) => `${n}× ${status}`).join(', ')} in ` +
      `${(figures.editsMs / 1000).toFixed(1)} s; RSS ${figures.rssBeforeMb.toFixed(0)} MB before, peak ${figures.peakRssMb.toFixed(0)} MB; ` +
      `load ${figures.loadBusy}`,
  )
  for (const [label, path] of figures.probes) {
    const idle = figures.idle[path] as Probed
    const busy = figures.busy[path] as Probed
    console.log(
      `  ${label.padEnd(26)} idle p99 ${idle.p99.toFixed(1).padStart(7)} ms (${idle.count} calls)` +
        `  during the edits p99 ${busy.p99.toFixed(1).padStart(7)} ms, max ` +
        `${busy.max.toFixed(0)} ms (${busy.count} calls)  busy/idle ` +
        `${(busy.p99 / idle.p99).toFixed(1)}×  goal p99 < ${GOAL_MS} ms ` +
        `${busy.p99 < GOAL_MS ? 'met' : 'not met'}`,
    )
  }
}

async function photoLoadBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-bench-photo-load-'))
  const webDir = join(dataDir, 'web')
  mkdirSync(join(webDir, 'builds'), { recursive: true })
  writeFileSync(join(webDir, 'builds', 'latest.json'), '{"id":"bench","timestamp":1}')
  const store = await openStore({ dataDir, dbName: 'bench_photo_load' })
  await store.collection('users').insert({
    _id: EDITOR,
    username: EDITOR,
    roles: ['photoEditor'],
    status: 'active',
    passwordHash: await hashPassword(PASSWORD),
  })
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DB_NAME: 'bench_photo_load' }),
    // The bench's own address sends every request: no cap per client address.
    host: '127.0.0.1',
    port: 0,
    maxConnectionsPerClient: 0,
  }
  console.log(
    `photo work beside other requests: ${EDITS} rotates and crops at once on two ` +
      `${EDGE}×${EDGE} JPEGs, the probe GETs each path every ${PROBE_EVERY_MS} ms from its own ` +
      `process (load ${load()} at start)`,
  )
  try {
    report('bounded (the defaults)', config, await round(store, dataDir, webDir, config))
    if (process.env.PHOTO_LOAD_UNBOUNDED) {
      const unbounded = { ...config, images: { concurrency: EDITS, queueLength: EDITS } }
      const figures = await round(store, dataDir, webDir, unbounded, true)
      report('unbounded (every edit at once, libvips defaults)', unbounded, figures)
    }
  } finally {
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[2] === 'probe') {
  await probe(process.argv[3] ?? '', process.env[PROBE_COOKIE_ENV] ?? '', process.argv.slice(4))
} else {
  await withProductionFlags(import.meta.url, photoLoadBench)
}
