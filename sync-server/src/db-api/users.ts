// Writes on the users collection: the admin's form is validated with the domain's
// schema, passwords are hashed and never stored or answered in clear, except the initial one,
// which the admin is shown once in the answer that created or reset it (docs/security.md).
import { checkDocument, checkQuery, checkUpdate } from '@lfit/domain/access/operators'
import { generatePassword, type RandomBytes } from '@lfit/domain/users/password'
import { creationStamp } from '@lfit/domain/users/user'
import { adminUserSchema, type AdminUserForm } from '@lfit/domain/users/validation'
import { hashPassword } from '../auth/passwords'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import { ApiError } from '../http/errors'
import { enrolDirectly, knownProject } from '../people/enrolments'
import type { Doc } from '../store/port'
import { parsePayload, refuse, withRows, type CallContext } from './operations'

export interface UserWriteDeps {
  users: UserDirectory
  randomBytes: RandomBytes
  now: number
  /** The caller's own session, which survives their resetting their own password. */
  session?: string
}

/** Fields an update may `$set` directly; `password` goes through save, which hashes it. */
const settableSchema = adminUserSchema.omit({ password: true }).partial().strict()

async function withPassword(form: AdminUserForm, deps: UserWriteDeps) {
  const { password: given, ...fields } = form
  const password = given ?? generatePassword(deps.randomBytes)
  const passwordHash = await hashPassword(password)
  // The initial password's hash is kept apart so testHash can tell whether it is still in use.
  return { fields, password, secrets: { passwordHash, initialPassword: passwordHash } }
}

function checkedForm(ctx: CallContext, doc: Record<string, unknown>): AdminUserForm {
  refuse(checkDocument(doc, ctx.permit.writable, ctx.policy.exact))
  const { _id, ...fields } = doc
  return parseBody(adminUserSchema, fields)
}

export async function insertUsers(ctx: CallContext, deps: UserWriteDeps) {
  const { insert: given } = parsePayload('insert', ctx.body)
  const docs = Array.isArray(given) ? given : [given]
  const forms = docs.map((doc) => ({ _id: doc._id, form: checkedForm(ctx, doc) }))
  const records: Doc[] = []
  const passwords: string[] = []
  for (const { _id, form } of forms) {
    const { fields, password, secrets } = await withPassword(form, deps)
    passwords.push(password)
    records.push({
      ...(typeof _id === 'string' ? { _id } : {}),
      ...fields,
      roles: fields.roles ?? [],
      ...secrets,
      ...creationStamp(ctx.caller?.username ?? '', new Date(deps.now)),
    })
  }
  const collection = await deps.users.collection(ctx.store)
  const { insertedIds } = await collection.insert(records)
  for (const { form } of forms) await enrolParticipant(ctx, deps, form)
  return { insertedIds, passwords }
}

/**
 * Sets the given form fields of a user ("_id plus fields"), as the admin screen does to
 * block a user or reset a password; the result must still be a valid form. A password resets
 * both hashes and is answered once; a blank field is removed; a new `_id` creates the user.
 */
export async function saveUser(ctx: CallContext, deps: UserWriteDeps) {
  const payload = parsePayload('save', ctx.body)
  refuse(checkDocument(payload, ctx.permit.writable, ctx.policy.exact))
  const { _id, ...given } = payload
  const collection = await deps.users.collection(ctx.store)
  const existing = await collection.findById(_id)
  const form = parseBody(adminUserSchema, { ...(existing ? formFields(existing) : {}), ...given })
  if (!existing) {
    const { fields, password, secrets } = await withPassword(form, deps)
    await collection.insert({
      _id,
      ...fields,
      roles: fields.roles ?? [],
      ...secrets,
      ...creationStamp(ctx.caller?.username ?? '', new Date(deps.now)),
    })
    deps.users.forgetAll()
    await enrolParticipant(ctx, deps, form)
    return { ok: true, password }
  }
  const $set: Record<string, unknown> = {}
  const $unset: Record<string, ''> = {}
  for (const field of Object.keys(given).filter((name) => name !== 'password')) {
    const value = form[field as keyof AdminUserForm]
    if (value === undefined) $unset[field] = ''
    else $set[field] = value
  }
  let answered: string | undefined
  if (form.password !== undefined) {
    const { password, secrets } = await withPassword(form, deps)
    Object.assign($set, secrets)
    answered = password
  }
  const update = {
    ...(Object.keys($set).length > 0 ? { $set } : {}),
    ...(Object.keys($unset).length > 0 ? { $unset } : {}),
  }
  if (Object.keys(update).length > 0) await collection.upsert({ _id }, update, { upsert: false })
  deps.users.forgetAll()
  // Only a save that gives the year or the roles enrols: a block or a password reset does not.
  if ('year' in given || 'roles' in given) await enrolParticipant(ctx, deps, form)
  // A new password or a block ends the user's sessions (an admin's own current one survives
  // their own password reset).
  const target = String(existing.username)
  if (form.status === 'blocked') await deps.users.endSessions(ctx.store, [target])
  else if (answered !== undefined) {
    const own = ctx.caller?.username === target ? deps.session : undefined
    await deps.users.endSessions(ctx.store, [target], own)
  }
  return answered === undefined ? { ok: true } : { ok: true, password: answered }
}

