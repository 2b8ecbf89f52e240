// New builds: the service worker precaches this build's app shell; the app checks
// builds/latest.json now and then, and when another build is deployed the next navigation reloads
// the page into it (once per 10 s per path), after the new worker has taken over, so that a page
// never mixes files of two builds. A chunk that fails to load (its build is gone) reloads too.
import { useEffect, useSyncExternalStore } from 'react'
import type { BuildInfo } from '@lfit/domain/api/calls'
import type { EventBus } from '../events/bus'
import { claimReload } from './reload-guard'

export const BUILD_ID = __BUILD_ID__
export const UPDATE_CHECK_MS = 60_000
/** A navigation checks too, but not more often than this. */
const NAVIGATION_CHECK_MS = 5_000

let newBuild: BuildInfo | null = null
let lastCheck = 0
/** Where checks are reported: the app's event bus, handed over by startUpdateChecks. */
let events: EventBus | null = null
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The deployed build when it is not this one. */
export function useNewBuild(): BuildInfo | null {
  return useSyncExternalStore(
    subscribe,
    () => newBuild,
    () => null,
  )
}

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { Workbox } = await import('workbox-window')
  await new Workbox('/sw.js', { scope: '/' }).register()
}

async function loadBuildMeta(build: BuildInfo): Promise<void> {
  try {
    const response = await fetch(`/builds/meta/${encodeURIComponent(build.id)}.json`)
    if (!response.ok) throw new Error(`status ${response.status}`)
    const meta = (await response.json()) as { routes?: unknown }
    if (!Array.isArray(meta.routes)) throw new Error('no route rules')
  } catch (error) {
    console.error(`could not load the route rules of build ${build.id}`, error)
  }
}

/** Asks the server which build is deployed; true when it is another one. */
export async function checkForUpdate(): Promise<boolean> {
  lastCheck = Date.now()
  try {
    const response = await fetch(`/builds/latest.json?t=${lastCheck}`, { cache: 'no-store' })
    if (!response.ok) throw new Error(`status ${response.status}`)
    const latest = (await response.json()) as BuildInfo
    if (typeof latest.id !== 'string' || latest.id === BUILD_ID) {
      events?.emit('update', { state: 'checked' })
      return false
    }
    events?.emit('update', { state: 'newBuild' })
    if (newBuild?.id !== latest.id) {
      newBuild = latest
      for (const listener of listeners) listener()
      void loadBuildMeta(latest)
      void navigator.serviceWorker?.getRegistration().then((registration) => registration?.update())
    }
    return true
  } catch (error) {
    events?.emit('update', { state: 'failed' })
    // Offline or a server hiccup: the next check tries again (spec: console only).
    if (navigator.onLine) console.warn('could not check for a new build', error)
    return false
  }
}

export function startUpdateChecks(bus?: EventBus): () => void {
  events = bus ?? null
  const timer = setInterval(() => void checkForUpdate(), UPDATE_CHECK_MS)
  const check = () => document.visibilityState === 'visible' && void checkForUpdate()
  document.addEventListener('visibilitychange', check)
  window.addEventListener('online', check)
  void checkForUpdate()
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', check)
    window.removeEventListener('online', check)
  }
}

/** After a navigation: look for a new build unless we looked a moment ago. */
export function checkAfterNavigation(): void {
  if (Date.now() - lastCheck >= NAVIGATION_CHECK_MS) void checkForUpdate()
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.state !== 'installing') return resolve()
    worker.addEventListener('statechange', () => worker.state !== 'installing' && resolve())
  })
}

/** Lets the new service worker take over, so the reload is served from the new build. */
async function activateNewWorker(): Promise<void> {
  const container = navigator.serviceWorker
  const registration = await container?.getRegistration()
  if (!container || !registration) return
  await registration.update().catch(() => undefined)
  const pending = registration.installing ?? registration.waiting
  if (!pending) return
  await Promise.race([installed(pending), delay(10_000)])
  const waiting = registration.waiting
  if (!waiting) return
  const controllerChanged = new Promise<void>((resolve) =>
    container.addEventListener('controllerchange', () => resolve(), { once: true }),
  )
  waiting.postMessage({ type: 'SKIP_WAITING' })
  await Promise.race([controllerChanged, delay(5_000)])
}

const holds = new Set<() => boolean>()

/**
 * Registers a reason to put off the update reload while it answers true: edits still queued for
 * the server, a form with unsaved input. The old build keeps running (its worker still serves its
 * files) and the first navigation after the hold is released loads the new build.
 */
export function holdUpdates(isHeld: () => boolean): () => void {
  holds.add(isHeld)
  return () => holds.delete(isHeld)
}

export function updatesHeld(): boolean {
  return [...holds].some((isHeld) => isHeld())
}

/** Holds the update reload while `dirty` (a form with unsaved input). */
export function useHoldUpdates(dirty: boolean): void {
  useEffect(() => (dirty ? holdUpdates(() => true) : undefined), [dirty])
}

/**
 * Called before a navigation renders: when another build is deployed, loads `href` from it,
 * unless something holds the update. Resolves true when the page is being replaced.
 */
export async function reloadIntoNewBuild(href: string): Promise<boolean> {
  if (!newBuild || updatesHeld()) return false
  const path = new URL(href, location.href).pathname
  if (!claimReload(sessionStorage, path, Date.now())) return false
  await activateNewWorker()
  location.assign(href)
  return true
}

/** After a chunk failed to load: reload the page (its build is gone), once per 10 s per path. */
export function reloadAfterChunkError(): boolean {
  if (!claimReload(sessionStorage, location.pathname, Date.now())) return false
  location.reload()
  return true
}
