// Uploading one file to the server's file store: the tus protocol (`/api/files/uploads`), so an
// upload that a dropped studio Wi-Fi interrupts resumes where the server's copy ends instead of
// starting again (docs/architecture.md#files). tus-js-client retries after a failure, asks the
// server how much it has (HEAD) and sends only the rest; in the browser it also remembers the
// upload's address by the file's fingerprint, so picking the same file again after a reload
// resumes too. The upload form keeps the address itself (`onUrl`, pending-uploads.ts) and hands
// it back (`uploadUrl`) to go on after a reload (docs/0041-uploads-resume-by-themselves.md). When the last byte is in, the server has sniffed, hashed and recorded the file;
// the editor learns the new `FileRef` from the upload's result.
import {
  DefaultHttpStack,
  DetailedError,
  Upload,
  type HttpRequest,
  type HttpResponse,
  type HttpStack,
  type UrlStorage,
} from 'tus-js-client'
import { fileRefSchema, type FileRef } from '@lfit/domain/materials/material'
import { api } from '../api/api'
import { ApiError, MSGPACK } from '../api/client'
import { decodeBody } from '../api/msgpack'

export const UPLOADS_PATH = '/api/files/uploads'

/**
 * Each chunk is one request. The server takes a whole file in one (it streams a piece to disk),
 * but a piece is also how often progress is confirmed, so a drop re-sends little.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024

/** Waits before each new try after a failure (ms): Wi-Fi that drops for a minute still resumes. */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000]

export interface UploadProgress {
  sent: number
  total: number
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  /** The file's type as the browser declares it; the server checks it against the bytes. */
  type?: string
  /** For tests: another transport, another place for resumable addresses, shorter waits. */
  httpStack?: HttpStack
  urlStorage?: UrlStorage
  retryDelays?: number[]
  chunkSize?: number
  /** How the new file's reference is learnt once the upload is complete. */
  resultOf?: (uploadUrl: string) => Promise<FileRef>
  /** The address of this file's upload, kept from an earlier try: it goes on from there. */
  uploadUrl?: string | null
  /** Told the upload's address as soon as the server has made it. */
  onUrl?: (uploadUrl: string) => void
}

/** The path of an upload's address (tus answers it absolute or relative to the endpoint). */
function pathOf(uploadUrl: string): `/api/${string}` {
  const path = new URL(uploadUrl, 'http://localhost').pathname
  if (!path.startsWith(`${UPLOADS_PATH}/`)) throw new Error(`unexpected upload address ${path}`)
  return path as `/api/${string}`
}

/** The result route of a finished upload answers the new file's reference. */
export function uploadResult(uploadUrl: string): Promise<FileRef> {
  return api.resource('GET', `${pathOf(uploadUrl)}/result`, fileRefSchema)
}

/** Whether an upload failed for want of a network (it goes on when the network is back). */
export function failedOffline(error: unknown): boolean {
  return error instanceof ApiError && error.offline
}

/** A running upload: its reference when done, and a way to stop it (it can be resumed later). */
export interface RunningUpload {
  done: Promise<FileRef>
  stop(): Promise<void>
}

export function startUpload(
  file: Blob | Uint8Array,
  name: string,
  options: UploadOptions = {},
): RunningUpload {
  let upload: Upload | null = null
  const done = new Promise<FileRef>((resolve, reject) => {
    upload = new Upload(file as Blob, {
      endpoint: UPLOADS_PATH,
      chunkSize: options.chunkSize ?? CHUNK_BYTES,
      retryDelays: options.retryDelays ?? RETRY_DELAYS,
      metadata: { filename: name, filetype: options.type ?? '' },
      // A refusal comes in the API's packed shape (read below); another tus client gets text.
      headers: { accept: MSGPACK },
      removeFingerprintOnSuccess: true,
      httpStack: readingAnswers(options.httpStack ?? new DefaultHttpStack({})),
      ...(options.urlStorage && { urlStorage: options.urlStorage }),
      ...(options.uploadUrl && { uploadUrl: options.uploadUrl }),
      onUploadUrlAvailable: () => {
        if (upload?.url) options.onUrl?.(upload.url)
      },
      onProgress: (sent, total) => options.onProgress?.({ sent, total }),
      onError: (error) => reject(uploadFailure(error)),
      onSuccess: () => {
        const url = upload?.url
        if (!url) return reject(new Error('the upload has no address'))
        ;(options.resultOf ?? uploadResult)(url).then(resolve, reject)
      },
    })
    const started = upload
    if (options.uploadUrl) return started.start()
    // An earlier, interrupted upload of the same file goes on from where it stopped.
    void started.findPreviousUploads().then(
      (previous) => {
        const latest = previous.at(-1)
        if (latest) started.resumeFromPreviousUpload(latest)
        started.start()
      },
      () => started.start(),
    )
  })
  return {
    done,
    stop: async () => {
      await (upload as Upload | null)?.abort()
    },
  }
}

