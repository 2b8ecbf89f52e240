import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeCompressedCopies } from './precompressed'

const text = (n: number) => `export const words = ${JSON.stringify('Prisoten '.repeat(n))}\n`

let out: string
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'lfit-precompressed-'))
})
afterEach(() => rmSync(out, { recursive: true, force: true }))

const put = (path: string, content: string | Buffer) => {
  mkdirSync(dirname(join(out, path)), { recursive: true })
  writeFileSync(join(out, path), content)
}

describe('the build’s compressed copies', () => {
  it.each([
    { file: 'assets/EtabScreen-1a2b.js', content: text(400), copied: true, why: 'a screen’s code' },
    { file: 'assets/index-9f8e.css', content: text(400), copied: true, why: 'a stylesheet' },
    { file: 'sw.js', content: text(400), copied: true, why: 'the service worker' },
    { file: 'index.html', content: text(400), copied: true, why: 'the app shell' },
    { file: 'manifest.webmanifest', content: text(400), copied: true, why: 'a web manifest' },
    { file: 'assets/tiny-3c4d.js', content: text(10), copied: false, why: 'under 1 KB' },
    {
      file: 'icons/icon-192.png',
      content: Buffer.alloc(4_000, 7),
      copied: false,
      why: 'an image (compressed already)',
    },
    {
      file: 'server-render/entry.js',
      content: text(400),
      copied: false,
      why: 'the server’s own render',
    },
  ])('$why ($file): copied $copied', async ({ file, content, copied }) => {
    put(file, content)
    await writeCompressedCopies(out, ['server-render'])
    expect(existsSync(join(out, `${file}.br`))).toBe(copied)
    expect(existsSync(join(out, `${file}.gz`))).toBe(copied)
    if (!copied) return
    const original = readFileSync(join(out, file))
    const br = readFileSync(join(out, `${file}.br`))
    const gz = readFileSync(join(out, `${file}.gz`))
    // Each copy is the file itself, and smaller than it.
    expect(brotliDecompressSync(br).equals(original)).toBe(true)
    expect(gunzipSync(gz).equals(original)).toBe(true)
    expect(br.length).toBeLessThan(gz.length)
    expect(gz.length).toBeLessThan(original.length)
  })
})
