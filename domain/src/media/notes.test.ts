import { describe, expect, it } from 'vitest'
import { fitsScope } from '../attendance/permissions'
import { SYNCED } from '../sync/registry'
import {
  emptyMediaNote,
  mayWriteMediaNote,
  mayWriteMediaProgress,
  notesAsText,
  notesByTime,
  ownMediaReadScope,
  type MediaNoteRecord,
} from './notes'

const ANA = { username: 'ana@demo.test', roles: ['participant'] }
const BOR = { username: 'bor@demo.test', roles: ['participant'] }
const ADMIN = { username: 'admin@demo.test', roles: ['admin'] }
const VISITOR_ROLES = { username: 'ghost@demo.test', roles: [] as string[] }
const anasNote: MediaNoteRecord = {
  ...emptyMediaNote('n1'),
  participant: ANA.username,
  recording: 'r1',
  at: 12,
  text: 'Knee',
  createdAt: 1,
}

describe('media notes: only the author writes them', () => {
  it.each([
    ['the author creates their note', ANA, null, { participant: ANA.username, at: 1 }, true],
    ['someone files a note under another', BOR, null, { participant: ANA.username }, false],
    ['the author edits their note', ANA, anasNote, { text: 'Hip' }, true],
    ['the author deletes their note', ANA, anasNote, { deleted: true }, true],
    ['another participant edits it', BOR, anasNote, { text: 'mine now' }, false],
    ['an admin edits it', ADMIN, anasNote, { text: 'checked' }, false],
    ['the author hands it to another', ANA, anasNote, { participant: BOR.username }, false],
    [
      'a user with no material creates one',
      VISITOR_ROLES,
      null,
      { participant: 'ghost@demo.test' },
      false,
    ],
  ])('%s: %s', (_label, actor, current, fields, allowed) => {
    expect(mayWriteMediaNote(actor, { current, fields }).allowed).toBe(allowed)
  })
})

describe('media progress: one record per recording and person, theirs alone', () => {
  it.each([
    ['their own', ANA, `r1:${ANA.username}`, { participant: ANA.username, recording: 'r1' }, true],
    [
      'an id naming another',
      ANA,
      `r1:${BOR.username}`,
      { participant: ANA.username, recording: 'r1' },
      false,
    ],
    [
      'another recording than the id',
      ANA,
      `r1:${ANA.username}`,
      { participant: ANA.username, recording: 'r2' },
      false,
    ],
    [
      'an admin for someone else',
      ADMIN,
      `r1:${ANA.username}`,
      { participant: ANA.username, recording: 'r1' },
      false,
    ],
  ])('%s -> %s', (_label, actor, id, fields, allowed) => {
    expect(mayWriteMediaProgress(actor, { current: null, fields, id }).allowed).toBe(allowed)
  })
})

describe('media notes are read by their author only', () => {
  it.each([
    [ANA, true],
    [BOR, false],
    [ADMIN, false],
  ])('%o reads Ana’s note: %s', (actor, reads) => {
    expect(fitsScope(ownMediaReadScope(actor), anasNote)).toBe(reads)
    expect(fitsScope(SYNCED.mediaNotes.readScope(actor), anasNote)).toBe(reads)
    expect(fitsScope(SYNCED.mediaProgress.readScope(actor), anasNote)).toBe(reads)
  })
})

describe('notes in playing order and as text', () => {
  const notes: MediaNoteRecord[] = [
    { ...anasNote, _id: 'a', at: 75, text: 'Second', createdAt: 5 },
    { ...anasNote, _id: 'b', at: 3, text: 'First\nof two lines', createdAt: 9 },
    { ...anasNote, _id: 'c', at: 75, text: 'Second, later', createdAt: 7 },
    { ...anasNote, _id: 'd', at: 1, text: 'Gone', deleted: true },
    { ...anasNote, _id: 'e', at: 3700, text: 'Late', createdAt: 1 },
  ]
  it('lists by time, then by when written, without deleted notes', () => {
    expect(notesByTime(notes).map((note) => note._id)).toEqual(['b', 'a', 'c', 'e'])
  })
  it('exports one line per note with its time', () => {
    expect(notesAsText('Hrbtenica', notes)).toBe(
      'Hrbtenica\n\n0:03  First of two lines\n1:15  Second\n1:15  Second, later\n1:01:40  Late\n',
    )
  })
})
