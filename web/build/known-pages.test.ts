import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isKnownPage } from '../../domain/src/access/routes'
import { contentPageNames, readContentPages } from './content-pages'
import { knownPagesPattern } from './known-pages'

const CONTENT = join(import.meta.dirname, '../content/pages')

describe('the service worker answers from its cache exactly the pages the server answers 200', () => {
  const built = new Set(['cenik', 'home', 'faq'])
  const pattern = knownPagesPattern(built)
  it.each([
    ['/', true],
    ['/?lang=EN', true],
    ['/urnik', true],
    ['/Urnik/', true],
    ['/urnik?lang=SI', true],
    ['/ETAB', true],
    ['/etab/', true],
    ['/auth/login', true],
    ['/auth/login?redirect=%2FETAB', true],
    ['/urnik-print', true],
    ['/cenik', true],
    ['/CENIK/', true],
    ['/no-such-page', false],
    ['/no-such-page?lang=EN', false],
    ['/home', false],
    ['/urnik/2025', false],
    ['/auth', false],
    ['/urnikx', false],
    ['/xurnik', false],
  ])('%s → %s', (path, known) => {
    expect(pattern.test(path)).toBe(known)
    expect(isKnownPage(path, built)).toBe(known)
  })

  it('the real build knows its Markdown pages', () => {
    const names = contentPageNames(readContentPages(CONTENT))
    expect(names).toContain('faq')
    expect(names).toEqual([...names].sort())
    expect(knownPagesPattern(names).test('/koncept')).toBe(true)
  })
})
