// /dir: every stored file, for admins and editors: name, kind, size, who uploaded it and when,
// and where it is used. A file is deleted only while nothing uses it; the server refuses it
// otherwise and says why. The list comes from the server (files are not synced to devices): the
// router reads it (web/src/app/screen-reads.ts).
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { mayDeleteFile, type ListedFile } from '@lfit/domain/materials/file-list'
import { useScreenRead } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { EditList } from '../editing/EditList'
import type { Column } from '../editing/list'
import { formatFileSize } from '../materials/file-size'
import { formatDateTime } from '../i18n/date-format'
import { DeleteButton } from '../ui/buttons'
import { useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { deleteFile, fileAddress } from './files-api'

export default function FileDirectoryScreen() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [files, setFiles] = useReadState(useScreenRead('/dir'))
  const [unusedOnly, setUnusedOnly] = useState(false)

  const remove = async (file: ListedFile) => {
    try {
      await deleteFile(file.fileId)
      snackbar.show(t`Deleted ${file.name}.`)
      setFiles((all) => all.filter((other) => other.fileId !== file.fileId))
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    }
  }

  const columns = useMemo<Column<ListedFile>[]>(
    () => [
      { key: 'name', label: t`Name`, text: (file) => file.name },
      { key: 'type', label: t`Type`, text: (file) => file.type },
      {
        key: 'size',
        label: t`Size`,
        text: (file) => formatFileSize(i18n.locale, file.size),
        sortBy: (file) => file.size,
      },
      { key: 'uploadedBy', label: t`Uploaded by`, text: (file) => file.uploaderName },
      {
        key: 'uploadedAt',
        label: t`Uploaded`,
        text: (file) => formatDateTime(i18n.locale, file.uploadedAt),
        sortBy: (file) => file.uploadedAt,
      },
      {
        key: 'uses',
        label: t`Used in`,
        text: (file) => file.uses.map((use) => use.title).join('; ') || t`Not used`,
        sortBy: (file) => file.uses.length,
      },
    ],
    [t, i18n],
  )
  const rows = useMemo(
    () => files.filter((file) => !unusedOnly || mayDeleteFile(file)),
    [files, unusedOnly],
  )

  return (
    <section aria-labelledby="file-directory-title">
      <h1 id="file-directory-title">
        <Trans>Stored files</Trans>
      </h1>
      <EditList
        label={t`Stored files`}
        rows={rows}
        columns={columns}
        keyOf={(file) => file.fileId}
        searchAlso={(file) => file.uploadedBy}
        initialSort={{ column: 'uploadedAt', direction: 'desc' }}
        toolbar={
          <label className="checks">
            <input
              type="checkbox"
              checked={unusedOnly}
              onChange={(event) => setUnusedOnly(event.target.checked)}
            />
            <Trans>Only files not used anywhere</Trans>
          </label>
        }
        actions={(file) => (
          <>
            <a
              className="btn btn-small"
              href={fileAddress(file.fileId)}
              target="_blank"
              rel="noopener"
            >
              <Trans>Open</Trans>
            </a>
            {mayDeleteFile(file) ? (
              <DeleteButton
                small
                question={t`Delete the file ${file.name}? This cannot be undone.`}
                onDelete={() => remove(file)}
              />
            ) : (
              <span className="muted">
                <Trans>In use: cannot be deleted</Trans>
              </span>
            )}
          </>
        )}
      />
    </section>
  )
}
