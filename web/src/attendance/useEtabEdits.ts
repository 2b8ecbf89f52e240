// The edits /ETAB makes on one sheet (a study day, or a make-up session): each is written to the
// outbox (strict durability) in the order made and shows the moment it is on disk, before the
// live view re-reads the day; it is remembered for undo with what it replaced. A write that fails
// never shows and is reported (docs/0020-tap-shows-when-written.md).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { mergeEdits, type FieldEdit } from '@lfit/domain/attendance/merge'
import { makeupAttendanceId } from '@lfit/domain/makeups/sessions'
import { attendanceId } from '@lfit/domain/records/attendance'
import { SYNCED } from '@lfit/domain/sync/registry'
import { useOffline } from '../offline/context'
import type { Shown } from '../offline/local-view'
import { useSheetRecords, type SheetRecord } from '../offline/hooks'
import {
  lastChangeOn,
  pushChange,
  undoEdits,
  withoutChange,
  withoutEdits,
  type Change,
  type ChangedFields,
  type PersonEdit,
} from './undo'
import { freshFields, freshRows, type FreshRows } from './fresh-rows'
import { writeQueue } from './write-order'

/** What /ETAB marks: the participants of a study day, or those signed up for a make-up session. */
export type EtabSheet = { kind: 'day'; id: string } | { kind: 'makeup'; id: string }

const COLLECTION = { day: 'attendance', makeup: 'makeupAttendance' } as const

/** The record id of `participant` on `sheet`. */
export function sheetRecordId(sheet: EtabSheet, participant: string): string {
  return sheet.kind === 'day'
    ? attendanceId(sheet.id, participant)
    : makeupAttendanceId(sheet.id, participant)
}

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
function holds(entry: Shown<SheetRecord> | undefined, w: Written): boolean {
  if (!entry) return false
  if (entry.queued.includes(w.id)) return true
  return Object.keys(w.edit.fields).every((field) => {
    const stamp = entry.record.stamps[field]
    return stamp !== undefined && stamp.hlc >= w.edit.hlc
  })
}

export interface ShownRecord {
  record: SheetRecord
  pending: number
}

export interface EtabEdits {
  /** The record of `participant` as it stands, this screen's newest edits included. */
  recordOf(participant: string): ShownRecord | undefined
  /** True once the day has been read from the device. */
  loaded: boolean
  /** Everyone with a record on the sheet (a mark or a note), queued edits included. */
  participants: readonly string[]
  /** Changes the fields of several people as one change (one undo). */
  change(edits: readonly { participant: string; after: ChangedFields }[]): Promise<void>
  /** The last change on this day that undo would revert. */
  lastChange: Change | undefined
  undo(): Promise<void>
  /** Edits written that the rows show before the list does (fresh-rows.ts). */
  fresh: FreshRows
  /** Whose edits could not be written to the device (never shown as made), until dismissed. */
  unsaved: readonly string[]
  dismissUnsaved(): void
}

export function useEtabEdits(sheet: EtabSheet): EtabEdits {
  const { db, queue, user } = useOffline()
  const shown = useSheetRecords(db, sheet)
  // The sheet's key: undo and the edits not yet shown belong to one sheet.
  const dayId = `${sheet.kind}:${sheet.id}`
  const { kind, id: sheetId } = sheet
  // Edits on disk that the live query does not show yet: dropped once the live view holds them.
  const [written, setWritten] = useState<readonly Written[]>([])
  const [unsaved, setUnsaved] = useState<readonly string[]>([])
  // The changes undo would revert, as made; the list shows `shownHistory` (Undo's label).
  const history = useRef<readonly Change[]>([])
  const [shownHistory, setShownHistory] = useState<readonly Change[]>([])
  const nextId = useRef(0)
  const [inOrder] = useState(writeQueue)
  const [fresh] = useState(freshRows)
  // Once the list renders an edit, its row no longer needs it apart.
  useLayoutEffect(() => fresh.shownByList(new Set(written.map((w) => w.id))), [fresh, written])
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
      if (extra.length === 0) {
        return entry && { record: entry.record, pending: entry.pending }
      }
      const target = { kind, id: sheetId } as EtabSheet
      const base =
        entry?.record ?? SYNCED[COLLECTION[kind]].empty(sheetRecordId(target, participant))
      if (!base) return undefined
      return {
        record: mergeEdits(
          base,
          extra.map((w) => w.edit),
        ),
        pending: (entry?.pending ?? 0) + extra.length,
      }
    },
    [shown, written, dayId, kind, sheetId],
  )

  /**
   * Writes the edit after the edits before it and shows it once it is on disk (a reload or a
   * closed tab the moment it shows cannot lose it); answers whether it is on disk.
   */
  const write = useCallback(
    (participant: string, fields: ChangedFields): Promise<boolean> => {
      return inOrder(async () => {
        try {
          const { id, hlc, deviceId } = await queue(
            COLLECTION[kind],
            sheetRecordId({ kind, id: sheetId } as EtabSheet, participant),
            fields as Record<string, unknown>,
          )
          const edit = { hlc, deviceId, fields: { ...fields }, user: user?.username ?? '' }
          // The row shows it in the task in which the write ended, React rendering that row
          // only; the list (counts, Undo) follows in its own render.
          flushSync(() => fresh.add(participant, { id, fields }))
          setWritten((list) => [...list, { id, dayId, participant, edit }])
          return true
        } catch (error) {
          console.error('an edit could not be written to the device', error)
          setUnsaved((list) => (list.includes(participant) ? list : [...list, participant]))
          return false
        }
      })
    },
    [inOrder, queue, dayId, kind, sheetId, user?.username, fresh],
  )

  const change = useCallback(
    async (edits: readonly { participant: string; after: ChangedFields }[]) => {
      const made: PersonEdit[] = edits.map(({ participant, after }) => {
        const record = { ...recordOf(participant)?.record, ...freshFields(fresh.of(participant)) }
        const before: ChangedFields = {}
        if ('mark' in after) before.mark = record.mark ?? null
        if ('note' in after) before.note = record.note ?? ''
        return { participant, before, after }
      })
      // Undoable at once: Undo pressed while the writes run reverts this change. Its label
      // renders with the list once the writes have ended, so the tap's own task is its write
      // alone. On disk one after the other, each its own queued edit; an edit whose write failed
      // is taken out of undo again.
      const id = nextId.current++
      history.current = pushChange(history.current, { id, dayId, edits: made })
      const kept = await Promise.all(
        made.map(({ participant, after }) => write(participant, after)),
      )
      const failed = made.filter((_, index) => !kept[index])
      if (failed.length > 0) history.current = withoutEdits(history.current, id, failed)
      setShownHistory(history.current)
    },
    [recordOf, write, dayId, fresh],
  )

  const lastChange = useMemo(() => lastChangeOn(shownHistory, dayId), [shownHistory, dayId])
  const undo = useCallback(async () => {
    const last = lastChangeOn(history.current, dayId)
    if (!last) return
    history.current = withoutChange(history.current, last)
    setShownHistory(history.current)
    await Promise.all(undoEdits(last).map(({ participant, fields }) => write(participant, fields)))
  }, [dayId, write])
  const dismissUnsaved = useCallback(() => setUnsaved([]), [])

  const participants = useMemo(() => [...(shown?.keys() ?? [])], [shown])
  return {
    recordOf,
    fresh,
    loaded: shown !== undefined,
    participants,
    change,
    lastChange,
    undo,
    unsaved,
    dismissUnsaved,
  }
}
