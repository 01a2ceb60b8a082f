import type { Role } from './roles.ts'

/** GET /api/me and GET /api/session (signed in): who is signed in, their role and plan, their addresses. */
export interface Me {
  user: { id: string; email: string; name: string; emailVerified: boolean }
  profile: { role: Role; subscription_tier: string }
  emails: { id: string; email: string; is_primary: boolean; is_verified: boolean; verified_at: string | null }[]
}

/** GET /api/session when signed out: 200 with nobody, so a signed-out page view logs no failed request. */
export interface SignedOut {
  user: null
  profile: null
  emails: []
}

/** One of the signed-in user's sessions as GET /api/me/sessions lists it (never its token). */
export interface SessionSummary {
  id: string
  /** The session this browser is using. */
  current: boolean
  createdAt: string
  updatedAt: string
  expiresAt: string
  ipAddress: string | null
  userAgent: string | null
}
