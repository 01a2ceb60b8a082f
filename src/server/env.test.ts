import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, publicUrl } from './env.ts'

/** What parseEnv says is wrong with `vars`, one problem a line; empty when it takes them. */
function problems(vars: Record<string, string>): string {
  try {
    parseEnv(vars)
    return ''
  } catch (error) {
    return (error as EnvError).problems.join('\n')
  }
}

describe('parseEnv', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './.data',
      CAPTCHA_PROVIDER: 'altcha',
      ADMIN_EMAILS: [],
      TRUST_PROXY: 0,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(publicUrl(env)).toBe('http://localhost:3000')
  })

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '' })
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('normalises admin emails', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ops@Example.com, ,boss@example.com ' }).ADMIN_EMAILS).toEqual([
      'ops@example.com',
      'boss@example.com',
    ])
  })

  it('lists every bad variable with what it got', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://db', CAPTCHA_PROVIDER: 'recaptcha', TRUST_PROXY: 'yes' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      const problems = (error as EnvError).problems.join('\n')
      expect(problems).toMatch(/^PORT: .*"abc"/m)
      expect(problems).toMatch(/^DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection string/m)
      expect(problems).toMatch(/^CAPTCHA_PROVIDER: /m)
      expect(problems).toMatch(/^TRUST_PROXY: must be true, false or a number of trusted proxies \(1 to 10\)/m)
    }
  })

  it('reads TRUST_PROXY as a number of trusted proxy hops: false 0, true 1, or a count', () => {
    const hops = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY
    expect([hops('false'), hops('0'), hops('true'), hops('1'), hops('2'), hops('10')]).toEqual([0, 0, 1, 1, 2, 10])
    for (const bad of ['yes', '-1', '1.5', '11', '2 proxies', 'TRUE']) {
      expect(problems({ TRUST_PROXY: bad }), bad).toMatch(/^TRUST_PROXY: must be true, false or a number of trusted proxies \(1 to 10\)/m)
    }
  })

  it('gives the flight searches a provider budget of their own, 60 a minute and 2,500 a day by default', () => {
    expect(parseEnv({})).toMatchObject({ SEARCH_PROVIDER_CALLS_PER_MINUTE: 60, SEARCH_PROVIDER_CALLS_PER_DAY: 2_500 })
    expect(parseEnv({ SEARCH_PROVIDER_CALLS_PER_MINUTE: '5', SEARCH_PROVIDER_CALLS_PER_DAY: '100' })).toMatchObject({ SEARCH_PROVIDER_CALLS_PER_MINUTE: 5, SEARCH_PROVIDER_CALLS_PER_DAY: 100 })
    expect(problems({ SEARCH_PROVIDER_CALLS_PER_MINUTE: '0' })).toMatch(/^SEARCH_PROVIDER_CALLS_PER_MINUTE: /m)
    expect(problems({ SEARCH_PROVIDER_CALLS_PER_DAY: 'lots' })).toMatch(/^SEARCH_PROVIDER_CALLS_PER_DAY: .*"lots"/m)
  })

  it('keeps the webhook SSRF guard on unless told otherwise', () => {
    expect(parseEnv({}).WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).toBe(false)
    expect(parseEnv({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' }).WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).toBe(true)
    expect(problems({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toMatch(/^WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: must be true or false/m)
  })

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(publicUrl(parseEnv({ PUBLIC_URL: 'https://faredrop.example/' }))).toBe('https://faredrop.example')
  })

  it('takes Twilio and VAPID settings that go together, and refuses half of them', () => {
    const sid = `AC${'a'.repeat(32)}`
    expect(parseEnv({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 't', TWILIO_SMS_FROM: '+15005550006' }).TWILIO_API_BASE_URL).toBe('https://api.twilio.com')
    expect(problems({ TWILIO_ACCOUNT_SID: sid })).toMatch(/^TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together/m)
    expect(problems({ TWILIO_SMS_FROM: '+15005550006' })).toMatch(/need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/)
    expect(problems({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 't' })).toMatch(/^TWILIO_ACCOUNT_SID: must be a Twilio account SID/m)
    expect(problems({ TWILIO_API_BASE_URL: 'http://twilio.example' })).toMatch(/^TWILIO_API_BASE_URL: must be an https:\/\/ URL/m)
    expect(problems({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toMatch(/^VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/m)
    expect(problems({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toMatch(/^VAPID_SUBJECT: is required with VAPID keys/m)
    expect(problems({ VAPID_SUBJECT: 'ops@faredrop.test' })).toMatch(/^VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/m)
    expect(problems({ VAPID_SUBJECT: 'mailto:ops@faredrop.test' })).toBe('')
  })

  it('takes the app push keys (FCM service account, APNs key with its team), refusing half of them without echoing them', () => {
    const account = { type: 'service_account', project_id: 'p', client_email: 'push@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n' }
    expect(parseEnv({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account) }).FCM_SERVICE_ACCOUNT_JSON).toMatchObject({ project_id: 'p' })
    expect(problems({ FCM_SERVICE_ACCOUNT_JSON: '{"private_key": "-----BEGIN PRIVATE KEY----- secret-bytes' })).toMatch(
      /^FCM_SERVICE_ACCOUNT_JSON: must be the JSON key file of a Firebase service account \(got a value of \d+ characters\)/m,
    )
    expect(problems({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...account, project_id: undefined }) })).toMatch(/^FCM_SERVICE_ACCOUNT_JSON\.project_id: /m)
    expect(problems({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...account, private_key: 'secret-bytes' }) })).not.toContain('secret-bytes')

    const key = '-----BEGIN PRIVATE KEY-----\\nMIGT\\n-----END PRIVATE KEY-----'
    expect(parseEnv({ APNS_KEY_ID: 'ABC123DEFG', APNS_PRIVATE_KEY: key, IOS_APP_TEAM_ID: 'TEAM123456' }).APNS_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIGT\n-----END PRIVATE KEY-----')
    expect(problems({ APNS_KEY_ID: 'ABC123DEFG', IOS_APP_TEAM_ID: 'TEAM123456' })).toMatch(/^APNS_KEY_ID: APNS_KEY_ID and APNS_PRIVATE_KEY go together/m)
    expect(problems({ APNS_KEY_ID: 'ABC123DEFG', APNS_PRIVATE_KEY: key })).toMatch(/^IOS_APP_TEAM_ID: is required with APNS_KEY_ID/m)
    expect(problems({ APNS_KEY_ID: 'ABC123DEFG', APNS_PRIVATE_KEY: 'secret-bytes', IOS_APP_TEAM_ID: 'TEAM123456' })).toMatch(
      /^APNS_PRIVATE_KEY: must be the text of the \.p8 key file \(BEGIN PRIVATE KEY\) \(got a value of 12 characters\)/m,
    )
    expect(problems({ APNS_ENVIRONMENT: 'staging' })).toMatch(/^APNS_ENVIRONMENT: /m)
  })

  it('never repeats a secret in its complaint', () => {
    const said = problems({ AUTH_SECRET: 'short-but-secret', VAPID_PRIVATE_KEY: 'not-a-key-but-secret', VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_SUBJECT: 'mailto:a@b.c' })
    expect(said).toMatch(/^AUTH_SECRET: .*\(got a value of 16 characters\)/m)
    expect(said).toMatch(/^VAPID_PRIVATE_KEY: .*\(got a value of 20 characters\)/m)
    expect(said).not.toContain('secret"')
    expect(said).not.toContain('short-but-secret')
    expect(said).not.toContain('not-a-key-but-secret')
  })

  it('tunes the price checks, and refuses a lease a provider call could outlive', () => {
    expect(parseEnv({})).toMatchObject({
      PRICE_CHECK_POLL_MS: 5_000,
      PRICE_CHECK_BATCH_SIZE: 200,
      // 90 s + a 5 s poll: a dead worker's alerts and notices are taken over within W2's 120 s.
      PRICE_CHECK_LEASE_SECONDS: 90,
      NOTIFICATION_LEASE_SECONDS: 90,
      PRICE_CHECK_CACHE_TTL_SECONDS: 1_800,
      PROVIDER_CALLS_PER_MINUTE: 60,
      PROVIDER_CALLS_PER_DAY: 5_000,
      PROVIDER_BREAKER_FAILURES: 5,
      PROVIDER_BREAKER_COOLDOWN_SECONDS: 300,
    })
    expect(parseEnv({ PROVIDER_CALLS_PER_DAY: '500', PRICE_CHECK_LEASE_SECONDS: '60', FLIGHTS_TIMEOUT_MS: '20000' })).toMatchObject({
      PROVIDER_CALLS_PER_DAY: 500,
      PRICE_CHECK_LEASE_SECONDS: 60,
    })
    expect(() => parseEnv({ PRICE_CHECK_LEASE_SECONDS: '45' })).toThrow(/PRICE_CHECK_LEASE_SECONDS: must exceed FLIGHTS_TIMEOUT_MS/)
    // A notice lease shorter than a send may take (45 s) plus a margin would let two dispatchers send it.
    expect(() => parseEnv({ NOTIFICATION_LEASE_SECONDS: '50' })).toThrow(/NOTIFICATION_LEASE_SECONDS/)
  })
})
