// The files of a material or library item: the ones attached, each removable, and a button to
// add more. Each new file uploads at once (resumably, upload.ts) with its progress shown; it joins
// the record's files when the server has stored it, and the record is saved with the form. An
// upload cut by the network goes on by itself when the network is back, and one cut by a reload
// goes on when the record's form opens again: the file and its upload's address are kept on the
// device until it is in (pending-uploads.ts, docs/0041-uploads-resume-by-themselves.md). A stopped
// or refused upload can be resumed by hand; the form is not saved while any file is unfinished.
import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FileRef } from '@lfit/domain/materials/material'
import { useCallErrorText } from '../auth/messages'
import { useOnline } from '../layout/ConnectionStatus'
import { useHoldUpdates } from '../pwa/updates'
import { useSessionUser } from '../session/session'
import { formatFileSize } from '../materials/file-size'
import {
  forgetPending,
  keepPending,
  pendingUploads,
  rememberUrl,
  type PendingUpload,
} from './pending-uploads'
import { failedOffline, startUpload, type RunningUpload } from './upload'

interface Transfer {
  key: string
  name: string
  type: string
  file: Blob
  /** The upload's tus address, once the server made it. */
  url: string | null
  sent: number
  total: number
  running: RunningUpload | null
  /** Cut off by the network: it goes on by itself when the device is online again. */
  offline: boolean
  error: string | null
}

/** What the form needs to know of its uploads to decide whether it may save. */
export interface UploadsState {
  /** An upload is under way or waits for the network: saving waits for it. */
  busy: boolean
  /** The files not in yet (under way, waiting, stopped or refused): the record would lack them. */
  unfinished: string[]
}

const transferOf = (row: PendingUpload): Transfer => ({
  key: row.key,
  name: row.name,
  type: row.type,
  file: row.file,
  url: row.url,
  sent: 0,
  total: row.file.size,
  running: null,
  offline: false,
  error: null,
})

