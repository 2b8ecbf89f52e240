// What a first screen opened cold needs besides the entry (the studio tablet's /ETAB, docs/0057),
// as the web build recorded it (FIRST_SCREENS_FILE): the shell served for that route asks the
// browser to fetch those files beside the entry, instead of after the entry has run and asked for
// them. At low priority: a preload is otherwise fetched at high priority, beside the stylesheet the
// shell's first paint (the app bar) waits for. The service worker's shell has none of this: its
// files come from the device.
import { join } from 'node:path'
import { z } from 'zod'
import { FIRST_SCREENS_FILE, type FirstScreenFiles } from '@lfit/domain/api/calls'
import type { Language } from '@lfit/domain/messages/language'
import { buildRecordIn } from './build-record'

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
 * The build's first screens in `webDir`, by an app route's path. No record, or one that does not
 * parse: no route has any, and the shell is served as it is.
 */
export function firstScreensIn(webDir: string): (path: string) => FirstScreenFiles | undefined {
  const screens = buildRecordIn(
    join(webDir, FIRST_SCREENS_FILE),
    (json) => recordSchema.parse(json),
    NONE,
  )
  return (path) => {
    const route = path.toLowerCase().replace(/\/+$/, '')
    const read = screens()
    return Object.hasOwn(read, route) ? read[route] : undefined
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
