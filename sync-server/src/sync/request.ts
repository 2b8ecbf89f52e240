// Reading a push or pull request: the protocol version first, then the payload's one schema. An
// app that speaks another version is told to update (426 updateRequired, with the version this
// server speaks) rather than that its request is invalid, so it stops syncing and loads the new
// build while its queued edits wait on the device (docs/0005).
import type { z } from 'zod'
import { SYNC_PROTOCOL_VERSION, type Bilingual } from '@lfit/domain/sync/protocol'
import { SyncRequestError } from './context'

/** HTTP 426 Upgrade Required: the client must change before this call can work. */
export const UPDATE_REQUIRED_STATUS = 426

export function updateRequired(): SyncRequestError {
  return new SyncRequestError(
    'updateRequired',
    {
      sl: 'Za sinhronizacijo je potrebna novejša različica aplikacije',
      en: 'A newer version of the app is needed to sync',
    },
    UPDATE_REQUIRED_STATUS,
    { v: SYNC_PROTOCOL_VERSION },
  )
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ')
}

/**
 * The request `body` read with `schema`, once its version is this server's. A body that is not
 * the schema's is refused as `code` with `message` and what was wrong.
 */
export function readSyncRequest<S extends z.ZodType>(
  schema: S,
  body: unknown,
  code: string,
  message: Bilingual,
): z.infer<S> {
  const version = (body as { v?: unknown } | null | undefined)?.v
  if (version !== SYNC_PROTOCOL_VERSION) throw updateRequired()
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issues = describeIssues(parsed.error)
    throw new SyncRequestError(code, {
      sl: `${message.sl}: ${issues}`,
      en: `${message.en}: ${issues}`,
    })
  }
  return parsed.data
}
