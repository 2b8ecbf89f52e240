// Paths read by hand where a route pattern would not fit Hono's fastest router
// (docs/0018-find-under-load.md): their parts decoded as Hono decodes a path parameter.

/** A part of a path decoded as Hono decodes a path parameter (kept as it is when malformed). */
export function decodedPart(part: string): string {
  if (!part.includes('%')) return part
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
