// An editor screen opened again after a reload cut an upload: the record whose form was uploading
// opens again, so its uploads go on (pending-uploads.ts, docs/0041-uploads-resume-by-themselves.md).
import { useEffect, useState } from 'react'
import { useSessionUser } from '../session/session'
import { pendingRecords } from './pending-uploads'

/** The id of a record of `collection` with uploads left unfinished on this device, once read. */
export function useResumedUploads(collection: 'library' | 'materials'): string | null {
  const uploader = useSessionUser()?.username
  const [record, setRecord] = useState<string | null>(null)
  useEffect(() => {
    if (!uploader) return
    let cancelled = false
    void pendingRecords(uploader, collection).then((ids) => {
      if (!cancelled) setRecord(ids[0] ?? null)
    })
    return () => {
      cancelled = true
    }
  }, [uploader, collection])
  return record
}
