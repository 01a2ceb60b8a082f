import type { QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { getPlan, type NotificationChannel, type Plan } from '#shared/plans.ts'

const CHANNEL_NAMES: Partial<Record<NotificationChannel, string>> = { whatsapp: 'WhatsApp', sms: 'SMS', push: 'push' }

/** "WhatsApp, SMS and push" */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** Clauses joined as a sentence reads them: "A", "A and B", "A, B, and C". */
function sentenceOf(clauses: readonly string[]): string {
  if (clauses.length <= 2) return clauses.join(' and ')
  return `${clauses.slice(0, -1).join(', ')}, and ${clauses.at(-1)}`
}

/** "every 15 days", "every 12 hours" */
function everyText(hours: number): string {
  if (hours % 24 === 0) return `every ${hours / 24} day${hours === 24 ? '' : 's'}`
  return `every ${hours} hour${hours === 1 ? '' : 's'}`
}

/**
 * What returning to Free does to this user, as the cancel confirmation says it (the server's
 * applyPlanLimits does the same at the period end): the newest running alerts over Free's cap are
 * paused, the channels Free lacks switch off, and checks slow down. `quota` is the alert quota if
 * it loaded; `endsOn` the formatted period end.
 */
export function downgradeSummary({ from, endsOn, quota }: { from: Plan; endsOn: string | null; quota: QuotaStatus | null | undefined }): string {
  const free = getPlan('free')
  const cap = free.limits.maxAlerts ?? Infinity
  const clauses: string[] = []

  if (!quota) {
    clauses.push(`alerts over the ${free.name} limit of ${cap} will be paused (the newest; nothing is deleted)`)
  } else if (quota.active > cap) {
    // Only running alerts take a slot (alerts the user paused stay paused); the count is of those.
    const alerts = quota.active === quota.used ? 'alerts' : 'running alerts'
    clauses.push(`${quota.active - cap} of your ${quota.active} ${alerts} will be paused (the newest; nothing is deleted)`)
  } else if (quota.active > 0) {
    clauses.push(quota.active === 1 ? 'your alert keeps running' : `your ${quota.active} alerts keep running`)
  }

  const lost = from.limits.channels.filter((c) => !free.limits.channels.includes(c)).map((c) => CHANNEL_NAMES[c] ?? c)
  if (lost.length > 0) clauses.push(`${listOf(lost)} notices switch off`)
  if (from.limits.minCheckIntervalHours < free.limits.minCheckIntervalHours) {
    clauses.push(`checks slow to ${everyText(free.limits.minCheckIntervalHours)}`)
  }

  const when = endsOn ? `On ${endsOn}` : 'At the end of your billing period'
  return `${when} your plan returns to ${free.name}: ${sentenceOf(clauses)}.`
}
