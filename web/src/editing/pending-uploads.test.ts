import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import {
  forgetOthersUploads,
  forgetPending,
  keepPending,
  pendingRecords,
  pendingUploads,
  rememberUrl,
  uploadScope,
} from './pending-uploads'

const upload = (key: string, user: string, scope: string, addedAt: number) => ({
  key,
  user,
  scope,
  name: `${key}.pdf`,
  type: 'application/pdf',
  file: new Blob(['%PDF-1.4']),
  url: null,
  addedAt,
})

describe('uploads kept on the device until their file is in', () => {
  it('keeps each for its record and uploader, with its address, until forgotten', async () => {
    const book = uploadScope('library', 'b1')
    await keepPending(upload('second', 'ana', book, 2))
    await keepPending(upload('first', 'ana', book, 1))
    await keepPending(upload('other-item', 'ana', uploadScope('library', 'b2'), 3))
    await keepPending(upload('material', 'ana', uploadScope('materials', 'm1'), 4))
    await keepPending(upload('bors', 'bor', book, 5))
    await rememberUrl('first', '/api/files/uploads/0123456789abcdef0123456789abcdef')

    const mine = await pendingUploads('ana', book)
    expect(mine.map((row) => row.key)).toEqual(['first', 'second'])
    expect(mine[0]?.url).toBe('/api/files/uploads/0123456789abcdef0123456789abcdef')
    expect(mine[0]?.file.size).toBe(8)
    expect(await pendingRecords('ana', 'library')).toEqual(['b1', 'b2'])
    expect(await pendingRecords('ana', 'materials')).toEqual(['m1'])
    expect(await pendingRecords('bor', 'library')).toEqual(['b1'])

    await forgetPending(['first'])
    expect((await pendingUploads('ana', book)).map((row) => row.key)).toEqual(['second'])

    // Bor signs in on Ana's device: her unfinished files leave with her.
    await forgetOthersUploads('bor')
    expect(await pendingRecords('ana', 'library')).toEqual([])
    expect(await pendingRecords('bor', 'library')).toEqual(['b1'])
  })
})
