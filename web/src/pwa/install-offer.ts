// Which way to offer installing the app, if any: a button where the browser lets the app ask
// (Chromium's `beforeinstallprompt`), a short "Add to Home Screen" note on an iPhone or iPad
// (Safari has no such event: installing is the Share menu's job), nothing once the app runs
// installed or the user has dismissed the note. Pure, so the rule is tested without a browser.

export type InstallOffer = 'button' | 'appleNote' | null

export interface InstallSituation {
  /** The browser handed over an install prompt that has not been used yet. */
  promptAvailable: boolean
  /** The app was installed from this page (`appinstalled`, or the prompt was accepted). */
  installed: boolean
  /** The page runs as the installed app (display mode standalone). */
  standalone: boolean
  /** An iPhone or iPad browser (Apple's mobile WebKit), where only the Share menu installs. */
  appleMobile: boolean
  /** The user dismissed the iPhone/iPad note before (remembered on the device). */
  noteDismissed: boolean
}

export function installOffer(situation: InstallSituation): InstallOffer {
  if (situation.installed || situation.standalone) return null
  if (situation.promptAvailable) return 'button'
  if (situation.appleMobile && !situation.noteDismissed) return 'appleNote'
  return null
}
