import { describe, expect, it } from 'vitest'
import { ROLES } from '../access/roles'
import {
  isHidden,
  isPhotoEditor,
  isWaitingForDecision,
  mayReadPhotos,
  maySeePhoto,
  PHOTO_EDITOR_ROLES,
} from './access'
import type { PhotoHide } from './photo'

const asked: PhotoHide = { requestedBy: 'ana', requestedAt: 1 }
const keptHidden: PhotoHide = { ...asked, decision: 'hidden', decidedBy: 'urednik', decidedAt: 2 }
const shownAgain: PhotoHide = { ...asked, decision: 'shown', decidedBy: 'urednik', decidedAt: 2 }

describe('photo editors', () => {
  it.each(ROLES.map((role) => [role, role === 'admin' || role === 'photoEditor'] as const))(
    '%s edits photos: %s',
    (role, edits) => {
      expect(isPhotoEditor({ roles: [role] })).toBe(edits)
    },
  )

  it('names exactly the admin and the photo editor', () => {
    expect([...PHOTO_EDITOR_ROLES].sort()).toEqual(['admin', 'photoEditor'])
  })
})

describe('who sees a photo', () => {
  const participant = { roles: ['participant'] }
  const editor = { roles: ['photoEditor'] }
  const noRoles = { roles: [] }
  it.each([
    ['a visitor, a shown photo', null, null, false],
    ['a logged-in user without roles, a shown photo', noRoles, null, true],
    ['a participant, a shown photo', participant, null, true],
    ['a participant, a photo asked to be hidden', participant, asked, false],
    ['a participant, a photo kept hidden', participant, keptHidden, false],
    ['a participant, a photo shown again', participant, shownAgain, true],
    ['an editor, a photo asked to be hidden', editor, asked, true],
    ['an editor, a photo kept hidden', editor, keptHidden, true],
    ['an admin, a photo kept hidden', { roles: ['admin'] }, keptHidden, true],
    ['a media editor, a photo asked to be hidden', { roles: ['mediaEditor'] }, asked, false],
  ] as const)('%s: %s', (_case, user, hide, sees) => {
    expect(maySeePhoto(user, hide)).toBe(sees)
  })

  it.each([
    [null, false, false],
    [asked, true, true],
    [keptHidden, true, false],
    [shownAgain, false, false],
  ] as const)('hide state %j: hidden %s, waiting %s', (hide, hidden, waiting) => {
    expect(isHidden(hide)).toBe(hidden)
    expect(isWaitingForDecision(hide)).toBe(waiting)
  })

  it('lets any logged-in user read the galleries, no visitor', () => {
    expect(mayReadPhotos(null)).toBe(false)
    expect(mayReadPhotos(undefined)).toBe(false)
    expect(mayReadPhotos({ roles: [] })).toBe(true)
  })
})
