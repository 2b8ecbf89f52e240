import { describe, expect, it } from 'vitest'
import { fileFolders, fileListAnswerSchema, mayDeleteFile } from './file-list'

const file = {
  fileId: 'Zq3x9',
  name: 'dihanje.pdf',
  size: 1200,
  type: 'application/pdf',
  kind: 'document',
  uploadedBy: 'urednik@example.com',
  uploaderName: 'Ana Urednik',
  uploadedAt: 1_764_000_000_000,
  uses: [],
}

describe('the stored files list', () => {
  it.each([
    [[], true],
    [[{ collection: 'materials', id: 'm1', title: 'Dihanje' }], false],
    [[{ collection: 'library', id: 'b1', title: 'Telo' }], false],
  ] as const)('a file used in %j may be deleted: %s', (uses, deletable) => {
    expect(mayDeleteFile({ uses: [...uses] })).toBe(deletable)
  })

  it.each([
    [[], ['unused']],
    [[{ collection: 'materials', id: 'm1', title: 'Dihanje' }], ['materials']],
    [[{ collection: 'library', id: 'b1', title: 'Telo' }], ['library']],
    [
      [
        { collection: 'library', id: 'b1', title: 'Telo' },
        { collection: 'materials', id: 'm1', title: 'Dihanje' },
        { collection: 'materials', id: 'm2', title: 'Glas' },
      ],
      ['materials', 'library'],
    ],
  ] as const)('a file used in %j is in the folders %j', (uses, folders) => {
    expect(fileFolders({ uses: [...uses] })).toEqual(folders)
  })

  it('reads the answer of GET /api/files and refuses one without uses or with an odd kind', () => {
    expect(fileListAnswerSchema.parse({ files: [file] }).files[0]?.name).toBe('dihanje.pdf')
    const { uses: _, ...withoutUses } = file
    expect(fileListAnswerSchema.safeParse({ files: [withoutUses] }).success).toBe(false)
    expect(fileListAnswerSchema.safeParse({ files: [{ ...file, kind: 'exe' }] }).success).toBe(
      false,
    )
  })
})
