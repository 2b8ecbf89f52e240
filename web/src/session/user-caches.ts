// Caches of answers meant for the signed-in user alone (docs/access-policy.md#photos): the photo
// albums as the server gave them to this user (a photo editor's include photos hidden from
// everyone else) and their pictures, and the material files they kept offline (docs/0034). They are forgotten when that user leaves, so the next person
// on a shared device never sees them, online or offline. vite.config.ts names its caches from here.

export const PHOTO_ALBUMS_CACHE = 'lfit-photo-albums'
export const PHOTO_THUMBS_CACHE = 'lfit-photo-thumbs'
export const PHOTO_SCREENS_CACHE = 'lfit-photo-screens'
/** The material files a reader kept offline (web/src/materials/offline-copies.ts): theirs too. */
export const FILES_CACHE = 'lfit-files'

export const USER_CACHES = [
  PHOTO_ALBUMS_CACHE,
  PHOTO_THUMBS_CACHE,
  PHOTO_SCREENS_CACHE,
  FILES_CACHE,
] as const

/** The part of the Cache API used here (typed so that vite.config.ts, built without DOM types, can
 * read the names above). */
interface CacheNames {
  delete(name: string): Promise<boolean>
}

/** Deletes the user's caches; a browser without the Cache API has none. */
export async function forgetUserCaches(
  storage: CacheNames | undefined = (globalThis as { caches?: CacheNames }).caches,
): Promise<void> {
  if (!storage) return
  await Promise.all(USER_CACHES.map((name) => storage.delete(name).catch(() => false)))
}
