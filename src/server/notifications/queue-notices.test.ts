import { describe, expect, it } from 'vitest'
import { dedupeKey } from './queue-notices.ts'

describe('notice keys', () => {
  it('name one notice per alert, price event and channel', () => {
    expect(dedupeKey('a1', 'obs9', 'sms')).toBe('a1:obs9:sms')
    expect(dedupeKey('a1', 'obs9', 'email')).not.toBe(dedupeKey('a1', 'obs10', 'email'))
  })
})
