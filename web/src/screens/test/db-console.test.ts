import { describe, expect, it } from 'vitest'
import { DB_OPERATIONS } from '@lfit/domain/api/calls'
import { answerAsJson, checkPayload, consoleOperations, examplePayload } from './db-console'

describe('the /test/db payload check', () => {
  it.each([
    ['an object', '{"query": {"day": "2026-11-23"}}', { ok: true }],
    ['an empty object', '{}', { ok: true }],
    ['a missing brace, with where', '{"query": {}', { ok: false, problem: 'syntax' }],
    ['a trailing comma', '{"a": 1,}', { ok: false, problem: 'syntax' }],
    ['single quotes', "{'a': 1}", { ok: false, problem: 'syntax' }],
    ['nothing at all', '', { ok: false, problem: 'syntax' }],
    ['an array', '[{"a": 1}]', { ok: false, problem: 'notObject' }],
    ['a number', '42', { ok: false, problem: 'notObject' }],
    ['null', 'null', { ok: false, problem: 'notObject' }],
  ])('%s', (_what, text, expected) => {
    expect(checkPayload(text)).toMatchObject(expected)
  })

  it('says on which line and column the JSON breaks', () => {
    expect(checkPayload('{\n  "query": {\n    "a": 1\n  ,\n}')).toMatchObject({
      problem: 'syntax',
      line: 5,
      column: 1,
    })
  })

  it('offers every operation of the data API but the two of the sync engine, each with JSON that passes', () => {
    expect([...consoleOperations].sort()).toEqual(
      DB_OPERATIONS.filter(
        (operation) => operation !== 'upsertBatch' && operation !== 'pull',
      ).sort(),
    )
    for (const operation of consoleOperations) {
      expect(checkPayload(examplePayload(operation)).ok).toBe(true)
    }
  })
})

describe('the answer as JSON', () => {
  it('shows dates as ISO text and binary data by its length', () => {
    const shown = answerAsJson([{ at: new Date(Date.UTC(2026, 10, 23)), file: new Uint8Array(3) }])
    expect(JSON.parse(shown)).toEqual([{ at: '2026-11-23T00:00:00.000Z', file: '<3 bytes>' }])
  })
})
