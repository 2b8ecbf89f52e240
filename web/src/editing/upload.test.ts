// The upload client against an in-memory tus server (the protocol's creation, HEAD and PATCH),
// whose connection can drop in the middle of a chunk as studio Wi-Fi does: the upload must go on
// from the bytes the server already has, never start again.
import type {
  HttpRequest,
  HttpResponse,
  HttpStack,
  PreviousUpload,
  UrlStorage,
} from 'tus-js-client'
import { describe, expect, it } from 'vitest'
import { ApiError, MSGPACK } from '../api/client'
import { encodeBody } from '../api/msgpack'
import { failedOffline, startUpload, uploadFailure, UPLOADS_PATH } from './upload'

interface Stored {
  length: number
  data: Uint8Array
}

/** tus-js-client under Node reads a Buffer (a Uint8Array); the web's types know no Node. */
const NodeBuffer = (globalThis as unknown as { Buffer: { from(bytes: Uint8Array): Uint8Array } })
  .Buffer

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

const equal = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])

/** A tus server in memory; `dropAt` cuts the connection once, when the stored bytes reach it. */
function tusServer(dropAt?: number) {
  const uploads = new Map<string, Stored>()
  const patchOffsets: number[] = []
  let received = 0
  let dropped = false
  const respond = (status: number, headers: Record<string, string> = {}): HttpResponse => ({
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => '',
    getUnderlyingObject: () => null,
  })
  const stack: HttpStack = {
    getName: () => 'memory',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {}
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => void (headers[name.toLowerCase()] = value),
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: () => undefined,
        abort: async () => undefined,
        getUnderlyingObject: () => null,
        send: async (body?: Uint8Array): Promise<HttpResponse> => {
          if (method === 'POST') {
            const id = `u${uploads.size + 1}`
            uploads.set(id, { length: Number(headers['upload-length']), data: new Uint8Array(0) })
            return respond(201, { location: `${UPLOADS_PATH}/${id}` })
          }
          const stored = uploads.get(url.split('/').at(-1) ?? '')
          if (!stored) return respond(404)
          const offset = { 'upload-offset': String(stored.data.length) }
          if (method === 'HEAD')
            return respond(200, { ...offset, 'upload-length': String(stored.length) })
          if (Number(headers['upload-offset']) !== stored.data.length) return respond(409)
          patchOffsets.push(stored.data.length)
          const bytes = body ?? new Uint8Array(0)
          if (dropAt !== undefined && !dropped && stored.data.length + bytes.length > dropAt) {
            // The connection drops after part of the chunk has reached the server's disk.
            dropped = true
            const part = bytes.subarray(0, dropAt - stored.data.length)
            stored.data = concat(stored.data, part)
            received += part.length
            throw new Error('network connection lost')
          }
          stored.data = concat(stored.data, bytes)
          received += bytes.length
          return respond(204, { 'upload-offset': String(stored.data.length) })
        },
      }
    },
  }
  return { stack, uploads, patchOffsets, received: () => received }
}

function memoryUrlStorage(): UrlStorage {
  const saved = new Map<string, PreviousUpload & { fingerprint: string }>()
  return {
    findAllUploads: async () => [...saved.values()],
    findUploadsByFingerprint: async (fingerprint) =>
      [...saved.values()].filter((upload) => upload.fingerprint === fingerprint),
    removeUpload: async (key) => void saved.delete(key),
    addUpload: async (fingerprint, upload) => {
      const key = `tus::${fingerprint}::${saved.size}`
      saved.set(key, { ...upload, fingerprint, urlStorageKey: key })
      return key
    },
  }
}

const file = NodeBuffer.from(Uint8Array.from({ length: 1000 }, (_, i) => i % 251))
const ref = { fileId: 'f1', name: 'notes.pdf', size: file.length, type: 'application/pdf' }

