import { z } from 'zod'
import { MAX_PASSWORD_LENGTH, MESSAGES, MIN_PASSWORD_LENGTH } from '#shared/auth.ts'

/** Profile form rules, reusing the spec's wording (section 5) wherever it has one. */

export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated',
  profileUpdateFailed: 'Failed to update profile',
  notAuthenticated: 'User not authenticated',
  currentPasswordRequired: 'Enter your current password',
  passwordRequired: 'Enter your password',
  emailMismatch: 'Type your email address exactly as shown',
  totpCodeInvalid: 'Enter the 6-digit code',
  backupCodeRequired: 'Enter one of your backup codes',
} as const

const newPassword = z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(MAX_PASSWORD_LENGTH)

export const NameSchema = z.object({
  firstName: z.string().trim().min(1, MESSAGES.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, MESSAGES.lastNameRequired).max(100),
})
export type NameInput = z.infer<typeof NameSchema>

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, PROFILE_MESSAGES.currentPasswordRequired).max(MAX_PASSWORD_LENGTH),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] })
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

export const PasswordConfirmSchema = z.object({
  password: z.string().min(1, PROFILE_MESSAGES.passwordRequired).max(MAX_PASSWORD_LENGTH),
})
export type PasswordConfirmInput = z.infer<typeof PasswordConfirmSchema>

/** An authenticator code: six digits, spaces allowed while typing ("123 456"). */
export const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, PROFILE_MESSAGES.totpCodeInvalid))

export const TotpCodeSchema = z.object({ code: totpCode })
export type TotpCodeInput = z.input<typeof TotpCodeSchema>

/** Deleting the account asks for the email (typed) and the password. */
export function deleteAccountSchema(email: string) {
  return z.object({
    email: z
      .string()
      .trim()
      .refine((v) => v.toLowerCase() === email.toLowerCase(), PROFILE_MESSAGES.emailMismatch),
    password: z.string().min(1, PROFILE_MESSAGES.passwordRequired).max(MAX_PASSWORD_LENGTH),
  })
}
export type DeleteAccountInput = z.infer<ReturnType<typeof deleteAccountSchema>>
