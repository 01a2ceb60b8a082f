// The auth feature's public entry: the only module other parts of the web app import from it.
export { authSessionQueryOptions, changePassword, deleteAccount, disableTwoFactor, enableTwoFactor, generateBackupCodes, resendVerificationEmail, revokeOtherSessions, revokeSession, sessionsQueryOptions, updateProfileName, verifyEmail, verifyTotp, type AuthSession, type SessionSummary } from './api.ts'
export { postSignInPath } from './post-sign-in-path.ts'
export { SetPasswordForm } from './set-password-form.tsx'
export { SignInForm, type SignInStep } from './sign-in-form.tsx'
export { SignUpForm } from './sign-up-form.tsx'
export { SocialButtons, providerLabel, signInFailedMessage } from './social-buttons.tsx'
export { TotpCodeInput } from './totp-code-input.tsx'
export { useSignOut } from './use-sign-out.ts'