/**
 * A participant the admin gives a programme year is enrolled in it (accepted, the admin in the
 * history), through the same state machine as /prijave: the roster comes from enrolments
 * (docs/product-rules.md#enrolment). The enrolment's project is the user's first project.
 */
async function enrolParticipant(ctx: CallContext, deps: UserWriteDeps, form: AdminUserForm) {
  if (form.year === undefined || !form.roles?.includes('participant')) return
  await enrolDirectly(ctx.store, {
    person: form.username,
    year: form.year,
    project: knownProject(form.projects?.[0]),
    by: ctx.caller?.username ?? '',
    at: new Date(deps.now).toISOString(),
  })
}

/** The form fields a stored user has (no secrets, no stamps). */
function formFields(existing: Doc): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const field of Object.keys(adminUserSchema.shape)) {
    if (field !== 'password' && existing[field] !== undefined) fields[field] = existing[field]
  }
  return fields
}

/** `$set` / `$unset` of form fields on existing users; never creates a user (no password). */
export async function updateUsers(ctx: CallContext, deps: UserWriteDeps) {
  const { query, update } = parsePayload('upsert', ctx.body)
  const operators = Object.keys(update)
  const other = operators.find((op) => op !== '$set' && op !== '$unset')
  if (other) throw new ApiError('forbiddenOperator', { operator: other.slice(0, 50) })
  // Operands of the wrong type (`$set: 'x'`) and identity sub-paths are refused before any use.
  refuse(checkUpdate(update, ctx.permit.writable, ctx.policy.exact))
  const { $set, $unset } = update as {
    $set?: Record<string, unknown>
    $unset?: Record<string, unknown>
  }
  if ($set) {
    if ('password' in $set) throw new ApiError('readOnlyField', { field: 'password' })
    refuse(checkDocument($set, ctx.permit.writable))
  }
  for (const field of Object.keys($unset ?? {})) {
    // The form's required fields cannot be removed.
    if (field === 'username' || field === 'status') throw new ApiError('readOnlyField', { field })
    if (!ctx.permit.writable.includes(field) || field === 'password') {
      throw new ApiError('readOnlyField', { field: field.slice(0, 100) })
    }
  }
  const checked = { ...update, ...($set ? { $set: parseBody(settableSchema, $set) } : {}) }
  refuse(checkQuery(query, { readable: ctx.permit.readable, exact: ctx.policy.exact ?? [] }))
  const collection = await deps.users.collection(ctx.store)
  const filter = withRows(query, ctx.permit.rows)
  // Whoever this blocks is found before the update, which may change what the query matches.
  const blocking = $set?.status === 'blocked' ? await collection.findOne(filter) : null
  const result = await collection.upsert(filter, checked, {
    upsert: false,
  })
  deps.users.forgetAll()
  if (blocking) await deps.users.endSessions(ctx.store, [String(blocking.username)])
  return result
}

/**
 * Deletes one user. Their sessions end with them, so a user re-created later under the same
 * name does not inherit a cookie of the deleted one.
 */
export async function deleteUser(ctx: CallContext, deps: UserWriteDeps) {
  const { _id } = parsePayload('deleteOne', ctx.body)
  const filter = withRows({ _id }, ctx.permit.rows)
  const collection = await deps.users.collection(ctx.store)
  const doomed = await collection.findOne(filter)
  const result = await collection.deleteOne(filter)
  deps.users.forgetAll()
  if (doomed && result.deleted > 0) {
    await deps.users.endSessions(ctx.store, [String(doomed.username)])
  }
  return result
}
