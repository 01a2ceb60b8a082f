import { describe, expect, it } from 'vitest'
import { extractLinks } from './outbox-mailer.ts'

describe('extractLinks', () => {
  it('finds every http(s) URL across texts, in order, once each', () => {
    const text = 'Confirm: https://faredrop.app/verify?token=abc\nHelp: http://localhost:3000/faq'
    const html = '<a href="https://faredrop.app/verify?token=abc">Confirm</a> <img src="https://cdn.example/logo.png">'
    expect(extractLinks(text, html)).toEqual([
      'https://faredrop.app/verify?token=abc',
      'http://localhost:3000/faq',
      'https://cdn.example/logo.png',
    ])
  })

  it('decodes HTML entities so links from the HTML match those in the text', () => {
    const html = '<a href="https://faredrop.app/reset?token=a&amp;callbackURL=%2Fprofile">x</a> https://x.test/?q=&#49;&#x32;'
    expect(extractLinks('https://faredrop.app/reset?token=a&callbackURL=%2Fprofile', html)).toEqual([
      'https://faredrop.app/reset?token=a&callbackURL=%2Fprofile',
      'https://x.test/?q=12',
    ])
  })

  it('stops at quotes, brackets and whitespace and leaves sentence punctuation out', () => {
    expect(extractLinks('See <https://a.test/x>, (https://b.test/y). Or "https://c.test/z"!')).toEqual([
      'https://a.test/x',
      'https://b.test/y',
      'https://c.test/z',
    ])
  })

  it('ignores other schemes and answers an empty list when there is nothing', () => {
    expect(extractLinks('mailto:support@faredrop.app ftp://files.test', '')).toEqual([])
  })
})
