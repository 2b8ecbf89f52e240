// What a first screen opened cold needs besides the entry (the studio tablet's /ETAB, docs/0057),
// as the web build recorded it (FIRST_SCREENS_FILE): the shell served for that route asks the
// browser to fetch those files beside the entry, instead of after the entry has run and asked for
// them. At low priority: a preload is otherwise fetched at high priority, beside the stylesheet the
// shell's first paint (the app bar) waits for. The service worker's shell has none of this: its
// files come from the device.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { FIRST_SCREENS_FILE, type FirstScreenFiles } from '@lfit/domain/api/calls'
import type { Language } from '@lfit/domain/messages/language'

/** A script of the build: the only thing the record may name, so the shell links nothing else. */
const script = z.string().regex(/^\/assets\/[\w.-]{1,120}\.js$/)
const recordSchema = z.record(
  z.string().max(100),
  z.object({
    scripts: z.array(script).max(8),
    words: z.object({ en: z.array(script).max(4), sl: z.array(script).max(4) }),
  }),
)

const NONE: Readonly<Record<string, FirstScreenFiles>> = {}

/**
 * The build's first screens in `webDir`, read again only when the record changes (a new build may
 * be written while the server runs); by an app route's path. No record, or one that does not
 * parse: no route has any, and the shell is served as it is.
 */
export function firstScreensIn(webDir: string): (path: string) => FirstScreenFiles | undefined {
  const file = join(webDir, FIRST_SCREENS_FILE)
  let read: { changed: number; screens: Readonly<Record<string, FirstScreenFiles>> } | null = null
  return (path) => {
    const changed = existsSync(file) ? statSync(file).mtimeMs : -1
    if (read?.changed !== changed) {
      let screens = NONE
      try {
        const parsed = recordSchema.safeParse(
          changed < 0 ? {} : JSON.parse(readFileSync(file, 'utf8')),
        )
        if (parsed.success) screens = parsed.data
      } catch {
        screens = NONE
      }
      read = { changed, screens }
    }
    const route = path.toLowerCase().replace(/\/+$/, '')
    return Object.hasOwn(read.screens, route) ? read.screens[route] : undefined
  }
}

/** The shell with the first screen's files linked, its words in `language`. */
export function withFirstScreenFiles(
  shell: string,
  files: FirstScreenFiles | undefined,
  language: Language,
): string {
  if (!files) return shell
  const links = [...files.scripts, ...files.words[language]].map(
    (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`,
  )
  return shell.replace('</head>', `${links.join('')}</head>`)
}
