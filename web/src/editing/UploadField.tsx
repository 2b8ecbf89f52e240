// The files of a material or library item: the ones attached, each removable, and a button to
// add more. Each new file uploads at once (resumably, upload.ts) with its progress shown; it joins
// the record's files when the server has stored it, and the record is saved with the form. A
// stopped or failed upload can be resumed: picking the same file again goes on where it stopped.
import { useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FileRef } from '@lfit/domain/materials/material'
import { useCallErrorText } from '../auth/messages'
import { useHoldUpdates } from '../pwa/updates'
import { formatFileSize } from '../materials/file-size'
import { startUpload, type RunningUpload } from './upload'

interface Transfer {
  key: number
  name: string
  sent: number
  total: number
  running: RunningUpload | null
  error: string | null
  file: File
}

export function UploadField({
  label,
  files,
  onChange,
  accept,
  onBusy,
}: {
  label: string
  files: readonly FileRef[]
  onChange: (files: FileRef[]) => void
  /** The file picker's filter (e.g. "application/pdf,audio/*"); the server checks the bytes. */
  accept?: string
  /** Told whether an upload is under way: the form waits for it before saving. */
  onBusy?: (busy: boolean) => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const [transfers, setTransfers] = useState<Transfer[]>([])
  const latestFiles = useRef(files)
  latestFiles.current = files
  const nextKey = useRef(0)
  const busy = transfers.some((transfer) => transfer.running)
  // A page reload would cut an upload: an app update waits until the uploads are done.
  useHoldUpdates(busy)

  const update = (key: number, change: Partial<Transfer>) =>
    setTransfers((all) => {
      const next = all.map((transfer) =>
        transfer.key === key ? { ...transfer, ...change } : transfer,
      )
      onBusy?.(next.some((transfer) => transfer.running))
      return next
    })

  const begin = (file: File, key: number) => {
    const running = startUpload(file, file.name, {
      type: file.type,
      onProgress: ({ sent, total }) => update(key, { sent, total }),
    })
    running.done.then(
      (ref) => {
        onChange([...latestFiles.current, ref])
        setTransfers((all) => {
          const next = all.filter((transfer) => transfer.key !== key)
          onBusy?.(next.some((transfer) => transfer.running))
          return next
        })
      },
      (error: unknown) => update(key, { running: null, error: errorText(error) }),
    )
    return running
  }

  const add = (picked: FileList | null) => {
    const added = [...(picked ?? [])].map((file) => {
      const key = nextKey.current++
      const transfer: Transfer = {
        key,
        name: file.name,
        sent: 0,
        total: file.size,
        file,
        error: null,
        running: null,
      }
      return { ...transfer, running: begin(file, key) }
    })
    setTransfers((all) => [...all, ...added])
    onBusy?.(added.length > 0 || busy)
  }

  const stop = async (transfer: Transfer) => {
    await transfer.running?.stop()
    update(transfer.key, {
      running: null,
      error: t`Stopped. Resume to go on from where it stopped.`,
    })
  }

  const resume = (transfer: Transfer) =>
    update(transfer.key, { error: null, running: begin(transfer.file, transfer.key) })

  const percent = (transfer: Transfer) =>
    transfer.total > 0 ? Math.floor((transfer.sent / transfer.total) * 100) : 0

  return (
    <fieldset className="field">
      <legend>{label}</legend>
      {files.length === 0 && transfers.length === 0 && (
        <p className="muted">
          <Trans>No files yet.</Trans>
        </p>
      )}
      <ul className="edit-files">
        {files.map((file) => (
          <li key={file.fileId} data-file={file.name}>
            <span>{file.name}</span>
            <span className="muted">{formatFileSize(i18n.locale, file.size)}</span>
            <button
              type="button"
              className="btn btn-small"
              aria-label={t`Remove ${file.name}`}
              onClick={() => onChange(files.filter((kept) => kept.fileId !== file.fileId))}
            >
              <Trans>Remove</Trans>
            </button>
          </li>
        ))}
        {transfers.map((transfer) => (
          <li key={transfer.key} data-upload={transfer.name}>
            <span>{transfer.name}</span>
            <progress
              max={100}
              value={percent(transfer)}
              aria-label={t`Uploading ${transfer.name}`}
            />
            <span role="status">
              {t`${percent(transfer)} % of ${formatFileSize(i18n.locale, transfer.total)}`}
            </span>
            {transfer.running ? (
              <button type="button" className="btn btn-small" onClick={() => void stop(transfer)}>
                <Trans>Stop</Trans>
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-small" onClick={() => resume(transfer)}>
                  <Trans>Resume</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  onClick={() =>
                    setTransfers((all) => all.filter((other) => other.key !== transfer.key))
                  }
                >
                  <Trans>Cancel</Trans>
                </button>
              </>
            )}
            {transfer.error && (
              <span className="field-error" role="alert">
                {transfer.error}
              </span>
            )}
          </li>
        ))}
      </ul>
      <label className="btn edit-file-pick">
        <Trans>Add files…</Trans>
        <input
          type="file"
          multiple
          accept={accept}
          onChange={(event) => {
            add(event.target.files)
            event.target.value = ''
          }}
        />
      </label>
    </fieldset>
  )
}
