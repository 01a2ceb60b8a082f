import { z } from 'zod'
import { PRODUCT_NAME } from './site.ts'

/**
 * Verifying the phone number for SMS and WhatsApp notices with a code sent by SMS (decision 015).
 * The server enforces these rules; the web app reads them to explain them.
 */
export const PHONE_CODE_RULES = {
  digits: 6,
  /** How long a code works after it was sent. */
  ttlMinutes: 10,
  /** Wrong codes allowed against one code; then a new code is needed. */
  maxAttempts: 5,
  /** Shortest wait between two codes. */
  resendAfterSeconds: 60,
  /** Most codes sent to one user in any hour. */
  maxPerHour: 5,
  /** Most codes sent to one number in any hour, whoever asked (many accounts, one victim's phone). */
  maxPerNumberPerHour: 5,
} as const

export const PHONE_CODE_MESSAGES = {
  format: `Enter the ${PHONE_CODE_RULES.digits}-digit code from the text message.`,
  wrong: (attemptsLeft: number) => `That code isn't right. ${attemptsLeft === 1 ? '1 try' : `${attemptsLeft} tries`} left.`,
  lastWrong: "That code isn't right, and that was the last try. Send a new code.",
  tooManyWrong: 'Too many wrong codes. Send a new code to try again.',
  expired: 'This code has expired. Send a new code.',
  noCode: "There's no code waiting for this number. Send a new code.",
  noPhone: 'Add a phone number first.',
  notYourNumber: "That isn't the phone number saved on your account.",
  alreadyVerified: 'Your phone number is already verified.',
  wait: (seconds: number) => `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another code.`,
  hourly: (minutes: number) =>
    `You've asked for ${PHONE_CODE_RULES.maxPerHour} codes in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  numberHourly: (minutes: number) =>
    `This number has been sent ${PHONE_CODE_RULES.maxPerNumberPerHour} codes in the last hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  sendFailed: "We couldn't send the code just now. Please try again in a minute.",
  undeliverable: "We couldn't send a code to this number. Check that it's right and can receive text messages.",
} as const

/** POST /api/me/phone/verify. Spaces are dropped: people copy "123 456". */
export const verifyPhoneSchema = z.strictObject({
  code: z
    .string({ message: PHONE_CODE_MESSAGES.format })
    .max(16, { message: PHONE_CODE_MESSAGES.format })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { message: PHONE_CODE_MESSAGES.format })),
})
export type VerifyPhoneInput = z.infer<typeof verifyPhoneSchema>

/** What every /api/me/phone call answers: the number, whether it is verified, and the code in flight. */
export interface PhoneState {
  /** E.164, or null when the user has none. */
  phone: string | null
  verified: boolean
  /** ISO time; null while unverified. */
  verifiedAt: string | null
  /** The code waiting to be typed; null when none is live (none sent, expired, used, out of tries). */
  pendingCode: { sentAt: string; expiresAt: string; attemptsLeft: number } | null
  /** Seconds until another code may be sent; 0 when one may be sent now. */
  resendInSeconds: number
}

/** The SMS itself: short, the code first (phones offer it for autofill), no link to phish with. */
export const phoneCodeText = (code: string) => `${PRODUCT_NAME} code: ${code}. It expires in ${PHONE_CODE_RULES.ttlMinutes} minutes.`
