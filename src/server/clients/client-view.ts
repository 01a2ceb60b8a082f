import type { ClientView, ContactStatus } from '#shared/clients.ts'
import type { clients } from '../db/schema.ts'

export type ClientRow = typeof clients.$inferSelect

export function contactStatus(address: string | null, confirmedAt: Date | null, unsubscribedAt: Date | null): ContactStatus {
  if (!address) return 'none'
  if (unsubscribedAt) return 'unsubscribed'
  return confirmedAt ? 'confirmed' : 'pending'
}

export const emailStatus = (row: ClientRow) => contactStatus(row.email, row.emailConfirmedAt, row.emailUnsubscribedAt)
export const phoneStatus = (row: ClientRow) => contactStatus(row.phone, row.phoneConfirmedAt, row.phoneUnsubscribedAt)

export function toClientView(row: ClientRow, alertCount: number): ClientView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    channels: row.channels,
    emailStatus: emailStatus(row),
    phoneStatus: phoneStatus(row),
    alertCount,
    confirmationSentAt: row.confirmationSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}
