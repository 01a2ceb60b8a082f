import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, publicUrl } from './env.ts'

describe('parseEnv', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './.data',
      CAPTCHA_PROVIDER: 'altcha',
      ADMIN_EMAILS: [],
      TRUST_PROXY: false,
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
      expect(problems).toMatch(/^TRUST_PROXY: must be true or false/m)
    }
  })

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(publicUrl(parseEnv({ PUBLIC_URL: 'https://faredrop.example/' }))).toBe('https://faredrop.example')
  })
})
