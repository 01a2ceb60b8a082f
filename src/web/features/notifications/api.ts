import { queryOptions } from '@tanstack/react-query'
import type { PushPublicKeyResponse, PushSubscriptionsResponse } from '#shared/notifications.ts'
import type { PhoneState } from '#shared/phone-verification.ts'
import { api } from '../../lib/api-client.ts'

/**
 * Where notices reach the signed-in user besides email: the phone number for SMS and WhatsApp
 * (/api/me/phone) and this browser's Web Push subscription (/api/push).
 */

/**
 * The number, whether it is verified and the code in flight (decision 015). Under ['me'] so
 * signing in or out drops it with the rest of the viewer's data.
 */
export const phoneQueryOptions = queryOptions({
  queryKey: ['me', 'phone'],
  queryFn: ({ signal }) => api<PhoneState>('/api/me/phone', { signal }),
})

/** Saves the number; a new number comes back unverified with a code on its way. */
export const savePhone = (phone: string) => api<PhoneState>('/api/me/phone', { method: 'PUT', json: { phone } })

export const removePhone = () => api<PhoneState>('/api/me/phone', { method: 'DELETE' })

/** "Resend code" (429 with Retry-After while the limits hold). */
export const sendPhoneCode = () => api<PhoneState>('/api/me/phone/code', { method: 'POST' })

export const verifyPhoneCode = (code: string) => api<PhoneState>('/api/me/phone/verify', { json: { code } })

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

/** The signed-in user's registered devices, and how many of their live alerts send push. */
export const fetchPushSubscriptions = (signal?: AbortSignal) => api<PushSubscriptionsResponse>('/api/push/subscriptions', { signal })

export const savePushSubscription = (subscription: PushSubscriptionJSON) => api<{ success: true }>('/api/push/subscriptions', { json: subscription })

export const deletePushSubscription = (endpoint: string, signal?: AbortSignal) =>
  api<{ success: true }>('/api/push/subscriptions', { method: 'DELETE', json: { endpoint }, ...(signal ? { signal } : {}) })
