import { generateKeyPairSync } from 'node:crypto'
import { getOrCreateSecret } from '../db/app-secrets.ts'
import type { Db } from '../db/client.ts'
import type { Env } from '../env.ts'
import type { VapidKeys } from './channels/web-push-channel.ts'

/**
 * A VAPID key pair in Web Push's format: the public key as the 65-byte uncompressed P-256 point
 * the browser takes as `applicationServerKey`, the private key as the 32-byte scalar, both
 * base64url. node:crypto makes it, so start-up doesn't load web-push.
 */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const jwk = privateKey.export({ format: 'jwk' })
  const point = Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')])
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! }
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a pair generated once and kept in
 * app_secrets like the auth secret, so browsers can subscribe on a fresh install and their
 * subscriptions stay valid when real push is switched on later (VAPID_SUBJECT) with the same keys.
 */
export async function getVapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
  const stored = await getOrCreateSecret(db, 'vapid_keys', undefined, () => JSON.stringify(generateVapidKeys()))
  return JSON.parse(stored) as VapidKeys
}
