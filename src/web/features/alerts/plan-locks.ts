import { useQuery } from '@tanstack/react-query'
import { channelAllowed, frequencyAllowed, planForProfile, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { PLANS, type NotificationChannel, type Plan, type PlanId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import { meQueryOptions } from '../../lib/session.ts'

/**
 * Which options the signed-in user's plan locks, and what would unlock them. The server enforces
 * the same rules (alert-rules.ts); these only explain them before the user hits a 403.
 */

/**
 * Where upgrade prompts send people (always signed in): the profile's Subscription section, whose
 * plan cards start checkout (or a switch) in one step.
 */
export const UPGRADE_PATH = `${PATHS.profile}#subscription`

/** The plan whose limits apply to the signed-in user (role or subscription tier, whichever is higher). */
export function usePlan(): PlanId {
  const { data } = useQuery(meQueryOptions)
  return data ? planForProfile(data.profile) : 'free'
}

export interface Lock {
  reason: PremiumReason
  /** The cheapest plan that unlocks it. */
  plan: Plan
}

/** Push has no premium reason of its own; the server reports it as SMS's (decision 012). */
const CHANNEL_REASON: Partial<Record<NotificationChannel, PremiumReason>> = {
  sms: 'sms_notifications',
  whatsapp: 'whatsapp_notifications',
  push: 'sms_notifications',
}

export function channelLock(plan: PlanId, channel: NotificationChannel): Lock | null {
  const reason = CHANNEL_REASON[channel]
  if (!reason || channelAllowed(plan, channel)) return null
  const unlocking = PLANS.find((candidate) => channelAllowed(candidate.id, channel))
  return unlocking ? { reason, plan: unlocking } : null
}

export function frequencyLock(plan: PlanId, frequency: string): Lock | null {
  if (frequencyAllowed(plan, frequency)) return null
  const unlocking = PLANS.find((candidate) => frequencyAllowed(candidate.id, frequency))
  return unlocking ? { reason: 'high_frequency_check', plan: unlocking } : null
}
