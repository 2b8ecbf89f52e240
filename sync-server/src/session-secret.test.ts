import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SECRET_FILE, resolveSessionSecret } from './session-secret'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lfit-secret-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('resolveSessionSecret', () => {
  it('generates a random secret on first start, readable by the owner only', () => {
    const dataDir = join(freshDir(), 'not-yet-there')
    const first = resolveSessionSecret({ sessionSecret: undefined, dataDir })
    expect(first.source).toBe('generated')
    expect(first.secret.length).toBeGreaterThanOrEqual(43)
    const file = join(dataDir, SECRET_FILE)
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const other = resolveSessionSecret({ sessionSecret: undefined, dataDir: freshDir() })
    expect(other.secret).not.toBe(first.secret)
  })

  it('reuses the kept secret on later starts', () => {
    const dataDir = freshDir()
    const first = resolveSessionSecret({ sessionSecret: undefined, dataDir })
    const second = resolveSessionSecret({ sessionSecret: undefined, dataDir })
    expect(second).toEqual({ secret: first.secret, source: 'file' })
  })

  it('takes SESSION_SECRET as given and writes nothing', () => {
    const dataDir = freshDir()
    const given = 'g'.repeat(40)
    expect(resolveSessionSecret({ sessionSecret: given, dataDir })).toEqual({
      secret: given,
      source: 'environment',
    })
    expect(existsSync(join(dataDir, SECRET_FILE))).toBe(false)
  })

  it('refuses a kept secret that is too short, without quoting it', () => {
    const dataDir = freshDir()
    writeFileSync(join(dataDir, SECRET_FILE), 'tiny-secret\n', { mode: 0o600 })
    expect(() => resolveSessionSecret({ sessionSecret: undefined, dataDir })).toThrow(
      /session-secret.*at least 32 characters/,
    )
    try {
      resolveSessionSecret({ sessionSecret: undefined, dataDir })
    } catch (error) {
      expect(String(error)).not.toContain('tiny-secret')
    }
  })
})
