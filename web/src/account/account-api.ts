// The calls of /mojRacun, through the one API client: the profile answer is checked against the
// domain's schema (users/account.ts) on arrival.
import { okAnswerSchema } from '@lfit/domain/api/answers'
import { ownProfileAnswerSchema, type OwnProfileAnswer } from '@lfit/domain/users/account'
import type { OwnProfileChange } from '@lfit/domain/users/validation'
import { api } from '../api/api'

/** Where the browser downloads "my data" from (a plain link: the session cookie goes along). */
export const MY_DATA_URL = '/api/me/data'

export const accountApi = {
  profile: (): Promise<OwnProfileAnswer> =>
    api.action('/api/me/profile', {}, ownProfileAnswerSchema, 'read'),
  update: (change: { [K in keyof OwnProfileChange]: unknown }): Promise<OwnProfileAnswer> =>
    api.action('/api/me/profile/update', change, ownProfileAnswerSchema),
  requestDeletion: (note: string): Promise<OwnProfileAnswer> =>
    api.action('/api/me/deletion', note.trim() ? { note } : {}, ownProfileAnswerSchema),
  withdrawDeletion: (): Promise<OwnProfileAnswer> =>
    api.action('/api/me/deletion/withdraw', {}, ownProfileAnswerSchema),
  signOutEverywhere: () => api.action('/api/me/signOutEverywhere', {}, okAnswerSchema),
}
