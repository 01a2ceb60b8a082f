import { z } from 'zod'

/**
 * Second factors (spec section 7: factors with friendly names, each removable; challenge and
 * verify on sign-in): an authenticator app (TOTP) and text messages to the verified phone.
 */
export const FACTOR_TYPES = ['totp', 'phone'] as const
export type FactorType = (typeof FACTOR_TYPES)[number]

export const DEFAULT_FACTOR_NAMES: Record<FactorType, string> = { totp: 'Authenticator app', phone: 'Text message' }

export const SECOND_FACTOR_MESSAGES = {
  nameRequired: 'Give this method a name.',
  nameTooLong: 'Keep the name to 50 characters or fewer.',
  passwordRequired: 'Enter your password.',
  needsVerifiedPhone: 'Verify a phone number under Notifications first: sign-in codes are texted to it.',
  alreadyHasPhone: 'You already have a text message method. Remove it first to use another number.',
  notFound: 'That sign-in method was not found.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
} as const

export const friendlyNameSchema = z.string().trim().min(1, SECOND_FACTOR_MESSAGES.nameRequired).max(50, SECOND_FACTOR_MESSAGES.nameTooLong)

/** POST /api/me/second-factors: a text-message factor on the verified phone (the app factor is set up through TOTP). */
export const addPhoneFactorSchema = z.strictObject({ factorType: z.literal('phone'), friendlyName: friendlyNameSchema })
/** PATCH /api/me/second-factors/:id */
export const renameFactorSchema = z.strictObject({ friendlyName: friendlyNameSchema })
/** DELETE /api/me/second-factors/:id: removing a way to prove it's you takes the password. */
export const removeFactorSchema = z.strictObject({ password: z.string().min(1, SECOND_FACTOR_MESSAGES.passwordRequired).max(128) })

export interface SecondFactor {
  id: string
  factorType: FactorType
  friendlyName: string
  /** The phone's last digits (`•••• 77`), for a text-message factor. */
  phoneHint: string | null
  /** `unverified`: a text-message factor whose first code has not been typed yet; it does not count at sign-in. */
  status: 'verified' | 'unverified'
}

/** GET /api/auth/second-factor/methods: what the sign-in's second step may offer. */
export interface SecondFactorMethods {
  methods: ('totp' | 'phone' | 'backup_code')[]
  phoneHint: string | null
}

/** Enough of a number to recognise it, not to dial it. */
export const phoneHint = (phone: string): string => `•••• ${phone.slice(-2)}`