export function UploadField({
  label,
  files,
  onChange,
  accept,
  scope,
  onState,
}: {
  label: string
  files: readonly FileRef[]
  onChange: (files: FileRef[]) => void
  /** The file picker's filter (e.g. "application/pdf,audio/*"); the server checks the bytes. */
  accept?: string
  /** The record the files are for (pending-uploads.ts uploadScope): its uploads outlive a reload. */
  scope: string
  /** Told whether an upload is under way and which files are unfinished. */
  onState?: (state: UploadsState) => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const uploader = useSessionUser()?.username ?? null
  const online = useOnline()
  const [transfers, setTransfers] = useState<Transfer[]>([])
  // The effects and the upload callbacks act on the latest props and state, not their first ones.
  const latest = useRef({ files, onChange, onState, transfers, begin: startTransfer, setAll })
  const busy = transfers.some((transfer) => transfer.running || transfer.offline)
  // A page reload would cut an upload: an app update waits until the uploads are done.
  useHoldUpdates(busy)

  function report(next: readonly Transfer[]) {
    latest.current.onState?.({
      busy: next.some((transfer) => transfer.running || transfer.offline),
      unfinished: next.map((transfer) => transfer.name),
    })
  }

  function setAll(change: (all: Transfer[]) => Transfer[]) {
    setTransfers((all) => {
      const next = change(all)
      report(next)
      return next
    })
  }

  const update = (key: string, change: Partial<Transfer>) =>
    setAll((all) =>
      all.map((transfer) => (transfer.key === key ? { ...transfer, ...change } : transfer)),
    )

  /** Starts (or goes on with) a transfer's upload; its outcome updates the list. */
  function startTransfer(transfer: Transfer): Transfer {
    const { key } = transfer
    const running = startUpload(transfer.file, transfer.name, {
      type: transfer.type,
      uploadUrl: transfer.url,
      onUrl: (url) => {
        update(key, { url })
        void rememberUrl(key, url)
      },
      onProgress: ({ sent, total }) => update(key, { sent, total }),
    })
    running.done.then(
      (ref) => {
        latest.current.onChange([...latest.current.files, ref])
        setAll((all) => all.filter((other) => other.key !== key))
        void forgetPending([key])
      },
      (error: unknown) =>
        failedOffline(error)
          ? update(key, { running: null, offline: true, error: null })
          : update(key, { running: null, offline: false, error: errorText(error) }),
    )
    return { ...transfer, running, offline: false, error: null }
  }
  latest.current = { files, onChange, onState, transfers, begin: startTransfer, setAll }

  const resume = (transfer: Transfer) => {
    const started = startTransfer(transfer)
    setAll((all) => all.map((other) => (other.key === transfer.key ? started : other)))
  }

  // Back online: every upload the network cut goes on, without anyone pressing Resume.
  useEffect(() => {
    if (!online) return
    const waiting = transfers.filter((transfer) => transfer.offline && !transfer.running)
    if (waiting.length === 0) return
    const { begin, setAll: change } = latest.current
    const started = new Map(waiting.map((transfer) => [transfer.key, begin(transfer)]))
    change((all) => all.map((transfer) => started.get(transfer.key) ?? transfer))
  }, [online, transfers])

  // The uploads this record's form left unfinished on this device (a reload) go on.
  useEffect(() => {
    if (!uploader) return
    let cancelled = false
    void pendingUploads(uploader, scope).then((rows) => {
      if (cancelled) return
      const { begin, setAll: change, transfers: shown } = latest.current
      const known = new Set(shown.map((transfer) => transfer.key))
      const restored = rows
        .filter((row) => !known.has(row.key))
        .map((row) => begin(transferOf(row)))
      if (restored.length > 0) change((all) => [...all, ...restored])
    })
    return () => {
      cancelled = true
    }
  }, [uploader, scope])

  // A form closed (saved, cancelled, left) gives up its unfinished uploads; a reload does not
  // close it, so those stay on the device for the form to go on with.
  useEffect(
    () => () => {
      const left = latest.current.transfers
      for (const transfer of left) void transfer.running?.stop()
      if (left.length > 0) void forgetPending(left.map((transfer) => transfer.key))
    },
    [],
  )

  const add = (picked: FileList | null) => {
    const added: Transfer[] = [...(picked ?? [])].map((file) => ({
      key: crypto.randomUUID(),
      name: file.name,
      type: file.type,
      file,
      url: null,
      sent: 0,
      total: file.size,
      running: null,
      offline: false,
      error: null,
    }))
    for (const transfer of added) {
      if (!uploader) continue
      const { key, name, type, file } = transfer
      void keepPending({
        key,
        user: uploader,
        scope,
        name,
        type,
        file,
        url: null,
        addedAt: Date.now(),
      })
    }
    const started = added.map(startTransfer)
    setAll((all) => [...all, ...started])
  }

  const stop = async (transfer: Transfer) => {
    await transfer.running?.stop()
    update(transfer.key, {
      running: null,
      offline: false,
      error: t`Stopped. Resume to go on from where it stopped.`,
    })
  }

  const cancel = (transfer: Transfer) => {
    void transfer.running?.stop()
    setAll((all) => all.filter((other) => other.key !== transfer.key))
    void forgetPending([transfer.key])
  }

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
          <li
            key={transfer.key}
            data-upload={transfer.name}
            data-state={transfer.running ? 'running' : transfer.offline ? 'offline' : 'stopped'}
          >
            <span>{transfer.name}</span>
            <progress
              max={100}
              value={percent(transfer)}
              aria-label={t`Uploading ${transfer.name}`}
            />
            <span role="status">
              {t`${percent(transfer)} % of ${formatFileSize(i18n.locale, transfer.total)}`}
              {transfer.offline &&
                ` · ${t`Waiting for the connection: it goes on by itself when the device is online.`}`}
            </span>
            {transfer.running || transfer.offline ? (
              <button
                type="button"
                className="btn btn-small"
                disabled={!transfer.running}
                onClick={() => void stop(transfer)}
              >
                <Trans>Stop</Trans>
              </button>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => resume(transfer)}>
                <Trans>Resume</Trans>
              </button>
            )}
            {!transfer.running && (
              <button
                type="button"
                className="btn btn-small btn-text"
                aria-label={t`Cancel the upload of ${transfer.name}`}
                onClick={() => cancel(transfer)}
              >
                <Trans>Cancel</Trans>
              </button>
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
