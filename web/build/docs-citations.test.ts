// The repository explains itself: code and docs cite docs/ or the domain file that holds a rule,
// never the private product files a reader of this repository does not have (the product
// specification and its design and stack notes) nor their numbered sections.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

const CHECKED = /\.(ts|tsx|js|mjs|md|json|css|html)$/
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data', 'coverage', '.cache', '.git'])

// Written in pieces so that this file does not match itself.
const PRIVATE_FILE = new RegExp(`\\b(${['DESIGN', 'STACK', 'spec'].join('|')})\\.md\\b`, 'i')
/** A numbered section sign (U+00A7) and a digit; sections of an RFC are public and fine. */
const SECTION = new RegExp(`${'\u00a7'}\\s*\\d`)
const RFC_SECTION = new RegExp(`\\bRFC\\s*\\d+\\s*${'\u00a7'}\\s*[\\d.]+`, 'gi')

/** Tracked and new (not ignored) files; a plain walk where git is not at hand. */
function repositoryFiles(): string[] {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate'],
    { cwd: root, encoding: 'utf8' },
  )
  if (git.status === 0) return git.stdout.split('\0').filter(Boolean)
  const files: string[] = []
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(join(directory, entry.name))
      } else files.push(relative(root, join(directory, entry.name)))
    }
  }
  walk(root)
  return files
}

/** Every line that cites a private file or a numbered section, as `path:line: text`. */
function privateCitations(path: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    if (PRIVATE_FILE.test(line) || SECTION.test(line.replace(RFC_SECTION, ''))) {
      found.push(`${path}:${index + 1}: ${line.trim()}`)
    }
  })
  return found
}

describe('citations', () => {
  it('finds the forms it forbids and lets public references be', () => {
    const section = '\u00a7'
    expect(privateCitations('a.ts', `// rule (spec ${section}5)`)).toHaveLength(1)
    expect(privateCitations('a.ts', `// rule (${section}7)`)).toHaveLength(1)
    expect(privateCitations('a.md', `see ${'DESIGN'}.md`)).toHaveLength(1)
    expect(privateCitations('a.md', `see ${'STACK'}.md`)).toHaveLength(1)
    expect(privateCitations('a.md', `see ${'spec'}.md`)).toHaveLength(1)
    expect(privateCitations('a.ts', `// RFC 5545 ${section}3.1`)).toEqual([])
    expect(privateCitations('a.ts', '// see docs/product-rules.md#schedule')).toEqual([])
  })

  it('no source or doc file cites the private product files or their sections', () => {
    const files = repositoryFiles().filter((path) => CHECKED.test(path))
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((path) => {
      let text: string
      try {
        text = readFileSync(join(root, path), 'utf8')
      } catch {
        // Listed by git but deleted in the working tree: nothing to check.
        return []
      }
      return privateCitations(path, text)
    })
    expect(found, 'cite docs/ or the domain file that holds the rule instead').toEqual([])
  })
})
