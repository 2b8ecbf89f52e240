// The photo editors hear of a hide request by e-mail (the mail queue, docs/0009): the photo is
// already hidden, so the mail asks them to look and decide, and names no one but the album.
import type { Lang } from '@lfit/domain/messages/bilingual'
import type { BilingualText } from '@lfit/domain/photos/photo'
import type { UserDirectory } from '../auth/users'
import { composeMail } from '../mail/compose'
import type { Mailer } from '../mail/outbox'
import type { Store } from '../store/port'

export async function tellPhotoEditors(
  deps: { users: UserDirectory; mailer: Mailer; publicUrl: string },
  store: Store,
  albumTitle: BilingualText,
): Promise<void> {
  const users = await deps.users.collection(store)
  const editors = await users.find(
    { roles: 'photoEditor', status: 'active' },
    { projection: { username: 1, email: 1, language: 1 }, limit: 50 },
  )
  const link = `${deps.publicUrl.replace(/\/$/, '')}/photos?requests=1`
  for (const editor of editors) {
    const to =
      typeof editor.email === 'string' && editor.email ? editor.email : String(editor.username)
    const language: Lang = editor.language === 'en' ? 'en' : 'sl'
    await deps.mailer.send(
      composeMail('photoHideRequest', to, language, {
        sl: {
          subject: 'LFIT: prošnja, da se fotografija skrije',
          paragraphs: [
            'Pozdravljeni!',
            `udeleženec je prosil, da se njegova fotografija v albumu »${albumTitle.sl}« skrije. Fotografija je že skrita vsem razen urednikom fotografij; odločite, ali ostane skrita ali jo znova pokažete.`,
          ],
          link: { url: link, label: 'Odpri prošnje' },
        },
        en: {
          subject: 'LFIT: a request to hide a photo',
          paragraphs: [
            'Hello,',
            `a participant asked for a photo of themselves in the album “${albumTitle.en}” to be hidden. It is already hidden from everyone but the photo editors; decide whether it stays hidden or is shown again.`,
          ],
          link: { url: link, label: 'Open the requests' },
        },
      }),
    )
  }
}
