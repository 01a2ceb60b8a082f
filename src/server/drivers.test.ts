import { describe, expect, it } from 'vitest'
import { resolveDrivers } from './drivers.ts'
import { parseEnv } from './env.ts'

const TWILIO = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token' }

describe('resolveDrivers', () => {
  it('reports the embedded defaults with nothing configured', () => {
    expect(resolveDrivers(parseEnv({}), 'pglite')).toEqual({
      db: 'pglite',
      flights: 'simulated',
      email: 'outbox',
      sms: 'outbox',
      whatsapp: 'outbox',
      push: 'outbox',
      billing: 'local',
    })
  })

  it('puts each Twilio channel on Twilio once its own sender is set', () => {
    expect(resolveDrivers(parseEnv({ ...TWILIO, TWILIO_SMS_FROM: '+15005550006' }), 'postgres')).toMatchObject({ sms: 'twilio', whatsapp: 'outbox' })
    expect(resolveDrivers(parseEnv({ ...TWILIO, TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886' }), 'postgres')).toMatchObject({
      sms: 'outbox',
      whatsapp: 'twilio',
    })
  })

  it('sends real push once VAPID_SUBJECT names a contact, and real email with SMTP_URL', () => {
    expect(resolveDrivers(parseEnv({ VAPID_SUBJECT: 'mailto:ops@faredrop.test', SMTP_URL: 'smtp://127.0.0.1:2525' }), 'pglite')).toMatchObject({
      push: 'webpush',
      email: 'smtp',
    })
  })

  it('pushes to the apps once their keys are set, beside Web Push', () => {
    const fcm = { FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ project_id: 'p', client_email: 'c@p.iam', private_key: '-----BEGIN PRIVATE KEY-----x' }) }
    const apns = { APNS_KEY_ID: 'ABC123DEFG', APNS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----x', IOS_APP_TEAM_ID: 'TEAM123456' }
    expect(resolveDrivers(parseEnv(fcm), 'pglite')).toMatchObject({ push: 'fcm' })
    expect(resolveDrivers(parseEnv(apns), 'pglite')).toMatchObject({ push: 'apns' })
    expect(resolveDrivers(parseEnv({ ...fcm, ...apns, VAPID_SUBJECT: 'mailto:ops@faredrop.test' }), 'pglite')).toMatchObject({ push: 'webpush+fcm+apns' })
  })

  it('bills through Stripe once its secret key (and webhook secret) is set', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }
    expect(resolveDrivers(parseEnv(stripe), 'pglite')).toMatchObject({ billing: 'stripe' })
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/)
  })
})
