// Every text file the browser downloads, also written compressed beside it (`x.js.br`, `x.js.gz`),
// once per build and at the highest levels: the server sends the Brotli copy to a browser that
// takes it, the gzip copy to one that takes only gzip (docs/0057). Brotli at quality 11 is about
// 14 % smaller than gzip over the app's files, and far too slow to run on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** What is worth compressing: text the browser asks for (images and fonts are compressed already). */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
/** Under this, compression saves less than a packet and costs the browser a decoder's start. */
const SMALLEST = 1024

/** Writes `.br` and `.gz` copies of the text files under `dir`, except under `skip` (relative). */
export async function writeCompressedCopies(dir: string, skip: readonly string[]): Promise<number> {
  const files: string[] = []
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (skip.includes(relative(dir, path))) continue
      if (entry.isDirectory()) await walk(path)
      else if (TEXT.test(entry.name) && (await stat(path)).size >= SMALLEST) files.push(path)
    }
  }
  await walk(dir)
  // zlib's async calls run on libuv's thread pool: a few files at once use the machine's cores.
  await Promise.all(
    files.map(async (path) => {
      const bytes = await readFile(path)
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ])
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
    }),
  )
  return files.length
}

/**
 * Compresses the build's output once everything is written (the service worker is generated in
 * another plugin's `closeBundle`, so this one runs after the others'). `skip`: folders of the
 * output the browser never downloads.
 */
export function precompressedPlugin(skip: readonly string[]): Plugin {
  let config: ResolvedConfig
  return {
    name: 'lfit-precompressed',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return
        await writeCompressedCopies(config.build.outDir, skip)
      },
    },
  }
}
