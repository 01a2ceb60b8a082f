import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import { signJWT, type JwtOptions } from 'better-auth/plugins'
import { RefreshGrantSchema } from '#shared/refresh-grant.ts'
import { ACCESS_TOKEN_TTL_SECONDS, type BearerSession, type BearerSessionUser } from '#shared/bearer-session.ts'
import { verifiedToken } from './session-lookup.ts'

/** Refused refresh grants; both are final for the app (it removes the session and shows sign-in). */
export const TOKEN_GRANT_ERRORS = {
  INVALID_REFRESH_TOKEN: 'The refresh token is not valid. Please sign in again.',
  SESSION_ENDED: 'Your session has ended. Please sign in again.',
} as const

/** At most this many refresh grants per client address and minute (better-auth's limiter, shared by every process). */
export const TOKEN_GRANT_RATE_LIMIT = { window: 60, max: 20 }

export interface TokenGrantDeps {
  /** The jwt plugin's options, so access tokens are signed with its keys and its issuer and audience. */
  jwt: JwtOptions
  /** The `user` of the answer (bearer-session-user.ts). */
  describeUser: (user: { id: string; email: string; emailVerified: boolean }) => Promise<BearerSessionUser>
}

/**
 * `POST /api/auth/token` with `{ grant_type: "refresh_token", refresh_token }` (decision 036): the
 * spec's refresh grant, as a better-auth endpoint so its rate limiter and error answers apply as
 * to every other auth endpoint. The refresh token is the session's signed token (what
 * `set-auth-token` carried); the answer is a new access token for that session. An expired session
 * is deleted, and a live one is extended once a day, by better-auth's own rules (as get-session does).
 * The jwt plugin's `GET /token` on the same path is closed (auth/routes.ts).
 */
export function tokenGrant(deps: TokenGrantDeps): BetterAuthPlugin {
  return {
    id: 'faredrop-token-grant',
    endpoints: {
      refreshTokenGrant: createAuthEndpoint('/token', { method: 'POST', body: RefreshGrantSchema }, async (ctx) => {
        const refreshToken = ctx.body.refresh_token
        // The form the app got (`token.signature`); the same URL-encoded, as a cookie value would be.
        const token = verifiedToken(refreshToken.includes('%') ? safeDecode(refreshToken) : refreshToken, ctx.context.secret)
        if (token === null) throw new APIError('UNAUTHORIZED', { code: 'INVALID_REFRESH_TOKEN', message: TOKEN_GRANT_ERRORS.INVALID_REFRESH_TOKEN })

        const { internalAdapter, sessionConfig } = ctx.context
        const found = await internalAdapter.findSession(token)
        const now = Date.now()
        if (!found) throw new APIError('UNAUTHORIZED', { code: 'SESSION_ENDED', message: TOKEN_GRANT_ERRORS.SESSION_ENDED })
        const { session, user } = found
        if (session.expiresAt.getTime() <= now) {
          await internalAdapter.deleteSession(token)
          throw new APIError('UNAUTHORIZED', { code: 'SESSION_ENDED', message: TOKEN_GRANT_ERRORS.SESSION_ENDED })
        }
        if (session.expiresAt.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now) {
          await internalAdapter.updateSession(token, { expiresAt: new Date(now + sessionConfig.expiresIn * 1000), updatedAt: new Date(now) })
        }

        const iat = Math.floor(now / 1000)
        const exp = iat + ACCESS_TOKEN_TTL_SECONDS
        const accessToken = await signJWT(ctx, { options: deps.jwt, payload: { sub: user.id, sid: session.id, iat, exp } })
        const answer: BearerSession = {
          access_token: accessToken,
          token_type: 'bearer',
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          expires_at: exp,
          refresh_token: refreshToken,
          user: await deps.describeUser({ id: user.id, email: user.email, emailVerified: user.emailVerified }),
        }
        ctx.setHeader('cache-control', 'no-store')
        return ctx.json(answer)
      }),
    },
    rateLimit: [{ pathMatcher: (path) => path === '/token', ...TOKEN_GRANT_RATE_LIMIT }],
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
