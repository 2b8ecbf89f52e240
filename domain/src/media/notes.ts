// Personal media notes and where each person stopped (docs/product-rules.md#recordings): both are
// synced collections a person edits offline like attendance, and both are theirs alone: only the
// author writes their notes and only the author reads them, whatever other roles anyone holds
// (docs/access-policy.md#media-notes).
import { z } from 'zod'
import type { SyncActor, SyncDecision, SyncedWrite, SyncReadScope } from '../attendance/permissions'
import { hasAnyRole } from '../access/roles'
import { MATERIAL_READER_ROLES } from '../materials/access'
import { RECORDING_MAX_SECONDS } from '../materials/material'
import { syncedRecordSchema, type SyncedRecord } from '../records/synced'
import { formatPlayTime } from './recording'

export const MEDIA_NOTE_MAX_LENGTH = 2000

export interface MediaNoteRecord extends SyncedRecord {
  /** The author: the only one who reads and writes it. */
  participant: string
  /** The recording's material id. */
  recording: string
  /** Seconds into the recording. */
  at: number
  text: string
  createdAt: number
  deleted: boolean
}

const person = z.string().min(1).max(200)
const recordingId = z.string().min(1).max(64)
const seconds = z.number().min(0).max(RECORDING_MAX_SECONDS)

export const mediaNoteFieldsSchema = z
  .object({
    participant: person,
    recording: recordingId,
    at: seconds,
    text: z.string().max(MEDIA_NOTE_MAX_LENGTH),
    createdAt: z.number().int().min(0),
    deleted: z.boolean(),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export const mediaNoteRecordSchema: z.ZodType<MediaNoteRecord> = syncedRecordSchema.extend({
  participant: z.string(),
  recording: z.string(),
  at: z.number(),
  text: z.string(),
  createdAt: z.number(),
  deleted: z.boolean(),
})

export function emptyMediaNote(id: string): MediaNoteRecord {
  return {
    _id: id,
    participant: '',
    recording: '',
    at: 0,
    text: '',
    createdAt: 0,
    deleted: false,
    stamps: {},
  }
}

/** Where a person stopped in a recording; one record per recording and person. */
export interface MediaProgressRecord extends SyncedRecord {
  participant: string
  recording: string
  /** Seconds into the recording. */
  position: number
  /** Epoch ms of the last update. */
  updatedAt: number
}

export const mediaProgressFieldsSchema = z
  .object({
    participant: person,
    recording: recordingId,
    position: seconds,
    updatedAt: z.number().int().min(0),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export const mediaProgressRecordSchema: z.ZodType<MediaProgressRecord> = syncedRecordSchema.extend({
  participant: z.string(),
  recording: z.string(),
  position: z.number(),
  updatedAt: z.number(),
})

/** `{recording}:{person}`: two devices of one person update one record. */
export const mediaProgressId = (recording: string, person: string) => `${recording}:${person}`

export function parseMediaProgressId(id: string): { recording: string; person: string } | null {
  const colon = id.indexOf(':')
  if (colon <= 0 || colon === id.length - 1) return null
  return { recording: id.slice(0, colon), person: id.slice(colon + 1) }
}

export function emptyMediaProgress(id: string): MediaProgressRecord | null {
  const key = parseMediaProgressId(id)
  if (!key) return null
  return {
    _id: id,
    participant: key.person,
    recording: key.recording,
    position: 0,
    updatedAt: 0,
    stamps: {},
  }
}

/** Who writes notes and progress: whoever reads some material (their own records only). */
export const MEDIA_NOTE_WRITER_ROLES = MATERIAL_READER_ROLES

const ALLOWED: SyncDecision = { allowed: true }
const NOT_YOURS: SyncDecision = {
  allowed: false,
  code: 'forbidden',
  message: {
    sl: 'osebne zapiske in mesto ogleda piše le njihov avtor',
    en: 'personal notes and where you stopped are written by their author only',
  },
}

type Owned = { participant: string }

/** The edit keeps the record its author's: theirs before, and the author field not handed on. */
function mayWriteOwn<R extends Owned>(
  actor: SyncActor,
  { current, fields }: SyncedWrite<R>,
): SyncDecision {
  if (!hasAnyRole(actor, MEDIA_NOTE_WRITER_ROLES)) return NOT_YOURS
  const owner = current ? current.participant : fields.participant
  if (owner !== actor.username) return NOT_YOURS
  if ('participant' in fields && fields.participant !== actor.username) return NOT_YOURS
  return ALLOWED
}

export function mayWriteMediaNote(actor: SyncActor, write: SyncedWrite<MediaNoteRecord>) {
  return mayWriteOwn(actor, write)
}

export function mayWriteMediaProgress(actor: SyncActor, write: SyncedWrite<MediaProgressRecord>) {
  // The id names the recording and the person; an edit may not file it under others.
  const key = write.id === undefined ? null : parseMediaProgressId(write.id)
  if (write.id !== undefined && (!key || key.person !== actor.username)) return NOT_YOURS
  if (key && 'recording' in write.fields && write.fields.recording !== key.recording) {
    return NOT_YOURS
  }
  return mayWriteOwn(actor, write)
}

/** Notes and progress: everyone reads their own, nobody anyone else's (admins included). */
export function ownMediaReadScope(actor: SyncActor): SyncReadScope {
  return { kind: 'own', participant: actor.username }
}

/** A person's notes of one recording, in playing order (as listed and exported). */
export function notesByTime(notes: readonly MediaNoteRecord[]): MediaNoteRecord[] {
  return notes
    .filter((note) => !note.deleted)
    .sort((a, b) => a.at - b.at || a.createdAt - b.createdAt)
}

/** The notes as plain text, one `m:ss  text` per note, under the recording's title. */
export function notesAsText(title: string, notes: readonly MediaNoteRecord[]): string {
  const lines = notesByTime(notes).map(
    (note) => `${formatPlayTime(note.at)}  ${note.text.replace(/\s*\n\s*/g, ' ').trim()}`,
  )
  return `${title}\n\n${lines.join('\n')}\n`
}
