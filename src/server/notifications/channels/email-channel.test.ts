import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { samplePayload } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createSmtpMailer } from '../../email/smtp-mailer.ts'
import { ChannelError, type NotificationRecipient } from '../channel-driver.ts'
import { createEmailChannel, messageIdFor } from './email-channel.ts'

/** Email notices over real SMTP to smtp-server on 127.0.0.1, read back from the raw message. */

interface ReceivedMail {
  to: string[]
  raw: string
}

const received: ReceivedMail[] = []
let server: SMTPServer
let port: number

const recipient: NotificationRecipient = {
  userId: 'u1',
  email: 'ana@example.com',
  phone: null,
  pushSubscriptions: [],
  nativePushDevices: [],
  unsubscribeUrl: 'http://localhost:3000/api/alerts/4f1c2b7e-0000-4000-8000-000000000001/unsubscribe?token=abc_DEF-123',
}

/** The raw message's header block, unfolded, as name → value. */
function headersOf(raw: string): Map<string, string> {
  const block = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return new Map(block.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
}

/** The decoded body of the MIME part with this content type (quoted-printable or base64). */
function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^"\s;]+)"?/i.exec(raw)![1]!
  const part = raw.split(`--${boundary}`).find((p) => new RegExp(`Content-Type: ${type.replace('/', '\\/')}`, 'i').test(p))!
  const [head, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
  const body = rest.join('\r\n\r\n').replace(/\r?\n$/, '')
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body, 'base64').toString('utf8')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      // A mailbox that doesn't exist: a permanent (5xx) refusal, as real servers answer.
      if (address.address.startsWith('nobody@')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  received.length = 0
})

const channel = () =>
  createEmailChannel({
    mailer: createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'FareDrop <alerts@faredrop.app>', logger: silentLogger }),
    messageIdDomain: 'faredrop.test',
  })

describe('email channel over SMTP', () => {
  it('delivers the notice with RFC 8058 one-click unsubscribe headers and both bodies', async () => {
    const result = await channel().send(samplePayload(), recipient, 'alert-1:event-1:email')

    expect(received).toHaveLength(1)
    const mail = received[0]!
    expect(mail.to).toEqual(['ana@example.com'])
    const headers = headersOf(mail.raw)
    expect(headers.get('list-unsubscribe')).toBe(`<${recipient.unsubscribeUrl}>`)
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(decodeWords(headers.get('subject')!)).toBe('Price drop: JFK → LHR now $412')
    expect(headers.get('message-id')).toBe(messageIdFor('alert-1:event-1:email', 'faredrop.test'))
    expect(result.providerMessageId).toBe(headers.get('message-id'))

    const html = partOf(mail.raw, 'text/html')
    expect(html).toContain('$412')
    expect(html).toContain('$38 (8%) below your $450 target')
    expect(html).toMatch(/>Search now<\/a>/)
    expect(html).toContain('href="https://seller.example/book?id=1"')
    expect(html).toContain('role="img" aria-label="Price history')
    expect(html).toContain(`href="${recipient.unsubscribeUrl}"`)
    expect(html).not.toMatch(/<svg|<img/i)

    const text = partOf(mail.raw, 'text/plain')
    expect(text).toContain('$412: $38 (8%) below your $450 target.')
    expect(text).toContain('Search now: http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price')
    expect(text).toContain(`Stop emails for this alert: ${recipient.unsubscribeUrl}`)
  })

  it('keeps the Message-ID of a retried notice, so inboxes can fold the duplicate', async () => {
    await channel().send(samplePayload(), recipient, 'alert-1:event-2:email')
    await channel().send(samplePayload(), recipient, 'alert-1:event-2:email')
    const [first, second] = received.map((mail) => headersOf(mail.raw).get('message-id'))
    expect(first).toBe(second)
  })

  it('reports a refused mailbox as final and a server it cannot reach as passing', async () => {
    const refused = await channel()
      .send(samplePayload(), { ...recipient, email: 'nobody@example.com' }, 'k')
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ChannelError)
    expect((refused as ChannelError).retryable).toBe(false)

    const unreachable = createEmailChannel({
      mailer: createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'alerts@faredrop.app', logger: silentLogger }),
      messageIdDomain: 'faredrop.test',
    })
    const down = await unreachable.send(samplePayload(), recipient, 'k').catch((error: unknown) => error)
    expect(down).toBeInstanceOf(ChannelError)
    expect((down as ChannelError).retryable).toBe(true)
  })
})
