// The screens' server reads as the app's router runs them (docs/0036): each entry belongs to a
// route of the table; the parts of the address a read depends on are read safely; a read that
// cannot reach the server (here there is none, as on a phone offline) shows the one failure
// block with "Try again" inside the page, not the app's error page; a part of a screen that
// failed leaves the rest of the screen on display; a route the visitor may not open reads nothing.
// The device's last user is an administrator (as the browser's storage keeps it, docs/0008), so
// the staff screens read; the open ones read as for anyone.
import { i18n } from '@lingui/core'
import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { describe, expect, it, vi } from 'vitest'
import { findRoute } from '@lfit/domain/access/routes'
import { createEventBus } from '../events/bus'
import { loadLanguage } from '../i18n/i18n'
import { createLiveStatus } from '../live/status'
import { App } from './App'
import { createAppRouter } from './router'
import { certificateScope, classmatesYear, makeupTab, SCREEN_READS } from './screen-reads'

// Defined by Vite at build time; the router's update check reads them.
vi.hoisted(() => {
  const build = globalThis as { __BUILD_ID__?: string; __BUILD_TIME__?: number }
  build.__BUILD_ID__ = 'test'
  build.__BUILD_TIME__ = 0
  // The browser's storage, as the session finds it on start: an administrator used this device.
  const kept = new Map([
    ['lfit:session-user', JSON.stringify({ username: 'admin', roles: ['admin'] })],
  ])
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    },
  })
})

async function page(path: string): Promise<string> {
  await loadLanguage('en')
  i18n.activate('en')
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  const { prelude } = await prerender(
    <App router={router} bus={createEventBus()} live={createLiveStatus()} />,
  )
  return new Response(prelude).text()
}

describe('the table of screen reads', () => {
  it.each(Object.keys(SCREEN_READS))('%s is a route of the route table', (path) => {
    expect(findRoute(path)?.path.toLowerCase()).toBe(path)
  })

  it.each([
    [undefined, { kind: 'year', year: 1 }],
    ['3', { kind: 'year', year: 3 }],
    ['programme', { kind: 'programme' }],
    ['0', { kind: 'year', year: 1 }],
    ['2.5', { kind: 'year', year: 1 }],
    ['<script>', { kind: 'year', year: 1 }],
  ])('/ATMcertsList?scope=%s reads %o', (value, scope) => {
    expect(certificateScope(value)).toEqual(scope)
  })

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['2', 2],
    [4, 4],
    ['-1', undefined],
    ['two', undefined],
  ])('/sosolci?year=%s reads the year %s', (value, year) => {
    expect(classmatesYear(value)).toBe(year)
  })

  it.each([
    [undefined, 'sessions'],
    ['needs', 'needs'],
    ['settings', 'settings'],
    ['Settings', 'sessions'],
    ['<script>', 'sessions'],
  ])('/nadomescanja?tab=%s shows the tab %s', (value, tab) => {
    expect(makeupTab(value)).toBe(tab)
  })

  it.each([
    [{}, { tab: 'sessions', signups: '' }],
    [{ signups: 's1' }, { tab: 'sessions', signups: 's1' }],
    // Sign-ups open only under the sessions they belong to.
    [
      { tab: 'settings', signups: 's1' },
      { tab: 'settings', signups: '' },
    ],
    [
      { tab: 'needs', signups: 's1' },
      { tab: 'needs', signups: '' },
    ],
    [{ signups: 7 }, { tab: 'sessions', signups: '' }],
  ])('/nadomescanja with %o reads %o', (search, deps) => {
    expect(SCREEN_READS['/nadomescanja'].deps(search)).toEqual(deps)
  })

  it.each([
    [{}, {}],
    [{ uredi: 'u1' }, { uredi: 'u1' }],
    [{ uredi: ['u1'] }, {}],
    [
      { iskanje: 'Ana', vloga: 'educator', stanje: 'blocked', stran: '2' },
      { iskanje: 'Ana', vloga: 'educator', stanje: 'blocked', stran: '2' },
    ],
  ])('/auth/users with %o reads the editor and the list %o', (search, deps) => {
    const none = { uredi: '', iskanje: '', vloga: '', stanje: '', stran: '' }
    expect(SCREEN_READS['/auth/users'].deps(search)).toEqual({ ...none, ...deps })
  })
})

describe('a screen whose read cannot reach the server', () => {
  it('shows the failure block with "Try again" in the page, not the error page', async () => {
    const html = await page(`/auth/newPassword?token=${'x'.repeat(43)}`)
    expect(html).toContain('You are offline. Try again when the network is back.')
    expect(html).toContain('>Try again</button>')
    // Inside the layout: the page's route, the app bar; not the app's error page.
    expect(html).toContain('data-route="/auth/newPassword"')
    expect(html).not.toContain('error-page')
  })

  it('keeps the rest of the screen when only a part of it failed', async () => {
    const html = await page('/potrdilo?koda=K7QM-3XPA-9TDE-W2HN')
    expect(html).toContain('class="verify-form')
    expect(html).toContain('You are offline. Try again when the network is back.')
    expect(html).toContain('>Try again</button>')
  })

  it.each([
    ['/nadomescanja', 'the sessions and their educators'],
    ['/nadomescanja?tab=settings', 'the make-up settings'],
    ['/nadomescanja?signups=s1', 'a session with its sign-ups open'],
    ['/auth/users?uredi=u1', "a user's editor"],
  ])('%s (%s): the failure block in the page', async (path) => {
    const html = await page(path)
    expect(html).toContain('You are offline. Try again when the network is back.')
    expect(html).toContain('>Try again</button>')
    expect(html).toContain('data-read="failed"')
    expect(html).not.toContain('error-page')
  })

  it("/nadomescanja?tab=needs reads nothing: the standings are the device's", async () => {
    await expect(
      SCREEN_READS['/nadomescanja'].read({ tab: 'needs', signups: '' }),
    ).resolves.toEqual({ tab: 'needs' })
  })

  it('/prijavaNadomescanje does not wait for the free places; offline there are none', async () => {
    const { freePlaces } = await SCREEN_READS['/prijavanadomescanje'].read({})
    await expect(freePlaces).resolves.toBeUndefined()
  })

  it('reads nothing for a link without its token: the screen says the link is incomplete', async () => {
    const html = await page('/auth/newPassword')
    expect(html).toContain('This link is incomplete')
    expect(html).not.toContain('Try again')
  })
})
