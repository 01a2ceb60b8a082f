import { z } from 'zod'

/**
 * POST /api/auth/token (decision 036): the native app trades its refresh token (the session token
 * a sign-in's `set-auth-token` header gave it) for a new access token. A refresh token is
 * `token.signature`, about 80 characters; anything much longer is not one. In a file of its own:
 * only the server reads it, and the web's auth chunk (shared/auth.ts) need not carry it.
 */
export const RefreshGrantSchema = z.strictObject({
  grant_type: z.literal('refresh_token', { message: 'grant_type must be refresh_token' }),
  refresh_token: z.string().min(1, 'refresh_token is required').max(512),
})
export type RefreshGrant = z.infer<typeof RefreshGrantSchema>
