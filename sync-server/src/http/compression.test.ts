// Which Accept-Encoding headers allow a gzipped answer.
import { describe, expect, it } from 'vitest'
import { acceptsGzip } from './compression'

describe('acceptsGzip', () => {
  it('accepts gzip when listed or covered by a wildcard, as browsers send it', () => {
    for (const header of [
      'gzip',
      'gzip, deflate, br, zstd',
      'br;q=1.0, gzip;q=0.8',
      ' GZIP ',
      'x-gzip',
      '*',
      'br, *;q=0.1',
    ]) {
      expect(acceptsGzip(header), header).toBe(true)
    }
  })

  it('refuses it when absent, refused with q=0, or only a refused wildcard covers it', () => {
    for (const header of [
      undefined,
      '',
      'identity',
      'br, deflate',
      'gzip;q=0',
      'gzip; q=0.000, *',
      '*;q=0',
      '*, gzip;q=0',
    ]) {
      expect(acceptsGzip(header), String(header)).toBe(false)
    }
  })
})
