import { queryOptions } from '@tanstack/react-query'
import type { PushPublicKeyResponse } from '#shared/notifications.ts'
import { api } from '../../lib/api-client.ts'

/**
 * Where notices reach the signed-in user besides email: the phone number for SMS and WhatsApp
 * (/api/me/phone) and this browser's Web Push subscription (/api/push).
 */

/** Under ['me'] so signing in or out drops it with the rest of the viewer's data. */
export const phoneQueryOptions = queryOptions({
  queryKey: ['me', 'phone'],
  queryFn: async ({ signal }) => (await api<{ phone: string | null }>('/api/me/phone', { signal })).phone,
})

export const savePhone = (phone: string) => api<{ phone: string }>('/api/me/phone', { method: 'PUT', json: { phone } })

export const removePhone = () => api<{ phone: null }>('/api/me/phone', { method: 'DELETE' })

/** The driver behind each channel: 'outbox' means this server keeps notices in its local outbox. */
export interface ChannelDrivers {
  sms: string
  whatsapp: string
  push: string
}

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => api<{ drivers: ChannelDrivers }>('/api/health', { signal }),
  // Drivers come from the server's configuration: they change only with a restart.
  staleTime: Infinity,
})

export const fetchPushPublicKey = async () => (await api<PushPublicKeyResponse>('/api/push/public-key')).publicKey

export const savePushSubscription = (subscription: PushSubscriptionJSON) => api<{ success: true }>('/api/push/subscriptions', { json: subscription })

export const deletePushSubscription = (endpoint: string) =>
  api<{ success: true }>('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } })
