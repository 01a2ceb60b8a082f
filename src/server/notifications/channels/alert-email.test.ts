import { describe, expect, it } from 'vitest'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { alertEmail, unsubscribeHeaders } from './alert-email.ts'
import { HISTORY_MAX_BARS, priceHistoryBlock } from './price-history.ts'

const UNSUBSCRIBE = 'https://faredrop.test/api/alerts/a1/unsubscribe?token=t'

describe('alertEmail', () => {
  const email = alertEmail(samplePayload(), { unsubscribeUrl: UNSUBSCRIBE })

  it('has the subject, the price, the drop, the trip and the itinerary in brief', () => {
    expect(email.subject).toBe('Price drop: JFK → LHR now $412')
    for (const part of ['$412', '$38 (8%) below your $450 target', 'Mar 5, one way', 'BA 117 · nonstop · 7h 10m', 'JFK → LHR Route Alert']) {
      expect(email.html).toContain(part)
      expect(email.text).toContain(part)
    }
  })

  it('says what the alert found in the words of its rule (decision 051)', () => {
    expect(email.text).toContain('Your alert "JFK → LHR Route Alert" found a fare at or below your target.')
    const drop = alertEmail(samplePayload({ price: 575, rule: { trigger: 'drop', baselinePrice: 639, dropPercent: 10 } }), { unsubscribeUrl: UNSUBSCRIBE })
    expect(drop.text).toContain('Your alert "JFK → LHR Route Alert" found the 10% drop you asked for.')
    expect(drop.text).toContain('$575: $64 (10%) under the $639 when you set it.')
    const low = alertEmail(samplePayload({ price: 560, rule: { trigger: 'new_low', baselinePrice: 639, dropPercent: null } }), { unsubscribeUrl: UNSUBSCRIBE })
    expect(low.subject).toBe('New low: JFK → LHR now $560')
    expect(low.html).toContain('found a new lowest price since tracking began.')
  })

  it('links "Search now", "Book this fare" and the unsubscribe page in both bodies', () => {
    const fare = 'http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price&pick=BA117.2027-03-05'
    const booked = alertEmail(samplePayload({ bookingUrl: fare }), { unsubscribeUrl: UNSUBSCRIBE })
    expect(booked.html).toMatch(/<a href="http:\/\/localhost:3000\/search\?from=JFK&amp;to=LHR&amp;date=2027-03-05&amp;sort=price"[^>]*>Search now<\/a>/)
    expect(booked.html).toMatch(/<a href="http:\/\/localhost:3000\/search\?from=JFK&amp;to=LHR&amp;date=2027-03-05&amp;sort=price&amp;pick=BA117\.2027-03-05"[^>]*>Book this fare<\/a>/)
    expect(booked.html).toContain(`<a href="${UNSUBSCRIBE}"`)
    expect(booked.text).toContain('Search now: http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price')
    expect(booked.text).toContain(`Book this fare: ${fare}`)
    expect(booked.text).toContain(`Stop emails for this alert: ${UNSUBSCRIBE}`)
    expect(alertEmail(samplePayload({ bookingUrl: null }), { unsubscribeUrl: UNSUBSCRIBE }).html).not.toContain('Book this fare')
  })

  it('shows "Book this fare" as a second button beside "Search now", wrapping on narrow screens', () => {
    const booked = alertEmail(samplePayload({ bookingUrl: 'https://faredrop.test/search?pick=BA117.2027-03-05' }), { unsubscribeUrl: UNSUBSCRIBE })
    const row = /<table role="presentation" width="100%"[^>]*><tr><td>\n([\s\S]*?)<\/td><\/tr><\/table>/.exec(booked.html)?.[1] ?? ''
    expect(row.match(/<table role="presentation" align="left"/g)).toHaveLength(2)
    expect(row.indexOf('>Search now</a>')).toBeLessThan(row.indexOf('>Book this fare</a>'))
    expect(row.indexOf('>Search now</a>')).toBeGreaterThan(-1)
    // Without a booking link the single button is as before.
    expect(alertEmail(samplePayload({ bookingUrl: null }), { unsubscribeUrl: UNSUBSCRIBE }).html).not.toContain('<table role="presentation" align="left"')
  })

  it('draws the price history with table cells only: no SVG, no images, no scripts', () => {
    expect(email.html).toContain('role="img" aria-label="Price history: Lowest $412 on Jan 12')
    expect(email.html).not.toMatch(/<svg|<img|<script|<canvas|url\(/i)
    expect(email.text).toContain('Recent prices, oldest first: $520, $480, $412.')
  })

  it('escapes what came from the alert', () => {
    const hostile = alertEmail(samplePayload({ alertName: '<script>alert(1)</script>', itinerarySummary: '"><img src=x>' }), { unsubscribeUrl: UNSUBSCRIBE })
    expect(hostile.html).not.toContain('<script>alert')
    expect(hostile.html).not.toContain('<img src=x>')
    expect(hostile.html).toContain('&lt;script&gt;')
  })
})

describe('priceHistoryBlock', () => {
  it('draws nothing for fewer than two prices', () => {
    expect(priceHistoryBlock([{ price: 1, recordedAt: '2027-01-01T00:00:00Z' }], { targetPrice: 2, currency: 'USD' })).toBeNull()
  })

  it('keeps the most recent bars, taller for dearer fares, green at or below the target', () => {
    const history = Array.from({ length: 20 }, (_, i) => ({ price: 400 + i * 10, recordedAt: new Date(Date.UTC(2027, 0, i + 1)).toISOString() }))
    const block = priceHistoryBlock(history, { targetPrice: 470, currency: 'USD' })!
    const heights = [...block.html.matchAll(/<td height="(\d+)" bgcolor="(#[0-9a-f]+)"/g)].map((m) => ({ h: Number(m[1]), color: m[2] }))
    expect(heights).toHaveLength(HISTORY_MAX_BARS)
    expect(heights.map((bar) => bar.h)).toEqual([...heights.map((bar) => bar.h)].sort((a, b) => a - b))
    expect(heights[0]!.h).toBe(6)
    expect(heights.at(-1)!.h).toBe(64)
    // Prices 460 and 470 are at or below the target of 470; the rest (480…590) above it.
    expect(heights.filter((bar) => bar.color === '#15803d')).toHaveLength(2)
  })

  it('draws equal prices as a flat row', () => {
    const flat = priceHistoryBlock(
      [
        { price: 300, recordedAt: '2027-01-01T00:00:00Z' },
        { price: 300, recordedAt: '2027-01-02T00:00:00Z' },
      ],
      { targetPrice: 350, currency: 'USD' },
    )!
    expect([...flat.html.matchAll(/<td height="(\d+)"/g)].map((m) => m[1])).toEqual(['35', '35'])
  })
})

describe('unsubscribeHeaders', () => {
  it('are RFC 8058 one-click headers', () => {
    expect(unsubscribeHeaders(UNSUBSCRIBE)).toEqual({ 'List-Unsubscribe': `<${UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  })
})
