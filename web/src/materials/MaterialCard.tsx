// One material as a reader sees it on a phone: title in their language, what it is, its day and
// educators, the description, its files (a recording plays in place) and "Keep offline".
import { Trans, useLingui } from '@lingui/react/macro'
import { isRecording, playedFile, recordingFiles } from '@lfit/domain/media/recording'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { materialDescription, materialTitle } from '@lfit/domain/materials/lists'
import { formatDay } from '../i18n/date-format'
import { formatFileSize } from './file-size'
import { KeepOffline, type OfflineActions } from './KeepOffline'
import { fileUrl } from './offline-copies'
import { PlayLink } from '../media/PlayLink'
import { materialKindName } from './words'

export const readingLanguage = (locale: string) => (locale.startsWith('sl') ? 'sl' : 'en')

export function MaterialCard({
  material,
  isNew,
  copies,
}: {
  material: MaterialRecord
  isNew: boolean
  copies: OfflineActions
}) {
  const { t, i18n } = useLingui()
  const lang = readingLanguage(i18n.locale)
  const title = materialTitle(material, lang) || t`Untitled material`
  const description = materialDescription(material, lang)
  const meta = [
    materialKindName(i18n, material.kind),
    material.day && formatDay(i18n.locale, material.day),
    material.educators.join(', '),
  ].filter(Boolean)
  return (
    <article className="material card" data-material={material._id} data-new={isNew || undefined}>
      <h3 className="material-title">
        {title}{' '}
        {isNew && (
          <span className="badge badge-new">
            <Trans>New</Trans>
          </span>
        )}
      </h3>
      <p className="material-meta muted">{meta.join(' · ')}</p>
      {description && (
        // Sanitised by the server before it was stored (docs/access-policy.md#materials).
        <div className="material-description" dangerouslySetInnerHTML={{ __html: description }} />
      )}
      {material.kind === 'link' && material.url && (
        <p>
          <a className="material-url" href={material.url} target="_blank" rel="noopener noreferrer">
            {material.url}
          </a>
        </p>
      )}
      {isRecording(material) && playedFile(material) && (
        // The player: subtitles, chapters, where I stopped, my notes (web/src/media).
        <p>
          <PlayLink className="btn btn-primary play-recording" id={material._id}>
            <Trans>Play the recording</Trans>
          </PlayLink>
        </p>
      )}
      {material.files.length > 0 && (
        <ul className="material-files">
          {material.files.map((file) => (
            <li key={file.fileId} data-file={file.fileId}>
              <a href={fileUrl(file.fileId)} target="_blank" rel="noopener">
                {file.name}
              </a>{' '}
              <span className="muted">{formatFileSize(i18n.locale, file.size)}</span>
              {file.type.startsWith('audio/') && (
                <audio controls preload="none" src={fileUrl(file.fileId)}>
                  <a href={fileUrl(file.fileId)}>{file.name}</a>
                </audio>
              )}
            </li>
          ))}
        </ul>
      )}
      <KeepOffline
        id={material._id}
        files={recordingFiles(material)}
        copies={copies}
        label={title}
      />
    </article>
  )
}
