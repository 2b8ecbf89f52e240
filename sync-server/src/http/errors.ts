// One error shape for every API answer, `{ error: { code, message: { sl, en } } }`, and the one
// place that turns a thrown error into it. Known errors keep their status and bilingual message;
// anything else is logged with the request id and answered 500 without internals.
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorAnswer } from '@lfit/domain/api/answers'
import { ERRORS, type ErrorCode, type ErrorParams } from '@lfit/domain/api/errors'
import { fillMessage, type Bilingual } from '@lfit/domain/messages/bilingual'
import { DuplicateKeyError, StoreRefusal } from '../store/port'
import { SyncRequestError } from '../sync/context'
import type { AppEnv } from './env'
import { redact } from './log'
import { answer } from './msgpack'

/**
 * Errors of this server that the domain catalogue does not (yet) list; same form, so a client
 * shows them like any other.
 */
const SERVER_ERRORS = {
  unknownField: {
    status: 400,
    message: { sl: 'Neznano polje: {field}', en: 'Unknown field: {field}' },
  },
  readOnlyField: {
    status: 403,
    message: {
      sl: 'Polja ni dovoljeno spreminjati: {field}',
      en: 'This field may not be changed: {field}',
    },
  },
  invalidValue: {
    status: 400,
    message: { sl: 'Neveljavna vrednost: {field}', en: 'Invalid value: {field}' },
  },
  unknownDatabase: {
    status: 400,
    message: { sl: 'Neznana baza: {db}', en: 'Unknown database: {db}' },
  },
  unsupportedMediaType: {
    status: 415,
    message: { sl: 'Vsebina mora biti v obliki msgpack', en: 'The body must be msgpack' },
  },
} as const

export type ApiErrorCode = ErrorCode | keyof typeof SERVER_ERRORS

const CATALOGUE: Record<ApiErrorCode, { status: number; message: Bilingual }> = {
  ...ERRORS,
  ...SERVER_ERRORS,
}

/**
 * The body of an error answer, as its wire schema in the domain says (the web client checks it);
 * `fields` carries per-field form messages where there are any.
 */
export type ApiErrorBody = ErrorAnswer

/** A refusal the client should see as is: its code, bilingual message and status. */
export class ApiError extends Error {
  readonly status: number
  readonly bilingual: Bilingual
  readonly fields: Record<string, Bilingual> | undefined
  readonly details: Record<string, unknown> | undefined
  constructor(
    readonly code: ApiErrorCode,
    params: ErrorParams = {},
    options: {
      status?: number
      fields?: Record<string, Bilingual>
      details?: Record<string, unknown>
    } = {},
  ) {
    const { status, message } = CATALOGUE[code]
    const bilingual = { sl: fillMessage(message.sl, params), en: fillMessage(message.en, params) }
    super(bilingual.en)
    this.name = 'ApiError'
    this.status = options.status ?? status
    this.bilingual = bilingual
    this.fields = options.fields
    this.details = options.details
  }

  body(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.bilingual,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    }
  }
}

/**
 * MongoDB error codes caused by the request itself, which the operator checks cannot foresee
 * because they depend on the stored data: BadValue, FailedToParse, TypeMismatch, PathNotViable,
 * ConflictingUpdateOperators, DollarPrefixedFieldName, EmptyFieldName, DottedFieldName,
 * ImmutableField, ConversionFailure, and mixed projections.
 */
const MONGO_REQUEST_FAULTS = new Set([2, 9, 14, 28, 40, 52, 56, 57, 66, 241, 31253, 31254])

/** A store error caused by what the client sent (`$inc` of a text), not by the server. */
export function isRequestFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (error.name === 'MongoServerError')
    return typeof code === 'number' && MONGO_REQUEST_FAULTS.has(code)
  // The embedded store's query engine (mingo) refuses such requests with its own error class.
  return error.constructor.name === 'MingoError'
}

/** Maps anything thrown to one answer; never lets an internal message or stack reach a client. */
export function toApiError(error: unknown): ApiError | { status: number; body: ApiErrorBody } {
  if (error instanceof ApiError) return error
  if (isRequestFault(error)) return new ApiError('badRequest')
  if (error instanceof SyncRequestError) {
    return { status: error.status, body: error.body() }
  }
  if (error instanceof DuplicateKeyError) return new ApiError('duplicateKey')
  if (error instanceof StoreRefusal) return new ApiError(error.reason)
  if (error instanceof HTTPException && error.status === 413) return new ApiError('payloadTooLarge')
  return new ApiError('internal')
}

/** The app's onError: answers the error shape in msgpack and logs server errors. */
export function onError(error: Error, c: Context<AppEnv>) {
  const mapped = toApiError(error)
  const { status } = mapped
  const body = mapped instanceof ApiError ? mapped.body() : mapped.body
  if (isRequestFault(error)) {
    c.var.log?.info('store refused the request', {
      requestId: c.var.requestId,
      detail: redact(error.message),
    })
  } else if (status >= 500) {
    c.var.log?.error('request failed', {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error.name,
      // The cause stays in the log, with anything that looks like a credential masked.
      detail: redact(error.message),
      stack: error.stack && redact(error.stack),
    })
  }
  return answer(c, body, status)
}
