// Who sees and who edits the photo galleries (docs/access-policy.md#photos): any logged-in user
// reads the albums; the photo editors (and admins) add, edit and delete; a photo someone asked to
// have hidden is seen only by the photo editors from the moment of the request until they decide
// to show it again.
import { hasAnyRole, type Role, type UserLike } from '../access/roles'
import type { PhotoHide } from './photo'

export const PHOTO_EDITOR_ROLES = ['admin', 'photoEditor'] as const satisfies readonly Role[]

export function isPhotoEditor(user: UserLike): boolean {
  return hasAnyRole(user, PHOTO_EDITOR_ROLES)
}

/** Any logged-in user reads the galleries; a visitor (null) does not. */
export function mayReadPhotos(user: UserLike): boolean {
  return user !== null && user !== undefined
}

/**
 * Whether a photo is hidden from those who are not photo editors: asked to be hidden and not
 * (yet) shown again by an editor.
 */
export function isHidden(hide: PhotoHide | null | undefined): boolean {
  return hide !== null && hide !== undefined && hide.decision !== 'shown'
}

/** Whether `user` sees a photo with this hide state. */
export function maySeePhoto(user: UserLike, hide: PhotoHide | null | undefined): boolean {
  if (!mayReadPhotos(user)) return false
  return isPhotoEditor(user) || !isHidden(hide)
}

/**
 * Whether a hide request is still waiting for the editors: asked and not decided. A photo asked
 * again after an editor showed it is waiting again.
 */
export function isWaitingForDecision(hide: PhotoHide | null | undefined): boolean {
  return hide !== null && hide !== undefined && hide.decision === undefined
}
