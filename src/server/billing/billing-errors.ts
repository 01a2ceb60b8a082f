import { BILLING_MESSAGES } from '#shared/billing.ts'
import { getPlan, type PlanId } from '#shared/plans.ts'
import { AppError } from '../lib/app-error.ts'

export const planUnavailable = () => new AppError('bad_request', BILLING_MESSAGES.planUnavailable, { fieldErrors: { priceId: [BILLING_MESSAGES.planUnavailable] } })

export const redirectOffSite = (field: string) =>
  new AppError('validation_failed', BILLING_MESSAGES.redirectOffSite, { fieldErrors: { [field]: [BILLING_MESSAGES.redirectOffSite] } })

export const alreadySubscribed = (plan: PlanId | null) =>
  new AppError('conflict', `You already have ${plan ? `the ${getPlan(plan).name} plan` : 'a subscription'}. Use Manage billing to change it.`)

/** A provider call that failed: the spec's message for the action, the cause kept for the log. */
export const providerFailed = (message: string, cause: unknown) => new AppError('upstream_failed', message, { cause })

export const noSubscription = (message: string) => new AppError('not_found', message)
