import { describe, expect, it } from 'vitest'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { alertSubject, bagsLine, describeDates, describeDrop, pushMessage, SMS_MAX_LENGTH, smsText, whatsappText } from './alert-message.ts'

const SHORT = 'https://faredrop.test/alerts'

describe('notice words', () => {
  it('name the route and the new price in the subject', () => {
    expect(alertSubject(samplePayload())).toBe('Price drop: JFK → LHR now $412')
    expect(alertSubject(samplePayload({ route: 'Multi-city route', alertName: 'JFK Multi-City Route Alert' }))).toBe(
      'Price drop: JFK Multi-City Route Alert now $412',
    )
  })

  it('state the drop against the target (section 9 percentage)', () => {
    expect(describeDrop(samplePayload())).toBe('$38 (8%) below your $450 target')
    expect(describeDrop(samplePayload({ price: 450, dropPercent: null }))).toBe('at your $450 target')
    expect(describeDrop(samplePayload({ price: 399.5, dropPercent: 11 }))).toBe('$50.50 (11%) below your $450 target')
    expect(describeDrop(samplePayload({ currency: 'EUR' }))).toBe('€38 (8%) below your €450 target')
  })

  it('say the drop from the price when the alert was set, for drop and new-low rules (decision 051)', () => {
    const drop = samplePayload({ price: 575, targetPrice: 575.1, rule: { trigger: 'drop', baselinePrice: 639, dropPercent: 10 } })
    expect(describeDrop(drop)).toBe('$64 (10%) under the $639 when you set it')
    expect(alertSubject(drop)).toBe('Price drop: JFK → LHR now $575')
    const low = samplePayload({ price: 560, targetPrice: 639, rule: { trigger: 'new_low', baselinePrice: 639, dropPercent: null } })
    expect(describeDrop(low)).toBe('a new low, $79 (12%) under the $639 when you set it')
    expect(alertSubject(low)).toBe('New low: JFK → LHR now $560')
    // Every channel says the same.
    expect(smsText(low, SHORT)).toContain('FareDrop: JFK to LHR now $560, a new low, $79 (12%) under the $639 when you set it.')
    expect(whatsappText(low)).toContain('A new low, $79 (12%) under the $639 when you set it.')
    expect(pushMessage(low)).toMatchObject({ title: 'New low: JFK → LHR now $560', body: expect.stringMatching(/^A new low, \$79 \(12%\) under the \$639 when you set it/) })
  })

  it('give the dates of one-way and round trips', () => {
    expect(describeDates(samplePayload())).toBe('Mar 5, one way')
    expect(describeDates(samplePayload({ returnDate: '2027-03-12' }))).toBe('Mar 5 – Mar 12')
    expect(describeDates(samplePayload({ departureDate: null }))).toBeNull()
  })
})

describe('smsText', () => {
  it('is short, GSM-7 friendly and ends with the search link', () => {
    const text = smsText(samplePayload(), SHORT)
    expect(text).toBe(
      'FareDrop: JFK to LHR now $412, $38 (8%) below your $450 target. Mar 5, one way. http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price',
    )
    expect(text).not.toMatch(/[→–]/)
  })

  it('carries one link only, the search link, even when the notice has a booking link', () => {
    const fare = 'http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price&pick=BA117.2027-03-05'
    const text = smsText(samplePayload({ bookingUrl: fare }), SHORT)
    expect(text.match(/https?:\/\//g)).toHaveLength(1)
    expect(text.endsWith(' http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price')).toBe(true)
  })

  it('falls back to the short link, then drops details, never exceeding 320 characters', () => {
    const longUrl = `https://faredrop.test/search?${'x'.repeat(300)}`
    const text = smsText(samplePayload({ searchUrl: longUrl }), SHORT)
    expect(text.endsWith(` ${SHORT}`)).toBe(true)
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)

    const huge = smsText(samplePayload({ searchUrl: longUrl, route: 'Multi-city route', alertName: 'A'.repeat(400) }), SHORT)
    expect(huge.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)
    expect(huge.endsWith(` ${SHORT}`)).toBe(true)
  })
})

describe('whatsappText', () => {
  it('has the price, the drop, the trip and both links', () => {
    expect(whatsappText(samplePayload())).toBe(
      [
        '*Price drop: JFK → LHR now $412*',
        '$38 (8%) below your $450 target.',
        'Mar 5, one way',
        'BA 117 · nonstop · 7h 10m',
        'Search now: http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price',
        'Book: https://seller.example/book?id=1',
        '(JFK → LHR Route Alert on FareDrop)',
      ].join('\n'),
    )
    expect(whatsappText(samplePayload({ bookingUrl: null }))).not.toContain('Book:')
  })

  it('links the fare itself as "Book", after "Search now"', () => {
    const fare = 'http://localhost:3000/search?trip=one-way&from=JFK&to=LHR&depart=2027-03-05&class=economy&adults=1&sort=2&pick=BA117.2027-03-05'
    const lines = whatsappText(samplePayload({ bookingUrl: fare })).split('\n')
    expect(lines.filter((line) => line.includes('http'))).toEqual([
      'Search now: http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price',
      `Book: ${fare}`,
    ])
  })
})

describe('pushMessage', () => {
  it('is {title, body, url} with the alert as the click target', () => {
    expect(pushMessage(samplePayload({ alertUrl: 'http://localhost:3000/alerts?alert=a1' }))).toEqual({
      title: 'Price drop: JFK → LHR now $412',
      body: '$38 (8%) below your $450 target · Mar 5, one way · BA 117 · nonstop · 7h 10m',
      url: 'http://localhost:3000/alerts?alert=a1',
    })
  })

  it('opens the search for a notice queued before notices named their alert', () => {
    expect(pushMessage(samplePayload({ alertUrl: undefined })).url).toBe('http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price')
  })
})

describe('a bag-inclusive notice (decision 055)', () => {
  it('shows the fare and the bags in every channel', () => {
    const p = samplePayload({ price: 482, bags: { fare: 412, items: [{ kind: 'carry_on', count: 1, price: null }, { kind: 'checked', count: 1, price: 70 }] } })
    const line = '$412 fare + $70 for 1 checked bag per traveller; 1 carry-on per traveller in the fare'
    expect(bagsLine(p)).toBe(line)
    expect(whatsappText(p)).toContain(line)
    expect(pushMessage(p).body).toContain(line)
    expect(smsText(p, SHORT)).toContain(line)
    expect(bagsLine(samplePayload())).toBeNull()
  })
})
