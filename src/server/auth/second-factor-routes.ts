import { eq } from 'drizzle-orm'
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { addPhoneFactorSchema, removeFactorSchema, renameFactorSchema, SECOND_FACTOR_MESSAGES } from '#shared/second-factors.ts'
import type { Db } from '../db/client.ts'
import { verifications } from '../db/schema.ts'
import { jsonBody, peekJson } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import { inOurContract } from './auth-answers.ts'
import type { Auth } from './auth.ts'
import { AUTH_MAIL_SPACING_MS, mayMailInbox } from './mail-flood-guard.ts'
import { addPhoneFactor, confirmPhoneFactor, listSecondFactors, phoneForSignInCode, removeSecondFactor, renameSecondFactor, secondFactorMethods } from './second-factors.ts'
import { verifiedToken } from './session-lookup.ts'
import { getViewer, requireUser, type Viewer } from './viewer.ts'
import type { ApiBody } from '#shared/api-contract.ts'

export interface SecondFactorRouteDeps {
  auth: Auth
  db: Db
  now: () => Date
  /** Hands the request to better-auth (routes.ts). */
  handle: (c: Context) => Promise<Response>
  /** Runs a check of the viewer's password under the sign-in lockout (routes.ts). */
  passwordChecked: (c: Context, viewer: Viewer, path: string, check: () => Promise<Response>) => Promise<Response>
}

const NO_PHONE_FACTOR = 'No text message method is set up for this account.'

/**
 * The user a pending sign-in's second step is for: better-auth's signed `two_factor` cookie names
 * a verification row whose value is the user id (decision 031). Null when there is none, it was
 * tampered with, or it expired.
 */
async function challengedUserId(c: Context, deps: { auth: Auth; db: Db; now: () => Date }): Promise<string | null> {
  const ctx = await deps.auth.$context
  const cookie = getCookie(c, ctx.createAuthCookie('two_factor').name)
  const token = cookie === undefined ? null : verifiedToken(cookie, ctx.secret)
  if (token === null) return null
  const [row] = await deps.db.select({ value: verifications.value, expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.identifier, token))
  return row && row.expiresAt > deps.now() ? row.value : null
}

/**
 * Second factors (spec section 7, decision 031), registered on the auth routes before better-auth's
 * catch-all: the factor list with friendly names, a text-message factor on the verified phone, and
 * checks around better-auth's two-factor endpoints so that a code is only ever texted to a factor's
 * number and two-factor is never on without a factor to answer it.
 */
export function secondFactorRoutes(app: Hono, deps: SecondFactorRouteDeps) {
  const signedIn = requireUser(deps)

  app.get('/me/second-factors', signedIn, async (c) =>
    c.json({ factors: await listSecondFactors(deps.db, c.var.viewer.user.id) } satisfies ApiBody<'GET /api/me/second-factors'>),
  )

  // A text-message factor starts unverified; the web app then asks for a code (send-otp) and sends it back (verify-otp).
  app.post('/me/second-factors', signedIn, async (c) => {
    const { friendlyName } = addPhoneFactorSchema.parse(await jsonBody(c))
    return c.json({ factor: await addPhoneFactor(deps.db, c.var.viewer.user.id, friendlyName) } satisfies ApiBody<'POST /api/me/second-factors'>, 201)
  })

  app.patch('/me/second-factors/:id', signedIn, async (c) => {
    const { friendlyName } = renameFactorSchema.parse(await jsonBody(c))
    return c.json({ factors: await renameSecondFactor(deps.db, c.var.viewer.user.id, c.req.param('id'), friendlyName) } satisfies ApiBody<'PATCH /api/me/second-factors/:id'>)
  })

  // Removing a way to prove it's you takes the password, counted like a sign-in.
  app.delete('/me/second-factors/:id', signedIn, async (c) => {
    const { viewer } = c.var
    const { password } = removeFactorSchema.parse(await jsonBody(c))
    // In our error contract, as the lockout reads it (a wrong password is `reason: INVALID_PASSWORD`).
    const checked = await deps.passwordChecked(c, viewer, c.req.path, async () =>
      inOurContract(await deps.auth.api.verifyPassword({ body: { password }, headers: c.req.raw.headers, asResponse: true }), c.get('requestId')),
    )
    if (!checked.ok) return checked
    return c.json({ factors: await removeSecondFactor(deps.db, viewer.user.id, c.req.param('id')) } satisfies ApiBody<'DELETE /api/me/second-factors/:id'>)
  })

  // What the second step of a pending sign-in may offer (the sign-in form shows only those).
  app.get('/auth/second-factor/methods', async (c) => {
    const userId = await challengedUserId(c, deps)
    if (!userId) throw new AppError('unauthorized', SECOND_FACTOR_MESSAGES.challengeExpired)
    return c.json((await secondFactorMethods(deps.db, userId)) satisfies ApiBody<'GET /api/auth/second-factor/methods'>)
  })

  // better-auth texts a code to any user with two-factor on; only a factor's number may get one,
  // at most once a minute and 5 times an hour (A12). The limit is taken before better-auth makes a
  // new code: a code made but not texted would replace the one the user is about to type.
  app.post('/auth/two-factor/send-otp', async (c) => {
    const viewer = await getViewer(c, deps)
    // Setting up the factor: its number, verified or not yet. Signing in: a verified factor only.
    const userId = viewer?.user.id ?? (await challengedUserId(c, deps))
    if (!userId) return deps.handle(c)
    const phone = await phoneForSignInCode(deps.db, userId)
    if (!phone || (!viewer && !(await secondFactorMethods(deps.db, userId)).methods.includes('phone'))) throw new AppError('conflict', NO_PHONE_FACTOR)
    // Setting up and signing in are spaced apart separately: a user who tries the new factor at once isn't made to wait.
    if (!(await mayMailInbox(deps.db, phone, viewer ? 'factor-setup-code' : 'sign-in-code', deps.now()))) {
      throw new AppError('rate_limited', 'A code was texted less than a minute ago (at most 5 an hour). Please wait before asking for another.', {
        headers: { 'Retry-After': String(AUTH_MAIL_SPACING_MS / 1000) },
      })
    }
    return deps.handle(c)
  })

  // Signed in, a right code confirms the factor being set up (better-auth turns two-factor on).
  app.post('/auth/two-factor/verify-otp', async (c) => {
    const viewer = await getViewer(c, deps)
    if (viewer && !(await phoneForSignInCode(deps.db, viewer.user.id))) throw new AppError('conflict', NO_PHONE_FACTOR)
    const response = await deps.handle(c)
    if (viewer && response.ok) await confirmPhoneFactor(deps.db, viewer.user.id, deps.now())
    return response
  })

  // better-auth's "OTP only" mode would turn two-factor on with no number to text: factors are added here instead.
  app.post('/auth/two-factor/enable', async (c, next) => {
    const body = (await peekJson(c.req.raw)) as { method?: unknown } | null
    if (body?.method !== undefined && body.method !== 'totp') {
      throw new AppError('validation_failed', 'Add a text message method from your profile instead.', { fieldErrors: { method: ['Only totp'] } })
    }
    await next()
  })
}
