import { CHECK_FREQUENCIES, CHECK_FREQUENCY_HOURS, getPlan, type NotificationChannel, type PlanId } from '../plans.ts'
import { effectiveRole, ROLE_RANK } from '../roles.ts'

/**
 * Who may create which alert (spec section 6): plan caps, channels, check frequencies and premium
 * cabins. Pure rules: the server enforces them on every write, the web app uses them to lock
 * options and explain why.
 */

/** The premium reasons of section 6, in the order the spec lists them. */
export const PREMIUM_REASONS = [
  'sms_notifications',
  'whatsapp_notifications',
  'international_business',
  'international_first',
  'high_frequency_check',
  'quota_exceeded',
] as const
export type PremiumReason = (typeof PREMIUM_REASONS)[number]

export const PREMIUM_REASON_LABEL: Record<PremiumReason, string> = {
  sms_notifications: 'SMS notifications',
  whatsapp_notifications: 'WhatsApp notifications',
  international_business: 'International business class',
  international_first: 'International first class',
  high_frequency_check: 'High-frequency checks',
  quota_exceeded: 'Alert quota exceeded',
}

/** The cheapest plan that lifts each reason, for "Upgrade to …" prompts. */
export const PREMIUM_REASON_PLAN: Record<PremiumReason, PlanId> = {
  sms_notifications: 'elite',
  whatsapp_notifications: 'premium',
  international_business: 'premium',
  international_first: 'premium',
  high_frequency_check: 'premium',
  quota_exceeded: 'premium',
}

/**
 * The plan whose limits apply: the higher of the profile's role and subscription tier; admins
 * count as Unlimited (decision 007).
 */
export function planForProfile(profile: { role?: string | null; subscription_tier?: string | null }): PlanId {
  const role = effectiveRole(profile.role)
  if (role === 'admin') return 'unlimited'
  const tier = effectiveRole(profile.subscription_tier)
  const best = ROLE_RANK[tier] > ROLE_RANK[role] ? tier : role
  return best === 'admin' ? 'unlimited' : best
}

/**
 * "15d", "12h", "6h", "1h", or an Unlimited custom interval such as "45m", "3h" or "2d" (15
 * minutes to 30 days; decision 040).
 */
export const CHECK_FREQUENCY_PATTERN = /^([1-9]\d{0,4})(m|h|d)$/
export const MIN_CHECK_MINUTES = 15
export const MAX_CHECK_MINUTES = 30 * 24 * 60
const UNIT_MINUTES = { m: 1, h: 60, d: 24 * 60 } as const

/** Minutes between two checks for a frequency string, or null when it is not one (or outside 15 minutes to 30 days). */
export function checkFrequencyMinutes(frequency: string): number | null {
  const match = CHECK_FREQUENCY_PATTERN.exec(frequency)
  if (!match) return null
  const minutes = Number(match[1]) * UNIT_MINUTES[match[2] as keyof typeof UNIT_MINUTES]
  return minutes >= MIN_CHECK_MINUTES && minutes <= MAX_CHECK_MINUTES ? minutes : null
}

/** Hours between two checks (a quarter for "15m"), or null when it is not a frequency. */
export function checkFrequencyHours(frequency: string): number | null {
  const minutes = checkFrequencyMinutes(frequency)
  return minutes === null ? null : minutes / 60
}

/** The named frequencies a plan may pick (custom intervals are Unlimited's extra). */
export function allowedFrequencies(plan: PlanId): readonly string[] {
  const { minCheckIntervalHours } = getPlan(plan).limits
  return CHECK_FREQUENCIES.filter((frequency) => CHECK_FREQUENCY_HOURS[frequency] >= minCheckIntervalHours)
}

export function frequencyAllowed(plan: PlanId, frequency: string): boolean {
  const hours = checkFrequencyHours(frequency)
  if (hours === null) return false
  const { minCheckIntervalHours, customFrequency } = getPlan(plan).limits
  if (hours < minCheckIntervalHours) return false
  return customFrequency || (CHECK_FREQUENCIES as readonly string[]).includes(frequency)
}

export function channelAllowed(plan: PlanId, channel: NotificationChannel): boolean {
  return getPlan(plan).limits.channels.includes(channel)
}

/** Travel class codes of the alert search parameters: 3 business, 4 first. */
const CABIN_REASON: Partial<Record<number, PremiumReason>> = { 3: 'international_business', 4: 'international_first' }

export interface AlertFeatures {
  channels: Partial<Record<NotificationChannel, boolean>>
  checkFrequency: string
  travelClass: number
  /** Any leg between two countries (the server decides from its airport data). */
  international: boolean
}

/** What an alert uses beyond the given plan, quota aside. */
export function premiumReasons(plan: PlanId, features: AlertFeatures): PremiumReason[] {
  const reasons = new Set<PremiumReason>()
  if (features.channels.sms && !channelAllowed(plan, 'sms')) reasons.add('sms_notifications')
  if (features.channels.whatsapp && !channelAllowed(plan, 'whatsapp')) reasons.add('whatsapp_notifications')
  // Push is an Elite channel without a reason of its own in the spec; it reads as SMS's tier.
  if (features.channels.push && !channelAllowed(plan, 'push')) reasons.add('sms_notifications')
  const cabinReason = CABIN_REASON[features.travelClass]
  if (cabinReason && features.international && !getPlan(plan).limits.internationalPremiumCabins) reasons.add(cabinReason)
  if (!frequencyAllowed(plan, features.checkFrequency)) reasons.add('high_frequency_check')
  return PREMIUM_REASONS.filter((reason) => reasons.has(reason))
}

/** Section 3 "alert_category": premium when the alert uses anything the Free plan lacks. */
export function alertCategory(features: AlertFeatures): 'premium' | 'other' {
  return premiumReasons('free', features).length > 0 ? 'premium' : 'other'
}

/** The spec's "Quota status" plus what the page shows. */
export interface QuotaStatus {
  isPremiumUser: boolean
  canCreateFreeAlert: boolean
  /** Alerts counting against the cap (QUOTA_STATUSES). */
  used: number
  /** Alerts still watched (active, triggered, at risk): the number on the Alerts badge. */
  active: number
  /** null: no cap. */
  limit: number | null
  tier: PlanId
}

/** Alerts that count against the cap: everything not archived, expired or disabled. */
export const QUOTA_STATUSES = ['active', 'paused', 'triggered', 'at_risk'] as const

/** `canCreateFreeAlert` is true while the user is under their plan's cap (any plan, not only Free). */
export function quotaStatus(plan: PlanId, counts: { used: number; active: number }): QuotaStatus {
  const limit = getPlan(plan).limits.maxAlerts
  const underCap = limit === null || counts.used < limit
  return { isPremiumUser: plan !== 'free', canCreateFreeAlert: underCap, used: counts.used, active: counts.active, limit, tier: plan }
}

/**
 * Section 6 "Creating an alert": allowed while the quota loads; otherwise only when premium (and
 * under its cap) or able to create a free alert; with no quota data not allowed.
 */
export function canCreateAlert(quota: { status: 'loading' } | { status: 'ready'; data: QuotaStatus | null }): boolean {
  if (quota.status === 'loading') return true
  if (!quota.data) return false
  return quota.data.canCreateFreeAlert
}
