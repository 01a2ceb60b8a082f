import type { z } from 'zod'
import type { clientNoticeSchema, clientSchema } from '#shared/api-v1/client-responses.ts'
import type { createClientSchema, updateClientSchema } from '#shared/clients.ts'
import { ALERT_ID } from './alert-examples.ts'
import { exampleTime as time } from './example-dates.ts'

/**
 * The client operations' examples for the OpenAPI document: Ana Lima, the client whose trip the
 * alert examples follow, added with an email address and a phone for WhatsApp, confirming her
 * email, then moving to a new address. Typed by the schemas they illustrate, and parsed by them
 * in openapi.db.test.ts (which also sends the create and change as they are).
 */

export const CLIENT_ID = '7d4e2b91-0c3f-4a6d-8e5b-2f9a1c7d3e60'

// 555-01xx: numbers set aside for fiction.
export const createClientExample: z.input<typeof createClientSchema> = {
  name: 'Ana Lima',
  email: 'ana.lima@example.com',
  phone: '+12125550147',
  channels: ['email', 'whatsapp'],
}

const added = time(-2, 14, 3)

/** Just added: both contacts asked to confirm, neither yet confirmed. */
export const createdClientExample: z.output<typeof clientSchema> = {
  id: CLIENT_ID,
  name: 'Ana Lima',
  email: 'ana.lima@example.com',
  phone: '+12125550147',
  channels: ['email', 'whatsapp'],
  emailStatus: 'pending',
  phoneStatus: 'pending',
  alertCount: 0,
  confirmationSentAt: added,
  createdAt: added,
}

/** A day later: she confirmed her email, not yet her phone, and has an alert. */
export const clientExample: z.output<typeof clientSchema> = { ...createdClientExample, emailStatus: 'confirmed', alertCount: 1 }

/** Asked again: the phone is still waiting. */
export const resentClientExample: z.output<typeof clientSchema> = { ...clientExample, confirmationSentAt: time(-1, 9, 30) }

export const updateClientExample: z.input<typeof updateClientSchema> = { email: 'ana@limatravel.example' }

/** The new address starts over: pending, and asked at once. */
export const updatedClientExample: z.output<typeof clientSchema> = { ...clientExample, email: 'ana@limatravel.example', emailStatus: 'pending', confirmationSentAt: time(0, 8, 12) }

export const clientNoticesExample: z.output<typeof clientNoticeSchema>[] = [
  {
    id: '9b2e4f10-3c5d-4a8e-b7f1-6d0c2a9e8b34',
    alertId: ALERT_ID,
    alertName: 'Ana Lima: New York to Lisbon',
    clientId: CLIENT_ID,
    clientName: 'Ana Lima',
    channel: 'email',
    status: 'sent',
    attempts: 1,
    note: null,
    price: 468,
    currency: 'USD',
    createdAt: time(0, 0, 5),
    sentAt: time(0, 0, 6),
  },
  {
    id: '2c8d6a3e-5f71-4b09-a4e2-8d1f3b6c9a57',
    alertId: ALERT_ID,
    alertName: 'Ana Lima: New York to Lisbon',
    clientId: CLIENT_ID,
    clientName: 'Ana Lima',
    channel: 'whatsapp',
    status: 'skipped',
    attempts: 1,
    note: 'the client has not confirmed their phone number yet',
    price: 468,
    currency: 'USD',
    createdAt: time(0, 0, 5),
    sentAt: null,
  },
]
