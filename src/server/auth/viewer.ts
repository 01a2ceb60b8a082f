import { eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { effectiveRole, hasRole, type Role } from '#shared/roles.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { Auth } from './auth.ts'
import { lookUpSession } from './session-lookup.ts'

/** The signed-in user behind a request, with the role from their profile. */
export interface Viewer {
  user: { id: string; email: string; name: string; emailVerified: boolean }
  sessionId: string
  role: Role
  subscriptionTier: string
}

declare module 'hono' {
  interface ContextVariableMap {
    /** getViewer's answer for this request: undefined until read, null when signed out. */
    viewerLookup?: Viewer | null
  }
}

/**
 * The context variables of a route behind `requireUser`/`requireRole`: the signed-in viewer, typed
 * (`c.var.viewer`), so a handler neither re-reads the session nor asserts it is there.
 */
export type SignedIn = { Variables: { viewer: Viewer } }

/** Reads the session cookie once per request; null when signed out. */
export async function getViewer(c: Context, deps: { auth: Auth; db: Db }): Promise<Viewer | null> {
  const cached = c.get('viewerLookup')
  if (cached !== undefined) return cached
  const found = await lookUpSession(c, deps)
  const viewer = found === undefined ? await viewerFromBetterAuth(c, deps) : found
  c.set('viewerLookup', viewer)
  return viewer
}

/** better-auth's get-session, for the sessions `lookUpSession` leaves to it (expired, due for refresh). */
async function viewerFromBetterAuth(c: Context, deps: { auth: Auth; db: Db }): Promise<Viewer | null> {
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers })
  let viewer: Viewer | null = null
  if (session) {
    const [profile] = await deps.db
      .select({ role: profiles.role, subscriptionTier: profiles.subscriptionTier })
      .from(profiles)
      .where(eq(profiles.id, session.user.id))
    viewer = {
      user: { id: session.user.id, email: session.user.email, name: session.user.name, emailVerified: session.user.emailVerified },
      sessionId: session.session.id,
      role: effectiveRole(profile?.role),
      subscriptionTier: profile?.subscriptionTier ?? 'free',
    }
  }
  return viewer
}

/** 401 unless signed in; `message` is what the caller's contract says then (billing: "User must be authenticated"). */
export function requireUser(deps: { auth: Auth; db: Db }, message = 'Please sign in to continue.'): MiddlewareHandler<SignedIn> {
  return async (c, next) => {
    const viewer = await getViewer(c, deps)
    if (!viewer) throw new AppError('unauthorized', message)
    c.set('viewer', viewer)
    await next()
  }
}

/** 401 when signed out, 403 when the role's rank is too low (any one of `roles` suffices). */
export function requireRole(deps: { auth: Auth; db: Db }, roles: Role | readonly Role[]): MiddlewareHandler<SignedIn> {
  return async (c, next) => {
    const viewer = await getViewer(c, deps)
    if (!viewer) throw new AppError('unauthorized', 'Please sign in to continue.')
    if (!hasRole(viewer.role, roles)) throw new AppError('forbidden', "You don't have permission to access this resource.")
    c.set('viewer', viewer)
    await next()
  }
}
