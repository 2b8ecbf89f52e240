import { z } from 'zod'

// Small first shapes of the records later screens store; they grow with those screens.

/** A participant's registration for a programme year (the /prijave screens). */
export interface Registration {
  _id: string
  username: string
  year: number
  status: 'pending' | 'confirmed' | 'cancelled'
  /** ISO timestamp of when it was made. */
  createdAt: string
  note?: string
}

/** A sign-up for an event day (/prijavaZaDan), open to visitors. */
export interface EventSignup {
  _id: string
  name: string
  email: string
  phone: string
  /** `lfit_{YYYYMMDD}` of the chosen day. */
  dayId: string
  createdAt: string
}

/** A reservation (/rezervacija): same pattern as an event sign-up, with a free-text wish. */
export interface Reservation extends EventSignup {
  message?: string
}

/** A participant's sign-up for a make-up (substitute) lesson (/prijavaNadomescanje). */
export interface MakeupSignup {
  _id: string
  participant: string
  /** The missed day being made up, and the make-up day chosen. */
  missedDayId: string
  makeupDayId: string
  status: 'requested' | 'approved' | 'rejected'
  createdAt: string
}

export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export const MAKEUP_STATUSES = ['requested', 'approved', 'rejected'] as const

export const dayIdSchema = z.string().regex(/^lfit_\d{8}$/)
