/**
 * Plans, prices and limits (product spec sections 3 "Plan", 6 "Plan limits" and 9).
 * The server enforces these limits; the web app only displays them.
 */

export const PLAN_IDS = ['free', 'premium', 'elite', 'unlimited'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const NOTIFICATION_CHANNELS = ['email', 'whatsapp', 'sms', 'push'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** Check frequencies an alert can have; `custom` (Unlimited only) carries its own hour count. */
export const CHECK_FREQUENCIES = ['15d', '12h', '6h', '1h'] as const
export type CheckFrequency = (typeof CHECK_FREQUENCIES)[number]

export const CHECK_FREQUENCY_HOURS: Record<CheckFrequency, number> = {
  '15d': 15 * 24,
  '12h': 12,
  '6h': 6,
  '1h': 1,
}

export const PRICE_IDS = ['premium_monthly', 'premium_yearly', 'elite_monthly', 'elite_yearly'] as const
export type PriceId = (typeof PRICE_IDS)[number]

export type BillingInterval = 'month' | 'year'

export interface PlanLimits {
  /** `null` means no cap. */
  maxAlerts: number | null
  channels: readonly NotificationChannel[]
  /** Shortest allowed interval between two checks of one alert, in hours. */
  minCheckIntervalHours: number
  /** Unlimited may choose any interval of at least `minCheckIntervalHours` (up to 30 days). */
  customFrequency: boolean
  internationalPremiumCabins: boolean
}

export interface Plan {
  id: PlanId
  name: string
  description: string
  monthlyPrice: number | null
  yearlyPrice: number | null
  monthlyPriceId: PriceId | null
  yearlyPriceId: PriceId | null
  features: readonly string[]
  disabledFeatures: readonly string[]
  buttonText: string
  popular: boolean
  enterprise: boolean
  limits: PlanLimits
}

export const YEARLY_SAVINGS_PERCENT = 25

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For the occasional trip: a few alerts, checked twice a month.',
    monthlyPrice: 0,
    yearlyPrice: 0,
    monthlyPriceId: null,
    yearlyPriceId: null,
    features: [
      'Up to 3 price alerts',
      'Checks every 15 days',
      'Email notifications',
      'Domestic business class alerts',
      'Price history on every alert',
    ],
    disabledFeatures: ['WhatsApp, SMS and push notifications', 'International business and first class alerts'],
    buttonText: 'Start Free',
    popular: false,
    enterprise: false,
    limits: {
      maxAlerts: 3,
      channels: ['email'],
      minCheckIntervalHours: CHECK_FREQUENCY_HOURS['15d'],
      customFrequency: false,
      internationalPremiumCabins: false,
    },
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For regular travellers who want to catch a drop within hours.',
    monthlyPrice: 3.99,
    yearlyPrice: 36,
    monthlyPriceId: 'premium_monthly',
    yearlyPriceId: 'premium_yearly',
    features: [
      'Up to 15 price alerts',
      'Checks every 12 hours',
      'Email and WhatsApp notifications',
      'International business and first class alerts',
      'Price history on every alert',
    ],
    disabledFeatures: ['SMS and push notifications', 'Priority support'],
    buttonText: 'Get Premium',
    popular: true,
    enterprise: false,
    limits: {
      maxAlerts: 15,
      channels: ['email', 'whatsapp'],
      minCheckIntervalHours: CHECK_FREQUENCY_HOURS['12h'],
      customFrequency: false,
      internationalPremiumCabins: true,
    },
  },
  {
    id: 'elite',
    name: 'Elite',
    description: 'For frequent flyers who watch many routes on every channel.',
    monthlyPrice: 7.99,
    yearlyPrice: 72,
    monthlyPriceId: 'elite_monthly',
    yearlyPriceId: 'elite_yearly',
    features: [
      'Up to 30 price alerts',
      'Checks every 12 hours',
      'Email, WhatsApp, SMS and push notifications',
      'International business and first class alerts',
      'Price history on every alert',
      'Priority support and early access',
    ],
    disabledFeatures: ['Custom check frequencies'],
    buttonText: 'Get Elite',
    popular: false,
    enterprise: false,
    limits: {
      maxAlerts: 30,
      channels: ['email', 'whatsapp', 'sms', 'push'],
      minCheckIntervalHours: CHECK_FREQUENCY_HOURS['12h'],
      customFrequency: false,
      internationalPremiumCabins: true,
    },
  },
  {
    id: 'unlimited',
    name: 'Unlimited',
    description: 'For travel advisors and enterprises tracking fares for their clients.',
    monthlyPrice: null,
    yearlyPrice: null,
    monthlyPriceId: null,
    yearlyPriceId: null,
    features: [
      'Unlimited price alerts',
      'Custom check frequencies, down to every 15 minutes',
      'All notification channels',
      'White-label notifications',
      'Priority support',
    ],
    disabledFeatures: [],
    buttonText: 'Contact Sales',
    popular: false,
    enterprise: true,
    limits: {
      maxAlerts: null,
      channels: ['email', 'whatsapp', 'sms', 'push'],
      // Any interval from 15 minutes, within the reasonable-use policy (alerts/reasonable-use.ts).
      minCheckIntervalHours: 0.25,
      customFrequency: true,
      internationalPremiumCabins: true,
    },
  },
]

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id)
  if (!plan) throw new Error(`Unknown plan ${id}`)
  return plan
}

/** What a year costs against twelve monthly payments, in dollars (e.g. 11.88 for Premium). */
export function yearlySavings(plan: Plan): number {
  if (plan.monthlyPrice === null || plan.yearlyPrice === null) return 0
  return Math.round((plan.monthlyPrice * 12 - plan.yearlyPrice) * 100) / 100
}

export function priceIdFor(plan: Plan, interval: BillingInterval): PriceId | null {
  return interval === 'month' ? plan.monthlyPriceId : plan.yearlyPriceId
}
