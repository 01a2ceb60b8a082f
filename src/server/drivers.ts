import type { Drivers } from '#shared/system.ts'
import type { DbDriver } from './db/client.ts'
import type { Env } from './env.ts'

export type { Drivers }

/** Twilio carries a channel once the account credentials and that channel's sender are all set. */
export function twilioSender(env: Env, channel: 'sms' | 'whatsapp'): string | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null
  return (channel === 'sms' ? env.TWILIO_SMS_FROM : env.TWILIO_WHATSAPP_FROM) ?? null
}

/** Real Web Push needs a contact for the push services; the keys exist either way (env or generated). */
export const webPushEnabled = (env: Env): boolean => !!env.VAPID_SUBJECT

/** The push services notices go out through (decision 039), in the push channel's order; none: the local outbox. */
export function pushServices(env: Env): ('webpush' | 'fcm' | 'apns')[] {
  const services: ('webpush' | 'fcm' | 'apns')[] = []
  if (webPushEnabled(env)) services.push('webpush')
  if (env.FCM_SERVICE_ACCOUNT_JSON) services.push('fcm')
  if (env.APNS_KEY_ID && env.APNS_PRIVATE_KEY && env.IOS_APP_TEAM_ID) services.push('apns')
  return services
}

/**
 * The one place that decides, from the environment, which driver each service runs on (the
 * notification channels and the billing provider are built from the same predicates).
 */
export function resolveDrivers(env: Env, db: DbDriver): Drivers {
  return {
    db,
    flights: env.SERPAPI_API_KEY ? 'serpapi' : 'simulated',
    email: env.SMTP_URL ? 'smtp' : 'outbox',
    sms: twilioSender(env, 'sms') ? 'twilio' : 'outbox',
    whatsapp: twilioSender(env, 'whatsapp') ? 'twilio' : 'outbox',
    push: pushServices(env).join('+') || 'outbox',
    billing: env.STRIPE_SECRET_KEY ? 'stripe' : 'local',
  }
}
