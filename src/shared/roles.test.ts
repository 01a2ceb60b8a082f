import { describe, expect, it } from 'vitest'
import { ROLE_RANK, effectiveRole, hasRole, requiredRoleText } from './roles.ts'

describe('roles', () => {
  it('ranks free 1 to admin 5', () => {
    expect(ROLE_RANK).toEqual({ free: 1, premium: 2, elite: 3, unlimited: 4, admin: 5 })
  })

  it('allows a role that reaches the required rank', () => {
    expect(hasRole('elite', 'premium')).toBe(true)
    expect(hasRole('premium', 'premium')).toBe(true)
    expect(hasRole('premium', 'elite')).toBe(false)
    expect(hasRole('admin', 'unlimited')).toBe(true)
  })

  it('counts an absent or unknown role as free', () => {
    expect(effectiveRole(undefined)).toBe('free')
    expect(effectiveRole(null)).toBe('free')
    expect(effectiveRole('superuser')).toBe('free')
    expect(hasRole(undefined, 'free')).toBe(true)
    expect(hasRole(undefined, 'premium')).toBe(false)
  })

  it('allows any one of several listed roles', () => {
    expect(hasRole('premium', ['elite', 'premium'])).toBe(true)
    expect(hasRole('free', ['premium', 'elite'])).toBe(false)
  })

  it('requires admin for the admin gate', () => {
    expect(hasRole('unlimited', 'admin')).toBe(false)
    expect(hasRole('admin', 'admin')).toBe(true)
  })

  it('names the required roles, joined with "or"', () => {
    expect(requiredRoleText('admin')).toBe('Required: admin role.')
    expect(requiredRoleText(['premium', 'elite'])).toBe('Required: premium or elite role.')
  })
})