describe('uploading a file', () => {
  it('resumes after the connection drops at half, sending each byte once', async () => {
    const server = tusServer(500)
    const results: string[] = []
    const upload = startUpload(file, 'notes.pdf', {
      httpStack: server.stack,
      urlStorage: memoryUrlStorage(),
      chunkSize: 400,
      retryDelays: [0, 0],
      resultOf: async (url) => {
        results.push(url)
        return ref
      },
    })
    await expect(upload.done).resolves.toEqual(ref)
    const stored = [...server.uploads.values()]
    expect(stored).toHaveLength(1)
    expect(equal(stored[0]?.data, file)).toBe(true)
    // The try after the drop starts at the 500 bytes the server kept, not at 0 or 400.
    expect(server.patchOffsets).toEqual([0, 400, 500, 900])
    expect(server.received()).toBe(file.length)
    expect(results).toEqual([`${UPLOADS_PATH}/u1`])
  })

  it('picking the same file again after a stop resumes the earlier upload', async () => {
    const server = tusServer()
    const urlStorage = memoryUrlStorage()
    let stopAfterFirstChunk: (() => void) | null = null
    const first = startUpload(file, 'notes.pdf', {
      httpStack: server.stack,
      urlStorage,
      chunkSize: 400,
      retryDelays: [0],
      onProgress: ({ sent }) => sent >= 400 && stopAfterFirstChunk?.(),
      resultOf: async () => ref,
    })
    await new Promise<void>((resolve) => {
      stopAfterFirstChunk = () => {
        stopAfterFirstChunk = null
        void first.stop().then(resolve)
      }
    })
    const kept = [...server.uploads.values()][0]?.data.length ?? 0
    expect(kept).toBeGreaterThan(0)
    const second = startUpload(file, 'notes.pdf', {
      httpStack: server.stack,
      urlStorage,
      chunkSize: 400,
      retryDelays: [0],
      resultOf: async () => ref,
    })
    await expect(second.done).resolves.toEqual(ref)
    expect(server.uploads.size).toBe(1)
    expect(equal([...server.uploads.values()][0]?.data, file)).toBe(true)
    expect(server.received()).toBe(file.length)
  })

  it('goes on from a kept address after a reload: no new upload, only the missing bytes', async () => {
    const server = tusServer(500)
    const addresses: string[] = []
    const cut = startUpload(file, 'notes.pdf', {
      httpStack: server.stack,
      urlStorage: memoryUrlStorage(),
      chunkSize: 400,
      retryDelays: [],
      onUrl: (url) => addresses.push(url),
      resultOf: async () => ref,
    })
    // The connection drops at 500 bytes and nothing retries: the page is gone.
    await expect(cut.done).rejects.toBeInstanceOf(ApiError)
    expect(addresses).toEqual([`${UPLOADS_PATH}/u1`])

    // The reloaded page has only the kept bytes and address (no fingerprint storage of its own).
    const resumed = startUpload(file, 'notes.pdf', {
      httpStack: server.stack,
      urlStorage: memoryUrlStorage(),
      chunkSize: 400,
      retryDelays: [],
      uploadUrl: addresses[0] ?? null,
      resultOf: async () => ref,
    })
    await expect(resumed.done).resolves.toEqual(ref)
    expect(server.uploads.size).toBe(1)
    expect(equal([...server.uploads.values()][0]?.data, file)).toBe(true)
    expect(server.patchOffsets).toEqual([0, 400, 500, 900])
    expect(server.received()).toBe(file.length)
  })

  it('a refused upload fails with the server bilingual reason, read from its packed answer', async () => {
    const message = { sl: 'Vsebina ni PDF.', en: 'The content is not a PDF.' }
    const server = tusServer()
    const transports: { responseType: string; response: unknown }[] = []
    const accepts: (string | undefined)[] = []
    const refusing: HttpStack = {
      getName: () => 'refusing',
      createRequest: (method, url) => {
        const request = server.stack.createRequest(method, url)
        // What the browser's transport is: its answer is text unless bytes are asked for.
        const xhr = { responseType: '', response: null as unknown }
        transports.push(xhr)
        return {
          ...request,
          getUnderlyingObject: () => xhr,
          send: async (body) => {
            accepts.push(request.getHeader('accept'))
            const response = await request.send(body)
            if (method !== 'PATCH') return response
            const packed = encodeBody({ error: { code: 'fileTypeMismatch', message } })
            xhr.response =
              xhr.responseType === 'arraybuffer' ? Uint8Array.from(packed).buffer : null
            return {
              getStatus: () => 415,
              getHeader: (name) => (name.toLowerCase() === 'content-type' ? MSGPACK : undefined),
              getBody: () => '\ufffderror\ufffdcode (garbled as text)',
              getUnderlyingObject: () => xhr,
            }
          },
        }
      },
    }
    const upload = startUpload(file, 'notes.pdf', {
      httpStack: refusing,
      urlStorage: memoryUrlStorage(),
      retryDelays: [],
      resultOf: async () => ref,
    })
    const error: unknown = await upload.done.catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 415, code: 'fileTypeMismatch', bilingual: message })
    expect(transports.every((xhr) => xhr.responseType === 'arraybuffer')).toBe(true)
    // The server answers a tus client that does not ask for msgpack in text.
    expect(accepts.length).toBeGreaterThan(0)
    expect(accepts.every((accept) => accept === MSGPACK)).toBe(true)
  })

  it('an upload that gets no answer at all fails as offline, and goes on when online', () => {
    expect(uploadFailure(new Error('network'))).toMatchObject({ status: 0, offline: true })
    expect(failedOffline(uploadFailure(new Error('network')))).toBe(true)
    expect(failedOffline(new ApiError(415, 'fileTypeMismatch', null, UPLOADS_PATH))).toBe(false)
    expect(failedOffline(new Error('network'))).toBe(false)
  })
})
