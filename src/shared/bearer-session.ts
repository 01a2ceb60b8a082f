import type { SecondFactor } from './second-factors.ts'

/**
 * The native app's bearer session (decision 036), shared by the server's token endpoint and the
 * web app's bearer mode (src/web/lib/bearer-session.ts). No zod here: the app's lazy bearer chunk
 * imports these names and nothing else (the grant's schema is in auth.ts).
 */

/** `POST` here with the refresh grant; the jwt plugin's own `GET` of the same path answers 404. */
export const TOKEN_PATH = '/api/auth/token'

/** Response header with the refresh token of a session a sign-in just started (better-auth's bearer plugin). */
export const SET_AUTH_TOKEN_HEADER = 'set-auth-token'

/** How long an access token lives, in seconds (the spec's ~15 minutes). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

/**
 * What `POST /api/auth/token` answers: the spec's session shape. `refresh_token` is the one sent
 * (the session's own token, for as long as the session lives); a client stores whatever comes back.
 */
export interface BearerSession {
  access_token: string
  token_type: 'bearer'
  /** Seconds the access token is valid from now. */
  expires_in: number
  /** When it stops being valid, in seconds since the epoch (its `exp` claim). */
  expires_at: number
  refresh_token: string
  user: BearerSessionUser
}

export interface BearerSessionUser {
  id: string
  email: string
  /** When the account's email was confirmed (ISO 8601), or null while it is not. */
  email_confirmed_at: string | null
  /** The account's ways in: `credential` (password) and outside providers. */
  identities: { id: string; provider: string; created_at: string }[]
  /** Second factors, as GET /api/me/second-factors lists them. */
  factors: SecondFactor[]
}

/** The claims of an access token besides iss, aud, iat and exp: the user (`sub`) and their session (`sid`). */
export interface AccessTokenClaims {
  sub: string
  sid: string
}

/**
 * A pending sign-in's second step, for the app: better-auth keeps it in a `two_factor` cookie,
 * which the app can't hold, so the edge hands its value over in this response header…
 */
export const SET_TWO_FACTOR_CHALLENGE_HEADER = 'set-two-factor-challenge'
/** …and takes it back in this request header on the two-factor calls that finish the sign-in. */
export const TWO_FACTOR_CHALLENGE_HEADER = 'x-two-factor-challenge'

/** One key of GET /api/auth/jwks: a public JWK (Ed25519: `kty` OKP, `crv`, `x`) named by `kid`, the access token's header's. */
export interface PublicSigningKey {
  kid: string
  kty: string
  alg: string
  crv?: string
  x?: string
}
