// The server's log: one JSON line per event, so a log collector can search by request id. Given
// to the app as a dependency, so tests can read what was logged and check no secret is in it.

export type LogFields = Record<string, unknown>

export interface Log {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

type Level = 'info' | 'warn' | 'error'

/**
 * Removes what looks like a credential from a text bound for the log: the user:password part of
 * a connection URI and `password=…`/`secret=…` pairs (a driver error may quote its URI).
 */
export function redact(text: string): string {
  return text
    .replace(/(\w+:\/\/)[^/\s@]+@/g, '$1***@')
    .replace(/\b(password|passwd|pwd|secret|token)=[^\s&;,]+/gi, '$1=***')
}

/** Writes JSON lines; `write` defaults to standard output (errors to standard error). */
export function jsonLog(
  write: (line: string, level: Level) => void = (line, level) =>
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`),
  clock: () => number = Date.now,
): Log {
  const emit =
    (level: Level) =>
    (message: string, fields: LogFields = {}) =>
      write(
        JSON.stringify({ time: new Date(clock()).toISOString(), level, message, ...fields }),
        level,
      )
  return { info: emit('info'), warn: emit('warn'), error: emit('error') }
}

/** A log that keeps its lines in memory (tests). */
export function memoryLog(): Log & {
  lines: { level: Level; message: string; fields: LogFields }[]
} {
  const lines: { level: Level; message: string; fields: LogFields }[] = []
  const keep =
    (level: Level) =>
    (message: string, fields: LogFields = {}) => {
      lines.push({ level, message, fields })
    }
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') }
}
