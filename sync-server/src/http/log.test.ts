import { describe, expect, it } from 'vitest'
import { jsonLog, redact } from './log'

describe('the log', () => {
  it('writes one JSON line per event with its fields', () => {
    const lines: string[] = []
    const log = jsonLog(
      (line) => lines.push(line),
      () => 0,
    )
    log.warn('blocked user logged out', { requestId: 'r1', username: 'a@x.si' })
    expect(JSON.parse(lines[0] as string)).toEqual({
      time: '1970-01-01T00:00:00.000Z',
      level: 'warn',
      message: 'blocked user logged out',
      requestId: 'r1',
      username: 'a@x.si',
    })
  })

  it('redacts credentials in texts', () => {
    expect(redact('failed: mongodb://lfit:s3cret@db:27017/x')).toBe(
      'failed: mongodb://***@db:27017/x',
    )
    expect(redact('password=abc; token=xyz&x=1')).toBe('password=***; token=***&x=1')
  })
})
