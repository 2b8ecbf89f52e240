// Many photos at once, for a photo editor: each file goes up through the resumable upload
// (web/src/editing/upload.ts: a dropped Wi-Fi resumes where it stopped, and picking the same
// files again after a reload resumes too), two at a time, and is then added to the album, where
// the server makes its sizes. Each file shows its progress and, if refused, why.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PhotoView } from '@lfit/domain/photos/wire'
import { useCallErrorText } from '../auth/messages'
import { startUpload } from '../editing/upload'
import { addPhoto } from './photos-api'

/** How many files upload at once: enough to keep the line busy, few enough to finish some early. */
const AT_ONCE = 2
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif'

interface Sending {
  name: string
  sent: number
  total: number
  state: 'waiting' | 'sending' | 'adding' | 'done' | 'failed'
  error?: string
}

export function UploadPhotos({
  albumId,
  onAdded,
}: {
  albumId: string
  onAdded: (photo: PhotoView) => void
}) {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const [sending, setSending] = useState<Sending[]>([])

  const update = (index: number, change: Partial<Sending>) =>
    setSending((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)))

  const send = async (files: File[]) => {
    const start = sending.length
    setSending((all) => [
      ...all,
      ...files.map((file) => ({
        name: file.name,
        sent: 0,
        total: file.size,
        state: 'waiting' as const,
      })),
    ])
    let next = 0
    const worker = async () => {
      while (next < files.length) {
        const index = next++
        const file = files[index] as File
        const at = start + index
        update(at, { state: 'sending' })
        try {
          const ref = await startUpload(file, file.name, {
            type: file.type,
            onProgress: ({ sent, total }) => update(at, { sent, total }),
          }).done
          update(at, { state: 'adding' })
          onAdded(await addPhoto(albumId, ref.fileId))
          update(at, { state: 'done' })
        } catch (failure) {
          update(at, { state: 'failed', error: errorText(failure) })
        }
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker))
  }

  const done = sending.filter((item) => item.state === 'done').length
  const total = sending.length
  const unfinished = sending.filter((item) => item.state !== 'done')
  return (
    <div className="photo-upload card">
      <label className="btn btn-primary photo-upload-pick">
        <Trans>Upload photos</Trans>
        <input
          type="file"
          name="photos"
          multiple
          accept={IMAGE_TYPES}
          className="visually-hidden"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > 0) void send(files)
          }}
        />
      </label>
      {total > 0 && (
        <p role="status" className="photo-upload-summary">
          {t`${done} of ${total} photos added`}
        </p>
      )}
      {unfinished.length > 0 && (
        <ul className="photo-upload-list">
          {unfinished.map((item) => (
            <li key={`${item.name}-${sending.indexOf(item)}`}>
              <span className="photo-upload-name">{item.name}</span>
              {item.state === 'failed' ? (
                <span className="alert">{item.error}</span>
              ) : (
                <progress
                  max={item.total || 1}
                  value={item.state === 'adding' ? item.total : item.sent}
                  aria-label={item.name}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
