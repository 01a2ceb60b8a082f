import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import type { DigestContent } from '../notice-content.ts'
import { SMS_MAX_LENGTH } from './alert-message.ts'
import { digestEmail } from './digest-email.ts'
import { digestPushMessage, digestSmsText, digestSubject, digestWhatsappText } from './digest-message.ts'

const ALERTS = 'https://faredrop.test/alerts'
const entry = (route: string, price: number, events = 1, name = `${route} alert`) => ({
  payload: samplePayload({ route, price, alertName: name, alertUrl: `${ALERTS}?alert=${price}` }),
  events,
  unsubscribeUrl: `https://faredrop.test/u/${price}`,
})
const digest = (...entries: ReturnType<typeof entry>[]): DigestContent => ({ kind: 'digest', entries, alertsUrl: ALERTS })

describe('daily digest words', () => {
  it('a digest of one reads like its notice, marked as the digest', () => {
    const one = digest(entry('JFK → LHR', 412))
    expect(digestSubject(one)).toBe('Daily digest: JFK → LHR now $412')
    expect(digestSmsText(one)).toBe(`FareDrop daily digest: JFK to LHR now $412, $38 (8%) below your $450 target. ${ALERTS}`)
    expect(digestPushMessage(one)).toEqual({ title: 'Daily digest: JFK → LHR now $412', body: '$38 (8%) below your $450 target', url: `${ALERTS}?alert=412` })
  })

  it('several alerts: counted in the subject, listed in the SMS, the push and WhatsApp', () => {
    const many = digest(entry('JFK → LHR', 412, 3), entry('JFK → LIS', 388))
    expect(digestSubject(many)).toBe('Daily digest: 2 alerts found fares')
    expect(digestSmsText(many)).toBe(`FareDrop daily digest, 2 alerts: JFK to LHR $412; JFK to LIS $388. ${ALERTS}`)
    expect(digestPushMessage(many)).toEqual({ title: 'Daily digest: 2 alerts found fares', body: 'JFK → LHR $412 · JFK → LIS $388', url: ALERTS })
    const whatsapp = digestWhatsappText(many)
    expect(whatsapp).toContain('*JFK → LHR now $412*\n$38 (8%) below your $450 target.')
    expect(whatsapp).toContain('Newest of 3 price events since the last digest')
    expect(whatsapp).toContain(`(Your daily digest on FareDrop: ${ALERTS})`)
  })

  it('an SMS stays within two segments, in GSM-7, with the link whole, however many alerts there are', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('JFK → LHR', 'SFO → NRT', 'Multi-city route'), fc.integer({ min: 1, max: 99_999 })), { minLength: 1, maxLength: 40 }), (rows) => {
        const text = digestSmsText(digest(...rows.map(([route, price]) => entry(route, price))))
        expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)
        expect(text.endsWith(` ${ALERTS}`)).toBe(true)
        expect(text).not.toMatch(/[→–]/)
      }),
    )
    const crowd = digest(...Array.from({ length: 30 }, (_, i) => entry('SFO → NRT', 1000 + i)))
    expect(digestSmsText(crowd)).toMatch(/; \+\d+ more\. https:\/\/faredrop\.test\/alerts$/)
  })

  it('an advisor’s client reads the advisor’s name and no FareDrop alerts page', () => {
    const client: DigestContent = { kind: 'digest', entries: [entry('JFK → LHR', 412), entry('JFK → LIS', 388)], alertsUrl: null }
    expect(digestSmsText(client, 'Lima Travel')).toMatch(/^Lima Travel daily digest, 2 alerts: .* http:\/\/localhost:3000\/search\?/)
    expect(digestWhatsappText(client, 'Lima Travel')).toContain('(Your daily fare digest from Lima Travel via FareDrop)')
  })

  it('the email has a section per alert with its own links, and escapes what travellers typed', () => {
    const mail = digestEmail(digest(entry('JFK → LHR', 412, 2, '<b>Mum</b> & me'), entry('JFK → LIS', 388)), { unsubscribeUrl: 'https://faredrop.test/d/1' })
    expect(mail.subject).toBe('Daily digest: 2 alerts found fares')
    expect(mail.html).toContain('&lt;b&gt;Mum&lt;/b&gt; &amp; me')
    expect(mail.html).not.toContain('<b>Mum</b>')
    expect(mail.text).toContain('2 of your alerts found fares you asked for since the last digest.')
    expect(mail.text).toContain('(newest of 2 price events since the last digest)')
    expect(mail.text).toContain('Stop emails for this alert: https://faredrop.test/u/412')
    expect(mail.text).toContain('Stop emails for the alerts in this digest: https://faredrop.test/d/1')
    expect(mail.text).toContain(`Open your alerts: ${ALERTS}`)
  })
})
