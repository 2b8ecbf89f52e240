// The checks a pushed item must pass before it may touch a record: the protocol's shape, the
// collection's fields, and a record key that means something. A failing item is answered with a
// bilingual reason and set aside by the device; it never blocks the rest of its batch.
import type { z } from 'zod'
import { absenceFieldsSchema } from '@lfit/domain/records/absence'
import { attendanceFieldsSchema, parseAttendanceId } from '@lfit/domain/records/attendance'
import { schedule } from '@lfit/domain/schedule'
import {
  mutationSchema,
  type Bilingual,
  type Mutation,
  type PushResult,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'

export type Rejection = Extract<PushResult, { status: 'rejected' }>

export function rejection(
  id: string,
  code: string,
  message: Bilingual,
  permanent = true,
): Rejection {
  return { id, status: 'rejected', reason: { code, message }, permanent }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ')
}

const FIELD_SCHEMAS = {
  attendance: attendanceFieldsSchema,
  absences: absenceFieldsSchema,
} as const

export type ValidatedItem = { ok: true; mutation: Mutation } | { ok: false; result: Rejection }

/** Checks one item of an `upsertBatch` for `collection`; the answer keeps its id when it has one. */
export function validateItem(item: unknown, collection: SyncCollection): ValidatedItem {
  const rawId = (item as { id?: unknown } | null)?.id
  const id = typeof rawId === 'string' ? rawId : ''
  const parsed = mutationSchema.safeParse(item)
  if (!parsed.success) {
    return {
      ok: false,
      result: rejection(id, 'invalid', {
        sl: `sprememba ni veljavna: ${describeIssues(parsed.error)}`,
        en: `the edit is not valid: ${describeIssues(parsed.error)}`,
      }),
    }
  }
  const mutation = parsed.data
  if (mutation.collection !== collection) {
    return {
      ok: false,
      result: rejection(id, 'wrongCollection', {
        sl: `sprememba za ${mutation.collection} je bila poslana v ${collection}`,
        en: `an edit of ${mutation.collection} was sent to ${collection}`,
      }),
    }
  }
  const fields = FIELD_SCHEMAS[collection].safeParse(mutation.fields)
  if (!fields.success) {
    return {
      ok: false,
      result: rejection(id, 'invalidFields', {
        sl: `polja niso veljavna: ${describeIssues(fields.error)}`,
        en: `the fields are not valid: ${describeIssues(fields.error)}`,
      }),
    }
  }
  if (collection === 'attendance') {
    const key = parseAttendanceId(mutation.recordId)
    const day = key && schedule().dayById.get(key.dayId)
    if (!day || day.freeDay) {
      return {
        ok: false,
        result: rejection(id, 'unknownDay', {
          sl: 'prisotnost se vpisuje le za učne dneve urnika',
          en: 'attendance is recorded for study days of the schedule only',
        }),
      }
    }
  }
  return { ok: true, mutation: { ...mutation, fields: fields.data } }
}

/** A new absence must say whose it is and when; later edits may change any one field. */
export function missingAbsenceFields(fields: Record<string, unknown>): string[] {
  return ['participant', 'fromDay', 'toDay'].filter((field) => !(field in fields))
}
