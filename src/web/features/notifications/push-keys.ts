/**
 * The server sends its VAPID public key as base64url (no padding); PushManager.subscribe wants the
 * raw bytes of the uncompressed P-256 point.
 */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * Whether a subscription was made with the given key. Browsers that don't report the key (null)
 * count as a match: without it there is nothing to compare, and re-subscribing would only churn.
 */
export function sameKey(subscriptionKey: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!subscriptionKey) return true
  const bytes = new Uint8Array(subscriptionKey)
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i])
}
