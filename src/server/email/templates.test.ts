import { describe, expect, it } from 'vitest'
import { SUPPORT_EMAIL } from '#shared/site.ts'
import { magicLinkEmail, passwordResetEmail, verificationEmail } from './templates.ts'
import { extractLinks } from './outbox-mailer.ts'

const url = 'https://faredrop.app/api/auth/verify-email?token=abc&callbackURL=%2Falerts'

describe('verificationEmail', () => {
  const email = verificationEmail({ firstName: 'Ana', url })

  it('has the subject, a greeting and says what confirming does', () => {
    expect(email.subject).toBe('Confirm your email for FareDrop')
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Hi Ana,')
      expect(body).toContain('Confirm email')
      expect(body).toMatch(/only works for a limited time/)
      expect(body).toMatch(/didn.*t create a FareDrop account, you can ignore this email/)
    }
  })

  it('greets without a name when none is known', () => {
    expect(verificationEmail({ url }).text).toContain('Hi there,')
    expect(verificationEmail({ firstName: '  ', url }).text).toContain('Hi there,')
  })

  it('is a branded, table-based HTML email with the URL as a button and again as text', () => {
    expect(email.html).toMatch(/^<!DOCTYPE html>/)
    expect(email.html).toContain('<table role="presentation"')
    expect(email.html).toContain('max-width:560px')
    expect(email.html).toContain('#1d4ed8')
    expect(email.html).toContain('>FareDrop</td>')
    const escapedUrl = url.replace('&', '&amp;')
    expect(email.html).toContain(`<a href="${escapedUrl}" target="_blank" style="display:inline-block;`)
    expect(email.html).toContain(`>${escapedUrl}</a>`)
    expect(email.html).not.toContain('<style')
    expect(email.html).not.toContain('<script')
  })

  it('puts the link in the text twin and the reason and support address in both footers', () => {
    expect(email.text).toContain(`Confirm email: ${url}`)
    for (const body of [email.text, email.html]) {
      expect(body).toContain('You received this because someone signed up for FareDrop with this email address.')
      expect(body).toContain(SUPPORT_EMAIL)
    }
    expect(email.text).not.toMatch(/<[a-z]/i)
  })

  it('links to nothing but the action and the support address', () => {
    expect(extractLinks(email.text, email.html)).toEqual([url])
  })

  it('escapes interpolated values in the HTML', () => {
    const hostile = verificationEmail({ firstName: '<img src=x onerror=alert(1)>', url: 'https://x.test/?a="><script>' })
    expect(hostile.html).not.toContain('<img src=x')
    expect(hostile.html).not.toContain('"><script>')
    expect(hostile.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,')
    expect(hostile.html).toContain('href="https://x.test/?a=&quot;&gt;&lt;script&gt;"')
  })
})

describe('magicLinkEmail', () => {
  it('says how long the sign-in link lasts and that it can be ignored', () => {
    const email = magicLinkEmail({ url, expiresInMinutes: 15 })
    expect(email.subject).toBe('Your FareDrop sign-in link')
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Sign in to FareDrop')
      expect(body).toContain('The link expires in 15 minutes.')
      expect(body).toMatch(/didn.*t ask to sign in, you can ignore this email/)
    }
    expect(email.text).toContain(`Sign in to FareDrop: ${url}`)
  })

  it('speaks in hours when the expiry is whole hours', () => {
    expect(magicLinkEmail({ url, expiresInMinutes: 60 }).text).toContain('expires in 1 hour.')
    expect(magicLinkEmail({ url, expiresInMinutes: 120 }).text).toContain('expires in 2 hours.')
    expect(magicLinkEmail({ url, expiresInMinutes: 90 }).text).toContain('expires in 90 minutes.')
  })
})

describe('passwordResetEmail', () => {
  it('explains the reset, its expiry and that the password stays the same otherwise', () => {
    const email = passwordResetEmail({ firstName: 'Ana', url, expiresInMinutes: 60 })
    expect(email.subject).toBe('Reset your FareDrop password')
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Hi Ana,')
      expect(body).toContain('Choose a new password')
      expect(body).toContain('The link expires in 1 hour.')
      expect(body).toMatch(/your password stays the same/)
    }
    expect(extractLinks(email.text, email.html)).toEqual([url])
  })
})
