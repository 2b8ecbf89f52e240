import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mergeEdit, mergeEdits, type FieldEdit } from './merge'
import { encodeHlc } from '../sync/hlc'
import { emptyAttendance, type AttendanceRecord } from '../records/attendance'

// A tiny language for merge cases: "device@wall field=value …" is one edit, stamped on `device`
// at wall time `wall`; values are JSON ("null", "\"text\"") or a bare word for a string.
function edit(source: string): FieldEdit {
  const [stamp, ...assignments] = source.trim().split(/\s+/)
  const [device, wall] = (stamp as string).split('@') as [string, string]
  const fields: Record<string, unknown> = {}
  for (const assignment of assignments) {
    const [field, raw] = assignment.split('=') as [string, string]
    fields[field] = /^(null|true|false|-?\d+|".*")$/.test(raw) ? JSON.parse(raw) : raw
  }
  return {
    hlc: encodeHlc({ wall: Number(wall), counter: 0, node: device }),
    user: `${device}-editor`,
    deviceId: device,
    fields,
  }
}

const blank = (): AttendanceRecord =>
  emptyAttendance('lfit_20261116:p1@demo.test') as AttendanceRecord

function run(edits: readonly string[]) {
  let record = blank()
  const outcomes: string[] = []
  for (const source of edits) {
    const result = mergeEdit(record, edit(source))
    record = result.record
    outcomes.push(
      result.status === 'superseded' ? `superseded by ${result.by.deviceId}` : 'applied',
    )
  }
  return { record, outcomes }
}

describe('merge rule: per field, the later stamp wins', () => {
  it.each([
    {
      label: 'later edit arriving last wins',
      edits: ['a@1 mark=present', 'b@2 mark=absent'],
      mark: 'absent',
      outcomes: ['applied', 'applied'],
    },
    {
      label: 'earlier edit arriving last is superseded and says by whom',
      edits: ['b@2 mark=absent', 'a@1 mark=present'],
      mark: 'absent',
      outcomes: ['applied', 'superseded by b'],
    },
    {
      label: 'same wall time: the device name breaks the tie the same way everywhere',
      edits: ['b@5 mark=late', 'a@5 mark=present'],
      mark: 'late',
      outcomes: ['applied', 'superseded by b'],
    },
    {
      label: 'edits to different fields both survive',
      edits: ['a@1 note=knee', 'b@2 mark=excused'],
      mark: 'excused',
      note: 'knee',
      outcomes: ['applied', 'applied'],
    },
    {
      label: 'an edit that wins one field and loses another counts as applied',
      edits: ['b@3 mark=absent', 'a@2 mark=present note=late-bus'],
      mark: 'absent',
      note: 'late-bus',
      outcomes: ['applied', 'applied'],
    },
    {
      label: 'clearing a mark is an edit like any other',
      edits: ['a@1 mark=present', 'a@2 mark=null'],
      mark: null,
      outcomes: ['applied', 'applied'],
    },
    {
      label: 'the same edit delivered twice changes nothing the second time',
      edits: ['a@1 mark=present', 'a@1 mark=present'],
      mark: 'present',
      outcomes: ['applied', 'applied'],
    },
  ])('$label', ({ edits, mark, note, outcomes }) => {
    const result = run(edits)
    expect(result.record.mark).toBe(mark)
    if (note !== undefined) expect(result.record.note).toBe(note)
    expect(result.outcomes).toEqual(outcomes)
  })

  it('a replayed edit reports no change, so the server can skip a write', () => {
    const once = mergeEdit(blank(), edit('a@1 mark=present'))
    const twice = mergeEdit(once.record, edit('a@1 mark=present'))
    expect(twice).toMatchObject({ status: 'applied', changed: false })
    expect(twice.record).toEqual(once.record)
  })

  it('keeps who set each field', () => {
    const { record } = run(['a@1 mark=present', 'b@2 note=ok'])
    expect(record.stamps.mark?.user).toBe('a-editor')
    expect(record.stamps.note?.deviceId).toBe('b')
  })
})

const arbitraryEdit = fc.record({
  device: fc.constantFrom('tablet-1', 'tablet-2', 'desk'),
  wall: fc.integer({ min: 1, max: 50 }),
  counter: fc.integer({ min: 0, max: 3 }),
  mark: fc.option(fc.constantFrom('present', 'absent', 'late', 'excused', null), {
    nil: undefined,
  }),
  note: fc.option(fc.constantFrom('', 'knee', 'bus'), { nil: undefined }),
})

// A device never issues one clock stamp twice (sync/hlc), so distinct edits have distinct stamps.
const arbitraryEdits = fc.uniqueArray(arbitraryEdit, {
  minLength: 1,
  maxLength: 12,
  selector: (e) => `${e.device}@${e.wall}.${e.counter}`,
})

type RandomEdit = typeof arbitraryEdit extends fc.Arbitrary<infer T> ? T : never

function toEdit(e: RandomEdit): FieldEdit {
  const fields: Record<string, unknown> = {}
  if (e.mark !== undefined) fields.mark = e.mark
  if (e.note !== undefined || e.mark === undefined) fields.note = e.note ?? ''
  return {
    hlc: encodeHlc({ wall: e.wall, counter: e.counter, node: e.device }),
    user: e.device,
    deviceId: e.device,
    fields,
  }
}

describe('merge rule: convergence (seeded property test)', () => {
  it('any order and any duplication of the same edits gives the same record', () => {
    fc.assert(
      fc.property(
        arbitraryEdits.chain((raw) =>
          fc.tuple(
            fc.constant(raw.map(toEdit)),
            fc.shuffledSubarray(raw.map(toEdit), {
              minLength: raw.length,
              maxLength: raw.length,
            }),
            fc.array(fc.nat({ max: raw.length - 1 }), { maxLength: 6 }),
          ),
        ),
        ([inOrder, shuffled, duplicates]) => {
          const replayed = [...shuffled, ...duplicates.map((i) => inOrder[i] as FieldEdit)]
          expect(mergeEdits(blank(), replayed)).toEqual(mergeEdits(blank(), inOrder))
        },
      ),
      { seed: 20261123, numRuns: 500 },
    )
  })

  it('every field holds the value of its latest-stamped edit (the model)', () => {
    fc.assert(
      fc.property(arbitraryEdits, (raw) => {
        const edits = raw.map(toEdit)
        const merged = mergeEdits(blank(), edits)
        for (const field of ['mark', 'note'] as const) {
          const touching = edits.filter((e) => field in e.fields)
          if (touching.length === 0) continue
          const latest = touching.reduce((a, b) => (b.hlc > a.hlc ? b : a))
          expect(merged[field]).toEqual(latest.fields[field])
          expect(merged.stamps[field]?.hlc).toBe(latest.hlc)
        }
      }),
      { seed: 7, numRuns: 500 },
    )
  })
})
