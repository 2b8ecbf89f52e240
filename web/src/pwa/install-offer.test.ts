import { describe, expect, it } from 'vitest'
import { installOffer, type InstallOffer, type InstallSituation } from './install-offer'

const none: InstallSituation = {
  promptAvailable: false,
  installed: false,
  standalone: false,
  appleMobile: false,
  noteDismissed: false,
}

describe('how installing the app is offered', () => {
  it.each<[string, Partial<InstallSituation>, InstallOffer]>([
    ['a browser that offers nothing (desktop Firefox, Safari on a Mac)', {}, null],
    ['Chromium handed over its install prompt', { promptAvailable: true }, 'button'],
    ['the prompt was used and accepted', { promptAvailable: false, installed: true }, null],
    ['installed while the prompt was still kept', { promptAvailable: true, installed: true }, null],
    ['already running as the installed app', { promptAvailable: true, standalone: true }, null],
    ['Safari on an iPhone or iPad', { appleMobile: true }, 'appleNote'],
    ['the iPhone note was dismissed before', { appleMobile: true, noteDismissed: true }, null],
    ['the installed app on an iPhone', { appleMobile: true, standalone: true }, null],
    [
      'a dismissed note does not hide a browser prompt',
      { promptAvailable: true, noteDismissed: true },
      'button',
    ],
  ])('%s -> %s', (_label, situation, expected) => {
    expect(installOffer({ ...none, ...situation })).toBe(expected)
  })
})
