// Why a query, update, document or pipeline was refused: a code the server answers as the API
// error of the same name (domain/src/api/errors.ts), the key that caused it and, for a limit,
// the limit.

export interface Refusal {
  code:
    | 'forbiddenOperator'
    | 'unknownField'
    | 'readOnlyField'
    | 'invalidValue'
    | 'unsafeRegex'
    | 'forbiddenPath'
    | 'identityField'
    | 'limitExceeded'
  key: string
  /** The limit that was exceeded (limitExceeded only). */
  max?: number
}

export const refuse = (code: Refusal['code'], key: string, max?: number): Refusal =>
  max === undefined ? { code, key } : { code, key, max }
