// The edits /ETAB makes on one day: each is written to the outbox before it shows, shown at once
// (before the live query reads the day again), and remembered for undo with what it replaced.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { mergeEdits, type FieldEdit } from '@lfit/domain/attendance/merge'
import {
  attendanceId,
  emptyAttendance,
  type AttendanceRecord,
} from '@lfit/domain/records/attendance'
import { useOffline } from '../offline/context'
import type { Shown } from '../offline/local-view'
import { useAttendanceOfDay } from '../offline/hooks'
import {
  lastChangeOn,
  pushChange,
  undoEdits,
  withoutChange,
  type Change,
  type ChangedFields,
  type PersonEdit,
} from './undo'

/** An edit this screen wrote, until the live view of its day has caught up with it. */
interface Written {
  id: string
  dayId: string
  participant: string
  edit: FieldEdit
}

/**
 * Whether the live view has caught up with `w`: it shows it queued, or its record is stamped at
 * least as late on every field (synced, or overwritten by a later edit). Either way the view
 * alone is right from then on, also when the edit is refused later.
 */
function holds(entry: Shown<AttendanceRecord> | undefined, w: Written): boolean {
  if (!entry) return false
  if (entry.queued.includes(w.id)) return true
  return Object.keys(w.edit.fields).every((field) => {
    const stamp = entry.record.stamps[field]
    return stamp !== undefined && stamp.hlc >= w.edit.hlc
  })
}

export interface ShownRecord {
  record: AttendanceRecord
  pending: number
}

export interface EtabEdits {
  /** The record of `participant` as it stands, this screen's newest edits included. */
  recordOf(participant: string): ShownRecord | undefined
  /** True once the day has been read from the device. */
  loaded: boolean
  /** Changes the fields of several people as one change (one undo). */
  change(edits: readonly { participant: string; after: ChangedFields }[]): Promise<void>
  /** The last change on this day that undo would revert. */
  lastChange: Change | undefined
  undo(): Promise<void>
}

export function useEtabEdits(dayId: string): EtabEdits {
  const { db, queue, user } = useOffline()
  const shown = useAttendanceOfDay(db, dayId)
  // Edits on disk that the live query does not show yet: dropped once the live view holds them.
  const [written, setWritten] = useState<readonly Written[]>([])
  const [history, setHistory] = useState<readonly Change[]>([])
  const nextId = useRef(0)
  useEffect(() => {
    if (!shown) return
    setWritten((list) => {
      const left = list.filter((w) => w.dayId === dayId && !holds(shown.get(w.participant), w))
      // The same list when nothing was dropped: no render for nothing.
      return left.length === list.length ? list : left
    })
  }, [shown, dayId])

  const recordOf = useCallback(
    (participant: string): ShownRecord | undefined => {
      const entry = shown?.get(participant)
      const extra = written.filter(
        (w) => w.dayId === dayId && w.participant === participant && !holds(entry, w),
      )
      if (extra.length === 0) return entry && { record: entry.record, pending: entry.pending }
      const base = entry?.record ?? emptyAttendance(attendanceId(dayId, participant))
      if (!base) return undefined
      return {
        record: mergeEdits(
          base,
          extra.map((w) => w.edit),
        ),
        pending: (entry?.pending ?? 0) + extra.length,
      }
    },
    [shown, written, dayId],
  )

  const write = useCallback(
    async (participant: string, fields: ChangedFields) => {
      const { id, hlc, deviceId } = await queue(
        'attendance',
        attendanceId(dayId, participant),
        fields as Record<string, unknown>,
      )
      const edit = { hlc, deviceId, fields: { ...fields }, user: user?.username ?? '' }
      setWritten((list) => [...list, { id, dayId, participant, edit }])
    },
    [queue, dayId, user?.username],
  )

  const change = useCallback(
    async (edits: readonly { participant: string; after: ChangedFields }[]) => {
      const made: PersonEdit[] = []
      // One after the other: each is its own queued edit, on disk before the next.
      for (const { participant, after } of edits) {
        const record = recordOf(participant)?.record
        const before: ChangedFields = {}
        if ('mark' in after) before.mark = record?.mark ?? null
        if ('note' in after) before.note = record?.note ?? ''
        await write(participant, after)
        made.push({ participant, before, after })
      }
      const id = nextId.current++
      setHistory((stack) => pushChange(stack, { id, dayId, edits: made }))
    },
    [recordOf, write, dayId],
  )

  const lastChange = useMemo(() => lastChangeOn(history, dayId), [history, dayId])
  const undo = useCallback(async () => {
    if (!lastChange) return
    setHistory((stack) => withoutChange(stack, lastChange))
    for (const { participant, fields } of undoEdits(lastChange)) await write(participant, fields)
  }, [lastChange, write])

  return { recordOf, loaded: shown !== undefined, change, lastChange, undo }
}
