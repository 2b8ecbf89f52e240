import { describe, expect, it, vi } from 'vitest'
import { ROUTES } from '@lfit/domain/access/routes'

// The content pages' names come from a Vite plugin at build time: here, the same names.
vi.mock('virtual:content-pages', async () => {
  const { fileURLToPath } = await import('node:url')
  const { contentPageNames, readContentPages } = await import('../../build/content-pages')
  const dir = fileURLToPath(new URL('../../content/pages', import.meta.url))
  return { pageNames: contentPageNames(readContentPages(dir)) }
})
const { placeholderRoutes, screenFor } = await import('./screens')

describe('every route of the table has its screen', () => {
  it('no route shows the "coming soon" placeholder any more (the README says so)', () => {
    expect(placeholderRoutes(ROUTES)).toEqual([])
  })

  it.each(['/mediji', '/photos', '/poster', '/ATMcerts', '/ATMcertsList', '/OrganisedEventCerts'])(
    '%s, the last of them, has one',
    (path) => {
      const route = ROUTES.find((candidate) => candidate.path === path)
      expect(route).toBeDefined()
      expect(placeholderRoutes([route!])).toEqual([])
      expect(screenFor(route!)).toBeTypeOf('function')
    },
  )
})
