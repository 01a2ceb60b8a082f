import { PHONE_CODE_MESSAGES, PHONE_CODE_RULES } from '#shared/phone-verification.ts'

const SECOND = 1000
export const HOUR_MS = 3600 * SECOND

/** Why another code can't be sent yet, and for how long (the 429's Retry-After). */
export interface CodeSendWait {
  seconds: number
  message: string
}

/**
 * Each code is a paid text to a number the user typed: at most one a minute (a double click, an
 * impatient retry) and five an hour (SMS pumping, pestering someone else's phone). Given when the
 * user's recent codes were sent, the wait before the next; null when one may go now.
 */
export function nextCodeWait(sentAt: readonly Date[], now: Date): CodeSendWait | null {
  const nowMs = now.getTime()
  const recent = sentAt
    .map((date) => date.getTime())
    .filter((time) => time > nowMs - HOUR_MS)
    .sort((a, b) => a - b)
  if (recent.length === 0) return null
  const cooldownEnds = recent.at(-1)! + PHONE_CODE_RULES.resendAfterSeconds * SECOND
  // The hour's oldest code that still counts leaves the window first.
  const hourlyEnds = recent.length >= PHONE_CODE_RULES.maxPerHour ? recent.at(-PHONE_CODE_RULES.maxPerHour)! + HOUR_MS : 0
  const seconds = (until: number) => Math.max(1, Math.ceil((until - nowMs) / SECOND))
  if (hourlyEnds > nowMs && hourlyEnds >= cooldownEnds) {
    const wait = seconds(hourlyEnds)
    return { seconds: wait, message: PHONE_CODE_MESSAGES.hourly(Math.ceil(wait / 60)) }
  }
  if (cooldownEnds > nowMs) {
    const wait = seconds(cooldownEnds)
    return { seconds: wait, message: PHONE_CODE_MESSAGES.wait(wait) }
  }
  return null
}

/**
 * The per-number cap, across every account: without it, many sign-ups could each send their five
 * codes an hour to one phone (pestering its owner, or SMS pumping on a premium-rate number).
 * Given when codes went to the number within the hour, the wait; null when one may go now.
 */
export function nextNumberWait(sentAt: readonly Date[], now: Date): CodeSendWait | null {
  const nowMs = now.getTime()
  const recent = sentAt
    .map((date) => date.getTime())
    .filter((time) => time > nowMs - HOUR_MS)
    .sort((a, b) => a - b)
  if (recent.length < PHONE_CODE_RULES.maxPerNumberPerHour) return null
  const wait = Math.max(1, Math.ceil((recent.at(-PHONE_CODE_RULES.maxPerNumberPerHour)! + HOUR_MS - nowMs) / SECOND))
  return { seconds: wait, message: PHONE_CODE_MESSAGES.numberHourly(Math.ceil(wait / 60)) }
}
