import { z } from 'zod'
import { CAPTCHA_REQUIRED } from './captcha.ts'
import { NOTIFICATION_MESSAGES, phoneSchema } from './notifications.ts'

/** Account form rules and messages, exactly as the spec's section 5 words them. */

export const MIN_PASSWORD_LENGTH = 6
export const MAX_PASSWORD_LENGTH = 128

export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  captchaRequired: CAPTCHA_REQUIRED,
  magicLinkEmpty: 'Please enter your email address',
  magicLinkInvalid: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  nameRequired: 'Name is required',
  lastNameRequired: 'Last name is required',
  passwordsDontMatch: "Passwords don't match",
  resendNeedsTarget: 'You must provide either an email or phone number and a type.',
  unexpected: 'An unexpected error occurred',
  signedIn: 'Successfully signed in!',
  magicLinkSent: 'Magic link sent! Check your email to sign in.',
  accountCreated: 'Account created successfully! Please check your email to verify your account.',
  passwordUpdated: 'Password updated successfully!',
  magicLinkFailed: 'Failed to send magic link',
  lockedOut: 'Too many failed attempts. Account locked for 15 minutes.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
} as const

const email = z.string().trim().email(MESSAGES.invalidEmail).max(254, MESSAGES.invalidEmail)
const password = z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(MAX_PASSWORD_LENGTH)
const captchaToken = z.string().min(1, MESSAGES.captchaRequired)

export const SignInSchema = z.object({ email, password, captchaToken })
export type SignInInput = z.infer<typeof SignInSchema>

export const SignUpSchema = z
  .object({
    firstName: z.string().trim().min(1, MESSAGES.firstNameRequired).max(100),
    lastName: z.string().trim().min(1, MESSAGES.lastNameRequired).max(100),
    email,
    password,
    confirmPassword: z.string(),
    captchaToken,
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] })
export type SignUpInput = z.infer<typeof SignUpSchema>

/**
 * What a signed-in user may change through the auth library's update-user (the profile's name
 * form): names only. The server checks it before the library sees the request, so `null` or an
 * unknown field is a 400, not a 500 or a silent write.
 */
export const UpdateUserSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.nameRequired).max(201).optional(),
  firstName: z.string().trim().min(1, MESSAGES.firstNameRequired).max(100).optional(),
  lastName: z.string().trim().min(1, MESSAGES.lastNameRequired).max(100).optional(),
})

export const MagicLinkSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.magicLinkEmpty).email(MESSAGES.magicLinkInvalid),
})
export type MagicLinkInput = z.infer<typeof MagicLinkSchema>

export const SetPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] })
export type SetPasswordInput = z.infer<typeof SetPasswordSchema>

/** What POST /api/auth/resend sends again: a verification email, or the texted code of a phone number. */
export const RESEND_TYPES = { signup: 'email', sms: 'phone' } as const
export type ResendType = keyof typeof RESEND_TYPES

const isResendType = (type: string): type is ResendType => Object.hasOwn(RESEND_TYPES, type)

/**
 * POST /api/auth/resend (spec section 7: email or phone, type, challenge token). Without an email
 * or a phone, or without a type, the spec's message; then the type decides which one counts.
 */
export const ResendSchema = z
  .strictObject({ email: z.string().max(254).optional(), phone: z.string().max(32).optional(), type: z.string().max(32).optional() })
  .refine((v) => (v.email || v.phone) && v.type, { message: MESSAGES.resendNeedsTarget, abort: true })
  .superRefine((v, ctx) => {
    if (!isResendType(v.type!)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'Type must be signup (with an email) or sms (with a phone number).' })
    } else if (RESEND_TYPES[v.type] === 'email' && !email.safeParse(v.email ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail })
    } else if (RESEND_TYPES[v.type] === 'phone' && !phoneSchema.safeParse(v.phone ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: NOTIFICATION_MESSAGES.phone })
    }
  })
  .transform((v) =>
    RESEND_TYPES[v.type as ResendType] === 'email'
      ? { type: 'signup' as const, email: email.parse(v.email) }
      : { type: 'sms' as const, phone: phoneSchema.parse(v.phone) },
  )
export type ResendInput = z.infer<typeof ResendSchema>

/** Signing in to an account an admin disabled (issue 13). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact support if you think this is a mistake.'
