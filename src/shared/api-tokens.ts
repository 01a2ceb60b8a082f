import { z } from 'zod'

/** Personal API tokens for the public API v1 (Unlimited, decision 042). */

export const API_TOKEN_SCOPES = ['read', 'write'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

/** Tokens one account may hold: one per integration, with room to rotate. */
export const MAX_API_TOKENS = 20
/** Requests one token may make per minute (429 with Retry-After beyond). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120
/** Every token starts with this, so secret scanners (and people) recognise one. */
export const API_TOKEN_PREFIX = 'fd_'

export const API_TOKEN_MESSAGES = {
  name: 'Give the token a name of 1 to 60 characters, such as the system that will use it.',
  scopes: 'Choose what the token may do: read, or read and write.',
  planOnly: 'API tokens are part of the Unlimited plan.',
  tooMany: `An account may hold at most ${MAX_API_TOKENS} API tokens. Revoke one you no longer use.`,
  missing: 'Send your API token as "Authorization: Bearer fd_…". Create one on your profile.',
  invalid: 'This API token is not valid. It may have been revoked.',
  scope: (scope: ApiTokenScope) => `This API token may not ${scope === 'write' ? 'change' : 'read'} data: it lacks the "${scope}" scope.`,
  notFound: 'You have no API token with that id.',
} as const

/** POST /api/me/api-tokens */
export const createApiTokenSchema = z.strictObject({
  name: z.string().trim().min(1, API_TOKEN_MESSAGES.name).max(60, API_TOKEN_MESSAGES.name),
  // Writing implies reading: a "write" token is given both.
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopes }))
    .min(1, API_TOKEN_MESSAGES.scopes)
    .max(2, API_TOKEN_MESSAGES.scopes)
    .transform((scopes): ApiTokenScope[] => (scopes.includes('write') ? ['read', 'write'] : ['read'])),
})
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>

/** A token as its owner sees it: never the secret. */
export interface ApiTokenView {
  id: string
  name: string
  scopes: ApiTokenScope[]
  /** "fd_Ab3xQ9…": enough to tell tokens apart. */
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

/** POST /api/me/api-tokens: the token itself, this once. */
export interface CreatedApiToken {
  token: string
  apiToken: ApiTokenView
}
