/** An email as every driver receives it: always both an HTML and a plain-text body. */
export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export type EmailDriver = 'outbox' | 'smtp'

/** Sends email through the configured driver (SMTP when SMTP_URL is set, else the local outbox). */
export interface Mailer {
  driver: EmailDriver
  send(message: EmailMessage): Promise<void>
}
