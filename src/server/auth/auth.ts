import { drizzleAdapter } from '@better-auth/drizzle-adapter'
import { betterAuth } from 'better-auth'
import { APIError, createEmailVerificationToken } from 'better-auth/api'
import { bearer, jwt, magicLink, twoFactor } from 'better-auth/plugins'
import { and, eq } from 'drizzle-orm'
import { ACCOUNT_DISABLED_MESSAGE } from '#shared/auth.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import type { Db } from '../db/client.ts'
import { accounts, jwks, profiles, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema.ts'
import type { Mailer } from '../email/mailer.ts'
import { magicLinkEmail, passwordResetEmail, verificationEmail } from '../email/templates.ts'
import type { Logger } from '../lib/logger.ts'
import { jwtPluginOptions } from './access-tokens.ts'
import { bearerSessionUser } from './bearer-session-user.ts'
import { ensureAccountRecords } from './ensure-account-records.ts'
import { createOidcProvider, oidcProviders } from './oauth-oidc.ts'
import type { OidcClientConfig } from './oauth-providers.ts'
import { mayMailInbox, type AuthMailKind } from './mail-flood-guard.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import { secondFactorOnEverySignIn } from './second-factor-everywhere.ts'
import { clearSignInLock } from './sign-in-guard.ts'
import { tokenGrant } from './token-grant.ts'
import { totpReplayGuard } from './totp-replay.ts'

export const MAGIC_LINK_TTL_SECONDS = 10 * 60
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60
/** Header our own middleware sets from the socket (or the trusted proxy); clients can't spoof it. */
export const CLIENT_IP_HEADER = 'x-faredrop-client-ip'

export interface AuthDeps {
  db: Db
  mailer: Mailer
  logger: Logger
  secret: string
  publicUrl: string
  trustedOrigins: string[]
  adminEmails: readonly string[]
  rateLimit: boolean
  /** Emails still being sent (shutdown and tests wait for them). */
  pendingEmails: Set<Promise<unknown>>
  /** Google, Microsoft and Apple clients that have credentials (see oauth-providers.ts). */
  oauthClients: readonly OidcClientConfig[]
  now: () => Date
  /** Runs before an account is deleted (billing stops the user's subscriptions); throwing keeps the account. */
  beforeDeleteUser?: (userId: string) => Promise<void>
  /** Texts a two-factor sign-in code to the user's text-message factor (decision 031); unset, no codes are texted. */
  textSignInCode?: (userId: string, code: string) => Promise<void>
}

/** How long a texted sign-in code works. */
export const SIGN_IN_CODE_TTL_SECONDS = 5 * 60

/** The web page every outside sign-in returns to, on success and on failure (`?error=`). */
export const OAUTH_RETURN_PATH = '/auth/callback'

/** better-auth configured for FareDrop: verified email + password, magic links, TOTP, Google/Microsoft/Apple. */
export function createAuth(deps: AuthDeps) {
  // Mail goes out after the response: a request for a known address must not take longer than one
  // for an unknown address (account enumeration by timing), however slow the SMTP server is. The
  // inbox limit (A12) is checked there too, so a refused email changes nothing in the answer.
  const send = async (to: string, kind: AuthMailKind, message: { subject: string; text: string; html: string }) => {
    const refused = () => deps.logger.warn({ kind }, 'account email not sent: the inbox had its share')
    // The request's time, not the delivery's: a delivery still waiting when the next request comes
    // must not be counted at that one's time (two requests a minute apart read as the same minute).
    const askedAt = deps.now()
    const deliver = async () => {
      const { sendWith } = deps.mailer
      if (sendWith) {
        // The local outbox: the inbox's share and the stored email commit together, so a crash
        // between them can't use up the share of an email that never arrived.
        await deps.db.transaction(async (tx) => {
          if (await mayMailInbox(tx, to, kind, askedAt)) await sendWith(tx, { to, ...message })
          else refused()
        })
        return
      }
      if (!(await mayMailInbox(deps.db, to, kind, askedAt))) return refused()
      await deps.mailer.send({ to, ...message })
    }
    const delivery = deliver().catch((err: unknown) => deps.logger.error({ err, subject: message.subject }, 'email not sent'))
    deps.pendingEmails.add(delivery)
    void delivery.finally(() => deps.pendingEmails.delete(delivery))
  }

  // The link opens our /verify-email page, which confirms the token and signs the user in.
  const verificationLink = (token: string) => `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors, rateLimit: rateLimits, jwks },
    }),
    user: {
      // Deleting an account removes the user's rows (profiles, emails, sessions, alerts… cascade).
      deleteUser: { enabled: true, beforeDelete: async (user) => deps.beforeDeleteUser?.(user.id) },
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
      },
    },
    account: {
      // Decision 009: an outside identity is (provider, subject). A provider sign-in whose email
      // matches an existing account never joins it; linking a provider to an account is something a
      // signed-in user asks for (POST /api/auth/link-social), never implied by an email address.
      accountLinking: { enabled: true, disableImplicitLinking: true, trustedProviders: [], allowDifferentEmails: false },
      // We only need to know who signed in: provider tokens are neither used nor kept.
      updateAccountOnSignIn: false,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      // Signing up again with an address still waiting for confirmation sends the link again (the
      // answer is the same as for a new address): the first email may never have left, a crash
      // between the sign-up and its email included. The per-inbox limit applies as to any email.
      onExistingUserSignUp: async ({ user }) => {
        if (user.emailVerified) return
        const token = await createEmailVerificationToken(deps.secret, user.email, undefined, EMAIL_VERIFICATION_TTL_SECONDS, { userId: user.id })
        const url = verificationLink(token)
        const firstName = (user as { firstName?: string }).firstName
        await send(user.email, 'verification', verificationEmail({ firstName, url }))
      },
      revokeSessionsOnPasswordReset: true,
      // Whoever can read the mailbox owns the account: a new password also ends a sign-in lockout.
      onPasswordReset: async ({ user }) => {
        await clearSignInLock(deps.db, user.email)
      },
      sendResetPassword: async ({ user, token }) => {
        const url = `${deps.publicUrl}/auth?type=recovery&token=${encodeURIComponent(token)}`
        const firstName = (user as { firstName?: string }).firstName
        await send(user.email, 'password-reset', passwordResetEmail({ firstName, url, expiresInMinutes: PASSWORD_RESET_TTL_SECONDS / 60 }))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      // A6: a link opened by many browsers at once passes better-auth's "not verified yet" check in
      // each of them before any writes. The first to mark the address verified here goes on (and
      // gets the session); the others are refused, on PostgreSQL as on PGlite.
      beforeEmailVerification: async (user) => {
        const [first] = await deps.db
          .update(users)
          .set({ emailVerified: true })
          .where(and(eq(users.id, user.id), eq(users.emailVerified, false)))
          .returning({ id: users.id })
        if (!first) throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'This link has already been used.' })
      },
      sendVerificationEmail: async ({ user, token }) => {
        const url = verificationLink(token)
        const firstName = (user as { firstName?: string }).firstName
        await send(user.email, 'verification', verificationEmail({ firstName, url }))
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        sendMagicLink: async ({ email, url }) => {
          await send(email, 'magic-link', magicLinkEmail({ url, expiresInMinutes: MAGIC_LINK_TTL_SECONDS / 60 }))
        },
      }),
      twoFactor({
        issuer: PRODUCT_NAME,
        // Codes by text message go only to a factor's number (second-factor-routes.ts checks first).
        otpOptions: {
          period: SIGN_IN_CODE_TTL_SECONDS / 60, // minutes
          storeOTP: 'hashed',
          sendOTP: async ({ user, otp }) => deps.textSignInCode?.(user.id, otp),
        },
      }),
      totpReplayGuard({ db: deps.db }),
      secondFactorOnEverySignIn({ publicUrl: deps.publicUrl }),
      oidcProviders(deps.oauthClients.map((client) => createOidcProvider(client, deps.logger))),
      // The native app's bearer sessions (decision 036). bearer: any answer that sets the session
      // cookie also carries its signed token in `set-auth-token` (the app's refresh token; the
      // edge passes it on to the app's origins only). Its other half, reading `Authorization`, never
      // runs: the edge turns a verified access token into the session cookie and drops the header
      // (auth/bearer-access.ts); `requireSignature` keeps an unsigned token out all the same.
      bearer({ requireSignature: true }),
      // jwt: the signing keys (`jwks`, private halves encrypted with the auth secret) and GET /jwks.
      jwt(jwtPluginOptions(deps.publicUrl)),
      tokenGrant({ jwt: jwtPluginOptions(deps.publicUrl), describeUser: (user) => bearerSessionUser(deps.db, user) }),
    ],
    // Failed provider callbacks (unknown or forged state included) land on the web page that explains them.
    // `throw`: an unexpected error (the database unreachable) reaches our error handler, which answers
    // 503 or a JSON 500, instead of better-auth's empty 500; its own APIErrors still answer as before.
    onAPIError: { errorURL: `${deps.publicUrl}${OAUTH_RETURN_PATH}`, throw: true },
    rateLimit: { enabled: deps.rateLimit, storage: 'database', modelName: 'rateLimit' },
    advanced: {
      cookiePrefix: 'faredrop',
      // better-auth skips its callback/redirect URL checks when NODE_ENV=test; keep them on everywhere
      // so tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: deps.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      account: {
        create: {
          before: async (account) =>
            account.providerId === 'credential' ? undefined : { data: { ...account, accessToken: null, refreshToken: null, idToken: null } },
        },
      },
      session: {
        create: {
          // An account an admin disabled gets no session by any way in (password, link, provider,
          // second step); its existing sessions were ended when it was disabled (admin/disable-user.ts).
          before: async (session) => {
            const [profile] = await deps.db.select({ disabledAt: profiles.disabledAt }).from(profiles).where(eq(profiles.id, session.userId))
            if (profile?.disabledAt) throw new APIError('FORBIDDEN', { message: ACCOUNT_DISABLED_MESSAGE, code: 'ACCOUNT_DISABLED' })
          },
          after: async (session) => {
            const [user] = await deps.db
              .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
              .from(users)
              .where(eq(users.id, session.userId))
            if (user) await ensureAccountRecords({ db: deps.db, adminEmails: deps.adminEmails }, user)
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => deps.logger[level]({ args }, `auth: ${message}`),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
