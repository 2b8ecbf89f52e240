// /dir: the file directory, every stored file for the file managers (docs/product-rules.md#files):
// its name, type in words, size, who uploaded it and when, and where it is used, in folders by
// where it is used (material, the library, not used). A file is deleted only while nothing uses it; the server refuses it
// otherwise and says why. The list comes from the server (files are not synced to devices): the
// router reads it (web/src/app/screen-reads.ts).
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  FILE_FOLDERS,
  fileFolders,
  mayDeleteFile,
  type FileFolder,
  type ListedFile,
} from '@lfit/domain/materials/file-list'
import { useScreenRead } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { EditList } from '../editing/EditList'
import type { Column } from '../editing/list'
import { formatFileSize } from '../materials/file-size'
import { formatDateTime } from '../i18n/date-format'
import { FilterChoice } from '../materials/list-controls'
import { DeleteButton } from '../ui/buttons'
import { useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { deleteFile, fileAddress } from './files-api'
import '../participants/participants.css'
import { fileTypeName, folderName } from './file-words'

export default function FileDirectoryScreen() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [files, setFiles] = useReadState(useScreenRead('/dir'))
  const [folder, setFolder] = useState<FileFolder>()

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
      { key: 'name', label: t`File name`, text: (file) => file.name },
      { key: 'type', label: t`Type`, text: (file) => fileTypeName(i18n, file.type) },
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
    () => files.filter((file) => !folder || fileFolders(file).includes(folder)),
    [files, folder],
  )
  const folders = FILE_FOLDERS.map((each) => {
    const count = files.filter((file) => fileFolders(file).includes(each)).length
    return { value: each, label: `${folderName(i18n, each)} (${count})` }
  })

  return (
    <section aria-labelledby="file-directory-title">
      <h1 id="file-directory-title">
        <Trans>File directory</Trans>
      </h1>
      <EditList
        label={t`File directory`}
        rows={rows}
        columns={columns}
        keyOf={(file) => file.fileId}
        searchAlso={(file) => file.uploadedBy}
        initialSort={{ column: 'uploadedAt', direction: 'desc' }}
        toolbar={
          <FilterChoice
            name="folder"
            label={t`Folder`}
            value={folder}
            options={folders}
            onChange={setFolder}
          />
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