interface Answering {
  responseType?: string
  response?: unknown
}

/**
 * The server answers a refused upload as every API call, packed (msgpack), which the browser's
 * tus transport would read as text and garble. This transport asks for the answer's bytes and
 * gives tus the answer unpacked, as JSON text, so the refusal's bilingual reason can be shown.
 */
export function readingAnswers(inner: HttpStack): HttpStack {
  return {
    getName: () => `answers:${inner.getName()}`,
    createRequest(method, url): HttpRequest {
      const request = inner.createRequest(method, url)
      const transport = request.getUnderlyingObject() as Answering | null
      if (transport && 'responseType' in transport) transport.responseType = 'arraybuffer'
      return {
        ...bound(request),
        send: async (body) => answerOf(await request.send(body)),
      }
    },
  }
}

/** The request's own methods, bound, so that the copy can stand in for it. */
function bound(request: HttpRequest): HttpRequest {
  return {
    getMethod: () => request.getMethod(),
    getURL: () => request.getURL(),
    setHeader: (name, value) => request.setHeader(name, value),
    getHeader: (name) => request.getHeader(name),
    setProgressHandler: (handler) => request.setProgressHandler(handler),
    send: (body) => request.send(body),
    abort: () => request.abort(),
    getUnderlyingObject: () => request.getUnderlyingObject() as unknown,
  }
}

function answerOf(response: HttpResponse): HttpResponse {
  const raw = (response.getUnderlyingObject() as Answering | null)?.response
  if (!(raw instanceof ArrayBuffer)) return response
  return {
    getStatus: () => response.getStatus(),
    getHeader: (name) => response.getHeader(name),
    getUnderlyingObject: () => response.getUnderlyingObject() as unknown,
    getBody: () => {
      const bytes = new Uint8Array(raw)
      if (!(response.getHeader('content-type') ?? '').includes(MSGPACK))
        return new TextDecoder().decode(bytes)
      try {
        return JSON.stringify(decodeBody(bytes) ?? null)
      } catch {
        return ''
      }
    },
  }
}

/** The server's bilingual error answer, when a refusal carries one. */
function bilingualOf(body: string): { code: string; sl: string; en: string } | null {
  try {
    const parsed = JSON.parse(body) as {
      error?: { code?: unknown; message?: { sl?: unknown; en?: unknown } }
    }
    const { code, message } = parsed.error ?? {}
    if (typeof message?.sl !== 'string' || typeof message.en !== 'string') return null
    return { code: typeof code === 'string' ? code : 'refused', sl: message.sl, en: message.en }
  } catch {
    return null
  }
}

/**
 * A failed upload as the app's one error type, so screens show it as any refused call: the
 * server's bilingual reason (a type that does not match its bytes, a file over its kind's limit),
 * or "offline" when no answer came after every retry.
 */
export function uploadFailure(error: Error): ApiError {
  if (error instanceof ApiError) return error
  const response = error instanceof DetailedError ? error.originalResponse : null
  if (!response) return new ApiError(0, 'offline', null, UPLOADS_PATH)
  const status = response.getStatus()
  const refusal = bilingualOf(response.getBody())
  return refusal
    ? new ApiError(status, refusal.code, { sl: refusal.sl, en: refusal.en }, UPLOADS_PATH)
    : new ApiError(status, `http_${status}`, null, UPLOADS_PATH)
}
