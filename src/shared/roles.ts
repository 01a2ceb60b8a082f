/** Roles and their ranks (product spec sections 5 "Role rank" and 6). */

export const ROLES = ['free', 'premium', 'elite', 'unlimited', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_RANK: Record<Role, number> = {
  free: 1,
  premium: 2,
  elite: 3,
  unlimited: 4,
  admin: 5,
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** An absent or unknown role counts as free. */
export function effectiveRole(role: string | null | undefined): Role {
  return isRole(role) ? role : 'free'
}

/**
 * True when the user's rank reaches the required role's rank; with several roles,
 * reaching any one of them is enough.
 */
export function hasRole(userRole: string | null | undefined, required: Role | readonly Role[]): boolean {
  const rank = ROLE_RANK[effectiveRole(userRole)]
  const requiredRoles: readonly Role[] = typeof required === 'string' ? [required] : required
  return requiredRoles.some((r) => rank >= ROLE_RANK[r])
}

/** "Required: admin role." / "Required: premium or elite role." */
export function requiredRoleText(required: Role | readonly Role[]): string {
  const roles: readonly Role[] = typeof required === 'string' ? [required] : required
  return `Required: ${roles.join(' or ')} role.`
}
