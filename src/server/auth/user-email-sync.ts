/**
 * What to do with user_emails when a session starts (spec section 4 "Auth"): the signed-in email is
 * inserted if missing (primary when the user has no primary yet, verified only if confirmed), or
 * marked verified with a timestamp when the account email is confirmed but the record is not.
 */
export interface UserEmailRecord {
  email: string
  isPrimary: boolean
  isVerified: boolean
}

export type UserEmailSyncAction =
  | { kind: 'insert'; email: string; isPrimary: boolean; isVerified: boolean; verifiedAt: Date | null }
  | { kind: 'mark-verified'; email: string; verifiedAt: Date }
  | { kind: 'none' }

export function planUserEmailSync(
  records: readonly UserEmailRecord[],
  account: { email: string; emailVerified: boolean },
  now: Date,
): UserEmailSyncAction {
  const email = account.email.toLowerCase()
  const existing = records.find((r) => r.email.toLowerCase() === email)
  if (!existing) {
    return {
      kind: 'insert',
      email,
      isPrimary: !records.some((r) => r.isPrimary),
      isVerified: account.emailVerified,
      verifiedAt: account.emailVerified ? now : null,
    }
  }
  if (account.emailVerified && !existing.isVerified) return { kind: 'mark-verified', email: existing.email, verifiedAt: now }
  return { kind: 'none' }
}
