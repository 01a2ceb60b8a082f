import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { authMailQuotas } from '../db/schema.ts'

/**
 * Security target A12: account mail to one inbox is limited, whoever asks and from wherever.
 * At most 5 account emails an hour reach one inbox, and one kind (a verification, a reset, a magic
 * link) at most once a minute: a traveller who signs up and then asks for a reset at once gets
 * both, a script that asks 30 times gets one (decision 027).
 *
 * A refused email is simply not sent. The answer to the request does not change (the mail goes
 * out after the answer, auth.ts), so the limit tells a caller nothing about the address.
 */
export const AUTH_MAIL_PER_HOUR = 5
export const AUTH_MAIL_SPACING_MS = 60_000
const HOUR_MS = 60 * 60_000

export type AuthMailKind = 'verification' | 'password-reset' | 'magic-link' | 'sign-in-code' | 'factor-setup-code'

/**
 * The inbox an address reaches: case folded, and a `+tag` dropped, since most providers deliver
 * `victim+1@…` and `victim+2@…` to the same person (magic links go to addresses with no account).
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  const local = address.slice(0, at).split('+')[0] || address.slice(0, at)
  return `${local}${address.slice(at)}`
}

/** Takes one send from `key`'s window of `windowMs` holding `limit`; false when the window is full. */
export async function takeFromWindow(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  const t = authMailQuotas
  const windowOver = sql`${t.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`
  // One statement: concurrent requests for one inbox queue on its row, so the count is exact.
  const taken = await db
    .insert(t)
    .values({ key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${t.windowStartedAt} END`,
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${t.count} + 1 END`,
      },
      setWhere: sql`${windowOver} OR ${t.count} < ${limit}`,
    })
    .returning({ key: t.key })
  return taken.length > 0
}

/** Whether one more `kind` email may go to `email` now; counts it if so. */
export async function mayMailInbox(db: Db, email: string, kind: AuthMailKind, now: Date): Promise<boolean> {
  const inbox = inboxOf(email)
  if (!(await takeFromWindow(db, `${kind}:${inbox}`, 1, AUTH_MAIL_SPACING_MS, now))) return false
  return takeFromWindow(db, `inbox:${inbox}`, AUTH_MAIL_PER_HOUR, HOUR_MS, now)
}
