import { describe, expect, it } from 'vitest'
import { fnvChar, fnvFinish, fnvInt, fnvStart, fnvText, hash32, mulberry32 } from './hash.ts'
import { referenceHash32 } from './reference-model.test-helpers.ts'

/** hash32 pins every random choice of the market: it and its pieces must hash exactly as before. */

const rand = mulberry32(11)

function randomText(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789|@-._ abcdefghijklmnopqrstuvwxyzéü€中'
  const length = Math.floor(rand() * 60)
  let text = ''
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(rand() * alphabet.length)]
  return text
}

describe('hash32 and its incremental pieces', () => {
  const texts = ['', 'a', 'carrier|BA', 'BA117@2026-12-10|AA100@2026-12-10|c1|d20432', ...Array.from({ length: 500 }, randomText)]

  it('hashes like the original FNV-1a + murmur3 finish', () => {
    expect(texts.map(hash32)).toEqual(texts.map(referenceHash32))
  })

  it('continues a prefix: hash32(a + b) is fnvFinish(fnvText(fnvText(fnvStart(), a), b))', () => {
    for (let i = 0; i + 1 < texts.length; i += 2) {
      const [a, b] = [texts[i]!, texts[i + 1]!]
      expect(fnvFinish(fnvText(fnvText(fnvStart(), a), b))).toBe(referenceHash32(a + b))
      if (b.length > 0) expect(fnvFinish(fnvChar(fnvText(fnvStart(), a), b.charCodeAt(0)))).toBe(referenceHash32(a + b[0]))
    }
  })

  it('reads a number as String(n) would print it', () => {
    const numbers = [0, -0, 1, 9, 10, 11, 99, 100, 101, 999_999, 1_000_000, 20_432, 490_373, -1, -10, -20_432, 2_147_483_647, -2_147_483_647]
    // Outside int32, or not an integer: the string path.
    numbers.push(-2_147_483_648, 2_147_483_648, 1e21, 1e-7, 0.5, -3.25, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER)
    for (let i = 0; i < 2_000; i++) numbers.push(Math.floor((rand() - 0.5) * 2 ** (1 + Math.floor(rand() * 33))))
    const prefix = fnvText(fnvStart(), 'BA117@2026-12-10|c1|d')
    expect(numbers.map((n) => fnvFinish(fnvInt(prefix, n)))).toEqual(numbers.map((n) => referenceHash32(`BA117@2026-12-10|c1|d${n}`)))
  })
})
