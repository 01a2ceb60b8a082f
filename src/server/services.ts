import { createAuth, type Auth } from './auth/auth.ts'
import { getOrCreateSecret } from './auth/app-secret.ts'
import { createCaptchaVerifier } from './captcha/captcha-verifier.ts'
import type { Database } from './db/client.ts'
import { resolveDrivers, type Drivers } from './drivers.ts'
import { createMailer } from './email/create-mailer.ts'
import type { Mailer } from './email/mailer.ts'
import { publicUrl, type Env } from './env.ts'
import type { Logger } from './lib/logger.ts'
import { oauthClientConfigs, socialProviderAvailability, type OAuthProviderId } from './auth/oauth-providers.ts'

export interface Services {
  auth: Auth
  mailer: Mailer
  captcha: ReturnType<typeof createCaptchaVerifier>
  drivers: Drivers
  trustedOrigins: string[]
  /** Outside sign-in providers with credentials on this server (GET /api/auth-config). */
  socialProviders: Record<OAuthProviderId, boolean>
}

/** Origins allowed to call the API with cookies: the public URL, plus its 127.0.0.1/localhost twin by default. */
export function trustedOrigins(env: Env): string[] {
  const origin = publicUrl(env)
  if (env.PUBLIC_URL) return [origin]
  return [origin, `http://127.0.0.1:${env.PORT}`]
}

/** Builds every service from the environment: the composition root shared by the server and tests. */
export async function createServices(env: Env, database: Database, logger: Logger): Promise<Services> {
  const { db } = database
  const origins = trustedOrigins(env)
  const mailer = createMailer({ env, db, logger })
  const captcha = createCaptchaVerifier({
    env,
    db,
    logger,
    hmacKey: await getOrCreateSecret(db, 'altcha_hmac_key', env.ALTCHA_HMAC_KEY),
  })
  const auth = createAuth({
    db,
    mailer,
    logger,
    secret: await getOrCreateSecret(db, 'auth_secret', env.AUTH_SECRET),
    publicUrl: publicUrl(env),
    trustedOrigins: origins,
    adminEmails: env.ADMIN_EMAILS,
    rateLimit: env.NODE_ENV !== 'test',
    oauthClients: oauthClientConfigs(env),
  })
  return {
    auth,
    mailer,
    captcha,
    drivers: resolveDrivers(env, database.driver),
    trustedOrigins: origins,
    socialProviders: socialProviderAvailability(env),
  }
}
