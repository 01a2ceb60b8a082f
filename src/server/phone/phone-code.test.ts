import { describe, expect, it } from 'vitest'
import { PHONE_CODE_MESSAGES, verifyPhoneSchema } from '#shared/phone-verification.ts'
import { hashPhoneCode, newPhoneCode, phoneCodeMatches } from './phone-code.ts'
import { nextCodeWait } from './phone-code-limits.ts'

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2027, 0, 1, 12, minutes, seconds))

describe('phone codes', () => {
  it('are six random digits, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, newPhoneCode)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(190)
  })

  it('are kept as a keyed hash bound to the user and the number', () => {
    const attempt = { userId: 'u1', phone: '+14155550100', code: '012345' }
    const stored = hashPhoneCode('key', attempt)
    expect(stored).not.toContain('012345')
    expect(phoneCodeMatches('key', stored, attempt)).toBe(true)
    expect(phoneCodeMatches('key', stored, { ...attempt, code: '012346' })).toBe(false)
    expect(phoneCodeMatches('key', stored, { ...attempt, userId: 'u2' })).toBe(false)
    expect(phoneCodeMatches('key', stored, { ...attempt, phone: '+14155550101' })).toBe(false)
    expect(phoneCodeMatches('other key', stored, attempt)).toBe(false)
  })

  it('are typed as six digits, spaces allowed', () => {
    expect(verifyPhoneSchema.parse({ code: ' 012 345 ' })).toEqual({ code: '012345' })
    for (const code of ['01234', '0123456', '01234a', '']) {
      expect(verifyPhoneSchema.safeParse({ code }).error?.issues[0]?.message, code).toBe(PHONE_CODE_MESSAGES.format)
    }
  })
})

describe('nextCodeWait', () => {
  it('lets the first code go, then one a minute', () => {
    expect(nextCodeWait([], at(0))).toBeNull()
    expect(nextCodeWait([at(0)], at(0, 1))).toEqual({ seconds: 59, message: PHONE_CODE_MESSAGES.wait(59) })
    expect(nextCodeWait([at(0)], at(0, 59.5))).toEqual({ seconds: 1, message: PHONE_CODE_MESSAGES.wait(1) })
    expect(nextCodeWait([at(0)], at(1))).toBeNull()
  })

  it('allows five in any hour, the sixth once the oldest of them is an hour old', () => {
    const sent = [at(0), at(10), at(20), at(30), at(40)]
    expect(nextCodeWait(sent, at(41))).toEqual({ seconds: 19 * 60, message: PHONE_CODE_MESSAGES.hourly(19) })
    expect(nextCodeWait(sent, at(59, 30))).toEqual({ seconds: 30, message: PHONE_CODE_MESSAGES.hourly(1) })
    expect(nextCodeWait(sent, at(60))).toBeNull()
    // Older codes than the hour don't count.
    expect(nextCodeWait([new Date(at(0).getTime() - 3_600_000), ...sent.slice(1)], at(41))).toBeNull()
  })

  it('names the longer wait when both limits hold', () => {
    // The hour frees a slot at 13:00:00, the minute only at 13:00:30.
    expect(nextCodeWait([at(0), at(1), at(2), at(3), at(59, 30)], at(59, 40))).toEqual({ seconds: 50, message: PHONE_CODE_MESSAGES.wait(50) })
    expect(nextCodeWait([at(0), at(1), at(2), at(3), at(4)], at(4, 10))?.message).toBe(PHONE_CODE_MESSAGES.hourly(56))
  })
})
