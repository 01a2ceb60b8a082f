import { describe, expect, it } from 'vitest'
import { CARD_MESSAGES, luhnValid, parseExpiry, TEST_CARDS, testCardOutcome, testCardSchema } from './test-cards.ts'

const now = new Date('2026-11-25T12:00:00Z')
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ana Lima' }
const messages = (input: Record<string, string>) => {
  const result = testCardSchema(now).safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('test-mode card form', () => {
  it("carries Stripe's test numbers (all Luhn-valid) and their outcomes", () => {
    expect(TEST_CARDS.every((card) => luhnValid(card.number))).toBe(true)
    expect(testCardOutcome('4242424242424242')).toMatchObject({ card: { brand: 'Visa', outcome: 'succeeds' } })
    expect(testCardOutcome('4000000000000002')).toEqual({ declined: CARD_MESSAGES.declined })
    expect(testCardOutcome('4000000000009995')).toEqual({ declined: CARD_MESSAGES.insufficientFunds })
    // A real-looking card is never charged in test mode.
    expect(testCardOutcome('4111111111111111')).toEqual({ declined: CARD_MESSAGES.notATestCard })
  })

  it('checks number, expiry, CVC and name with the messages a checkout shows', () => {
    expect(messages(valid)).toEqual([])
    expect(messages({ ...valid, number: '4242 4242' })).toEqual([CARD_MESSAGES.numberIncomplete])
    expect(messages({ ...valid, number: '4242 4242 4242 4241' })).toEqual([CARD_MESSAGES.numberInvalid])
    expect(messages({ ...valid, expiry: '13/30' })).toEqual([CARD_MESSAGES.expiryIncomplete])
    expect(messages({ ...valid, expiry: '10/26' })).toEqual([CARD_MESSAGES.expiryPast])
    expect(messages({ ...valid, expiry: '11/26' })).toEqual([])
    expect(messages({ ...valid, cvc: '12' })).toEqual([CARD_MESSAGES.cvcIncomplete])
    expect(messages({ ...valid, name: '  ' })).toEqual([CARD_MESSAGES.nameRequired])
    expect(messages({ ...valid, extra: 'x' } as Record<string, string>).length).toBe(1)
    expect(parseExpiry('0530')).toEqual({ month: 5, year: 2030 })
  })
})
