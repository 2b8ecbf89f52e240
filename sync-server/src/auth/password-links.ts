// Single-use links that let a person set a password: the welcome link an accepted applicant
// gets and the forgotten-password link (docs/security.md#password-links). Only a SHA-256 hash of
// each token is stored (a leaked collection opens no account); a link works once, within its
// lifetime, and redeeming it ends the user's other sessions. The collection is internal: no
// policy entry, so the data API refuses it.
import { createHash, randomBytes } from 'node:crypto'
import type { Store } from '../store/port'

export const PASSWORD_LINKS = 'passwordLinks'

export type PasswordLinkPurpose = 'welcome' | 'reset'

/** How long a link works: an hour for a reset, a week for a welcome (people read mail late). */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  reset: 60 * 60_000,
  welcome: 7 * 24 * 60 * 60_000,
}

/** The path of the page that redeems a link; the token follows as `?token=`. */
export const SET_PASSWORD_PATH = '/auth/newPassword'

type LinkRecord = {
  _id: string
  username: string
  purpose: PasswordLinkPurpose
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export type Redeemed =
  | { ok: true; username: string; purpose: PasswordLinkPurpose }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' }

export class PasswordLinks {
  constructor(
    private readonly store: () => Promise<Store>,
    private readonly clock: () => number,
    private readonly random: (count: number) => Uint8Array = (count) => randomBytes(count),
  ) {}

  private async collection() {
    return (await this.store()).collection(PASSWORD_LINKS)
  }

  /** A new link token for `username`; earlier unused links of the same purpose stop working. */
  async issue(username: string, purpose: PasswordLinkPurpose): Promise<string> {
    const token = Buffer.from(this.random(32)).toString('base64url')
    const now = this.clock()
    const links = await this.collection()
    await links.deleteMany({ username, purpose, usedAt: null })
    const record: LinkRecord = {
      _id: hashToken(token),
      username,
      purpose,
      createdAt: now,
      expiresAt: now + LINK_LIFETIME_MS[purpose],
      usedAt: null,
    }
    await links.insert(record)
    return token
  }

  /**
   * Uses the link up: answers whose it is, once. The record is claimed with one conditional
   * update, so two requests with the same token cannot both succeed.
   */
  async redeem(token: string): Promise<Redeemed> {
    if (typeof token !== 'string' || token.length < 16 || token.length > 100) {
      return { ok: false, reason: 'unknown' }
    }
    const id = hashToken(token)
    const links = await this.collection()
    const found = (await links.findById(id)) as LinkRecord | null
    if (!found) return { ok: false, reason: 'unknown' }
    if (found.usedAt !== null) return { ok: false, reason: 'used' }
    const now = this.clock()
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' }
    const claimed = await links.upsert(
      { _id: id, usedAt: null },
      { $set: { usedAt: now } },
      { upsert: false },
    )
    if (!claimed.matched) return { ok: false, reason: 'used' }
    return { ok: true, username: found.username, purpose: found.purpose }
  }

  /** Whether a token is still usable, without using it (the page checks before asking). */
  async check(token: string): Promise<Redeemed> {
    if (typeof token !== 'string' || token.length < 16 || token.length > 100) {
      return { ok: false, reason: 'unknown' }
    }
    const found = (await (await this.collection()).findById(hashToken(token))) as LinkRecord | null
    if (!found) return { ok: false, reason: 'unknown' }
    if (found.usedAt !== null) return { ok: false, reason: 'used' }
    if (found.expiresAt <= this.clock()) return { ok: false, reason: 'expired' }
    return { ok: true, username: found.username, purpose: found.purpose }
  }
}
