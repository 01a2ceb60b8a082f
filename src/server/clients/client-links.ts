import { createHmac, timingSafeEqual } from 'node:crypto'
import type { ClientContact } from '#shared/clients.ts'

export type ClientLinkKind = 'confirm' | 'unsubscribe'

/**
 * The links a client opens without an account: confirm a contact (double opt-in) and unsubscribe
 * from it. The link is the credential, an HMAC-SHA256 of the client, the contact, the address and
 * the purpose under a key of its own: a link for an old address dies when the advisor changes it,
 * and a confirm link can't pass for an unsubscribe one or for another client. Links don't expire
 * (an unsubscribe link in an old email must work); a confirm link stops mattering once confirmed.
 */
export interface ClientLinks {
  url(kind: ClientLinkKind, clientId: string, contact: ClientContact, address: string): string
  verify(kind: ClientLinkKind, clientId: string, contact: ClientContact, address: string, token: string): boolean
}

export function createClientLinks({ secret, publicUrl }: { secret: string; publicUrl: string }): ClientLinks {
  const key = createHmac('sha256', secret).update('faredrop:client-link:v1').digest()
  const token = (kind: ClientLinkKind, clientId: string, contact: ClientContact, address: string) =>
    createHmac('sha256', key).update(`${kind}\n${clientId}\n${contact}\n${address}`).digest('base64url')
  return {
    url: (kind, clientId, contact, address) => `${publicUrl}/api/clients/${clientId}/${kind}?contact=${contact}&token=${token(kind, clientId, contact, address)}`,
    verify(kind, clientId, contact, address, given) {
      const expected = Buffer.from(token(kind, clientId, contact, address))
      const actual = Buffer.from(given)
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    },
  }
}
