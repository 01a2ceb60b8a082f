import { queryOptions } from '@tanstack/react-query'
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
  queryFn: ({ signal }) => api('GET /api/me/phone', { signal }),
})

/** Saves the number; a new number comes back unverified with a code on its way. */
export const savePhone = (phone: string) => api('PUT /api/me/phone', { json: { phone } })

export const removePhone = () => api('DELETE /api/me/phone')

/** "Resend code" (429 with Retry-After while the limits hold). */
export const sendPhoneCode = () => api('POST /api/me/phone/code')

export const verifyPhoneCode = (code: string) => api('POST /api/me/phone/verify', { json: { code } })

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => api('GET /api/health', { signal }),
  // Drivers come from the server's configuration: they change only with a restart.
  staleTime: Infinity,
})

export const fetchPushPublicKey = async () => (await api('GET /api/push/public-key')).publicKey

/** The signed-in user's registered devices, and how many of their live alerts send push. */
export const fetchPushSubscriptions = (signal?: AbortSignal) => api('GET /api/push/subscriptions', { signal })

export const savePushSubscription = (subscription: PushSubscriptionJSON) => api('POST /api/push/subscriptions', { json: subscription })

export const deletePushSubscription = (endpoint: string, signal?: AbortSignal) =>
  api('DELETE /api/push/subscriptions', { json: { endpoint }, ...(signal ? { signal } : {}) })
