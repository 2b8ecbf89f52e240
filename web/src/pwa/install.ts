// Installing the app from inside it. Chromium fires `beforeinstallprompt` once the app is
// installable, often before any screen is up, so the event is kept from start-up on (and its
// default mini-infobar held back) until the user asks to install; a prompt can be shown only
// once. `appinstalled` (or an accepted prompt) hides the offer. On an iPhone or iPad the offer is
// a note about the Share menu that the user can dismiss for good on this device.
import { useSyncExternalStore } from 'react'
import { installOffer, type InstallOffer } from './install-offer'

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const NOTE_DISMISSED_KEY = 'lfit:install-note-dismissed'

let prompt: InstallPromptEvent | null = null
let installed = false
let noteDismissed = readDismissed()
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

function readDismissed(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(NOTE_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** At start-up: keeps the browser's install prompt for the "Install app" button. */
export function watchInstallPrompt(): void {
  // A prompt that came before the app's code, kept by a rendered page's start script
  // (web/public/app-start.js); from now on the app keeps it (null tells that script).
  const early = (window as { lfitInstallPrompt?: Event | null }).lfitInstallPrompt
  if (early) prompt = early as InstallPromptEvent
  Object.assign(window, { lfitInstallPrompt: null })
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    prompt = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    prompt = null
    installed = true
    changed()
  })
}

/** Shows the browser's install dialog (once: a prompt cannot be shown twice). */
export async function installApp(): Promise<void> {
  const event = prompt
  if (!event) return
  prompt = null
  changed()
  await event.prompt()
  if ((await event.userChoice).outcome === 'accepted') {
    installed = true
    changed()
  }
}

export function dismissInstallNote(): void {
  noteDismissed = true
  try {
    localStorage.setItem(NOTE_DISMISSED_KEY, '1')
  } catch {
    // Storage unavailable (private mode): hidden for this visit only.
  }
  changed()
}

function appleMobile(): boolean {
  // Only Apple's mobile WebKit has `navigator.standalone`; an iPad says it is a Mac but has touch.
  const standalone = (navigator as { standalone?: unknown }).standalone
  return typeof standalone === 'boolean' && navigator.maxTouchPoints > 0
}

function runsInstalled(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as { standalone?: unknown }).standalone === true
  )
}

function currentOffer(): InstallOffer {
  return installOffer({
    promptAvailable: prompt !== null,
    installed,
    standalone: runsInstalled(),
    appleMobile: appleMobile(),
    noteDismissed,
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => null)
}
