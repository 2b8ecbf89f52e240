// What the /test/db console sends: one collection of the access policy, one operation of the data
// API, and a payload the user writes as JSON. The payload is checked here only for being JSON of
// an object, so that a typo is told in the user's language before anything is sent; everything
// else (fields, operators, who may do what) is the server's policy to decide.
import { POLICY, type PolicyCollection } from '@lfit/domain/access/policy'
import type { DbOperation } from '@lfit/domain/api/calls'

/** The collections a client may name (the server's own ones are refused to everybody). */
export const CONSOLE_COLLECTIONS = Object.keys(POLICY) as PolicyCollection[]

/**
 * The operations of the data API with an example payload each. `upsertBatch` and `pull` are the
 * sync engine's; their payloads are versioned protocol messages, not something to type by hand.
 */
export const CONSOLE_OPERATIONS = {
  find: { query: {}, opts: { limit: 10 } },
  findOne: { query: {} },
  findById: { _id: '' },
  aggregate: { pipeline: [{ $limit: 10 }] },
  insert: { insert: {} },
  save: { _id: '' },
  upsert: { query: { _id: '' }, update: { $set: {} } },
  deleteOne: { _id: '' },
  testHash: { query: { username: '' }, field: 'passwordHash', unhashedValue: '' },
} satisfies Partial<Record<DbOperation, Record<string, unknown>>>

export type ConsoleOperation = keyof typeof CONSOLE_OPERATIONS

export const consoleOperations = Object.keys(CONSOLE_OPERATIONS) as ConsoleOperation[]

export const examplePayload = (operation: ConsoleOperation) =>
  JSON.stringify(CONSOLE_OPERATIONS[operation], null, 2)

export type PayloadCheck =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; problem: 'syntax'; line: number | null; column: number | null }
  | { ok: false; problem: 'notObject' }

/** Where in `text` the parser stopped, from its message (engines word it differently). */
function positionOf(text: string, message: string): { line: number; column: number } | null {
  const lineColumn = /line (\d+) column (\d+)/i.exec(message)
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
  const position = /position (\d+)/i.exec(message)
  if (!position) return null
  const before = text.slice(0, Number(position[1])).split('\n')
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

export function checkPayload(text: string): PayloadCheck {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const at = positionOf(text, error instanceof Error ? error.message : '')
    return { ok: false, problem: 'syntax', line: at?.line ?? null, column: at?.column ?? null }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'notObject' }
  }
  return { ok: true, payload: value as Record<string, unknown> }
}

/** The answer as indented JSON; msgpack dates become ISO text, binary data its length. */
export function answerAsJson(answer: unknown): string {
  if (answer === undefined) return '—'
  return JSON.stringify(
    answer,
    (_key, value: unknown) => (value instanceof Uint8Array ? `<${value.length} bytes>` : value),
    2,
  )
}
