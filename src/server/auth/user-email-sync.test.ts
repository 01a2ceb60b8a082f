import { describe, expect, it } from 'vitest'
import { planUserEmailSync } from './user-email-sync.ts'

const now = new Date('2026-11-22T10:00:00Z')

describe('planUserEmailSync', () => {
  it('inserts a missing email as primary when the user has no primary, verified only if confirmed', () => {
    expect(planUserEmailSync([], { email: 'Ana@Example.com', emailVerified: false }, now)).toEqual({
      kind: 'insert',
      email: 'ana@example.com',
      isPrimary: true,
      isVerified: false,
      verifiedAt: null,
    })
    expect(planUserEmailSync([], { email: 'ana@example.com', emailVerified: true }, now)).toEqual({
      kind: 'insert',
      email: 'ana@example.com',
      isPrimary: true,
      isVerified: true,
      verifiedAt: now,
    })
  })

  it('inserts a second address as non-primary', () => {
    const records = [{ email: 'old@example.com', isPrimary: true, isVerified: true }]
    expect(planUserEmailSync(records, { email: 'new@example.com', emailVerified: true }, now)).toMatchObject({
      kind: 'insert',
      isPrimary: false,
    })
  })

  it('marks an existing record verified once the account email is confirmed', () => {
    const records = [{ email: 'ana@example.com', isPrimary: true, isVerified: false }]
    expect(planUserEmailSync(records, { email: 'ANA@example.com', emailVerified: true }, now)).toEqual({
      kind: 'mark-verified',
      email: 'ana@example.com',
      verifiedAt: now,
    })
  })

  it('leaves a record alone when nothing changed', () => {
    const verified = [{ email: 'ana@example.com', isPrimary: true, isVerified: true }]
    expect(planUserEmailSync(verified, { email: 'ana@example.com', emailVerified: true }, now)).toEqual({ kind: 'none' })
    const unverified = [{ email: 'ana@example.com', isPrimary: true, isVerified: false }]
    expect(planUserEmailSync(unverified, { email: 'ana@example.com', emailVerified: false }, now)).toEqual({ kind: 'none' })
  })
})
