import { z } from 'zod'

/**
 * The local test mode's card form (decision 018): Stripe's own test numbers behave as they do in
 * Stripe's test mode, so a demo or a test reads the same on both drivers. No real card is ever
 * accepted or stored; only the brand and last four digits of a test card are kept.
 */

export type TestCardOutcome =
  /** Pays now and at every renewal. */
  | 'succeeds'
  /** Refused at checkout. */
  | 'declined'
  | 'insufficient_funds'
  /** Pays at checkout, then every renewal fails (the subscription goes past_due). */
  | 'renewals_fail'

export interface TestCard {
  number: string
  brand: string
  outcome: TestCardOutcome
  description: string
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', description: 'Payment succeeds' },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'succeeds', description: 'Payment succeeds' },
  { number: '4000000000000002', brand: 'Visa', outcome: 'declined', description: 'Card is declined' },
  { number: '4000000000009995', brand: 'Visa', outcome: 'insufficient_funds', description: 'Declined: insufficient funds' },
  { number: '4000000000000341', brand: 'Visa', outcome: 'renewals_fail', description: 'Pays now, renewals fail' },
]

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Enter the name on your card.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'Your card was declined. Test mode accepts test cards only, such as 4242 4242 4242 4242.',
} as const

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '')

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}

/** "12 / 34", "12/34" or "1234" → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim())
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/** The card form, checked the same way in the browser and on the server; `now` decides expiry. */
export function testCardSchema(now: Date) {
  return z.strictObject({
    number: z
      .string()
      .max(40)
      .transform(digitsOnly)
      .refine((d) => /^\d{12,19}$/.test(d), { message: CARD_MESSAGES.numberIncomplete })
      .refine(luhnValid, { message: CARD_MESSAGES.numberInvalid }),
    expiry: z
      .string()
      .max(10)
      .refine((v) => parseExpiry(v) !== null, { message: CARD_MESSAGES.expiryIncomplete })
      .refine(
        (v) => {
          const parsed = parseExpiry(v)
          // A card is good through the last day of its expiry month.
          return !parsed || parsed.year > now.getUTCFullYear() || (parsed.year === now.getUTCFullYear() && parsed.month >= now.getUTCMonth() + 1)
        },
        { message: CARD_MESSAGES.expiryPast },
      ),
    cvc: z.string().trim().regex(/^\d{3,4}$/, { message: CARD_MESSAGES.cvcIncomplete }),
    name: z.string().trim().min(1, { message: CARD_MESSAGES.nameRequired }).max(100),
  })
}
export type TestCardInput = z.input<ReturnType<typeof testCardSchema>>

/** What paying with a (valid) number does in test mode. */
export function testCardOutcome(digits: string): { card: TestCard } | { declined: string } {
  const card = TEST_CARDS.find((c) => c.number === digits)
  if (!card) return { declined: CARD_MESSAGES.notATestCard }
  if (card.outcome === 'declined') return { declined: CARD_MESSAGES.declined }
  if (card.outcome === 'insufficient_funds') return { declined: CARD_MESSAGES.insufficientFunds }
  return { card }
}
