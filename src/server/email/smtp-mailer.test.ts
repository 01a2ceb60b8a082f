import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

interface ReceivedMail {
  from: string | undefined
  to: string[]
  raw: string
}

const received: ReceivedMail[] = []
let server: SMTPServer
let port: number

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({ from: mailFrom ? mailFrom.address : undefined, to: rcptTo.map((r) => r.address), raw })
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

describe('createSmtpMailer', () => {
  it('delivers a multipart message with both the text and the HTML body', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'FareDrop <alerts@faredrop.app>', logger: silentLogger })
    expect(mailer.driver).toBe('smtp')

    await mailer.send({ to: 'ana@example.com', subject: 'Fares dropped', text: 'Plain body', html: '<p>HTML body</p>' })

    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail!.from).toBe('alerts@faredrop.app')
    expect(mail!.to).toEqual(['ana@example.com'])
    expect(mail!.raw).toMatch(/^To: ana@example\.com\r?$/m)
    expect(mail!.raw).toMatch(/^Subject: Fares dropped\r?$/m)
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative/m)
    expect(mail!.raw).toMatch(/Content-Type: text\/plain[^]*Plain body/)
    expect(mail!.raw).toMatch(/Content-Type: text\/html[^]*<p>HTML body<\/p>/)
  })

  it('logs the failure, without the credentials in SMTP_URL, and rethrows it', async () => {
    const logError = vi.spyOn(silentLogger, 'error')
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://mailer:s3cret@127.0.0.1:1', from: 'alerts@faredrop.app', logger: silentLogger })

    await expect(mailer.send({ to: 'ana@example.com', subject: 'Fares dropped', text: 't', html: '<p>h</p>' })).rejects.toThrow()

    expect(logError).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ana@example.com', subject: 'Fares dropped', err: expect.any(Error) }),
      'email could not be sent over SMTP',
    )
    const { err, ...fields } = logError.mock.calls[0]![0] as unknown as { err: Error }
    expect([JSON.stringify(fields), JSON.stringify(err), err.message, err.stack].join('\n')).not.toContain('s3cret')
  })
})
