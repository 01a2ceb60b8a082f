/**
 * Deterministic randomness for the simulated market. Everything random is a pure function of a
 * string key, so the same query at the same hour gives the same answer (no Math.random anywhere).
 */

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/**
 * 32-bit FNV-1a over the key's UTF-16 code units, finished with murmur3's avalanche step.
 * The FNV part is split out (fnvStart, fnvText, fnvInt, fnvFinish) so a hot path can hash a long
 * fixed prefix once and continue it with a short variable part:
 * hash32(a + b) === fnvFinish(fnvText(fnvText(fnvStart(), a), b)).
 */
export function hash32(key: string): number {
  return fnvFinish(fnvText(FNV_OFFSET, key))
}

/** FNV state of the empty string. */
export function fnvStart(): number {
  return FNV_OFFSET
}

/** The FNV state after also reading `text`. */
export function fnvText(state: number, text: string): number {
  let h = state
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, FNV_PRIME)
  }
  return h
}

/** The FNV state after also reading one UTF-16 code unit. */
export function fnvChar(state: number, code: number): number {
  return Math.imul(state ^ code, FNV_PRIME)
}

/** fnvText(state, String(n)) without building the string: hour and day numbers in hot keys. */
export function fnvInt(state: number, n: number): number {
  // Integers of int32 range only; anything else (never in the simulator's keys) takes the string.
  if (!Number.isInteger(n) || n <= -2147483648 || n > 2147483647) return fnvText(state, String(n))
  let h = state
  let rest = n
  if (rest < 0) {
    h = Math.imul(h ^ 45, FNV_PRIME) // '-'
    rest = -rest
  }
  // Most significant digit first, in int32 arithmetic only (a double % is a slow library call).
  let scale = 1
  while (scale * 10 <= rest) scale *= 10
  for (; scale >= 1; scale = (scale / 10) | 0) {
    const digit = (rest / scale) | 0
    rest -= digit * scale
    h = Math.imul(h ^ (48 + digit), FNV_PRIME)
  }
  return h
}

/** murmur3's avalanche: the finished 32-bit hash (unsigned) of an FNV state. */
export function fnvFinish(state: number): number {
  let h = state
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A number in [0, 1) fixed by the key. */
export function unit(key: string): number {
  return hash32(key) / 4294967296
}

/** An integer in [min, max] fixed by the key. */
export function intBetween(key: string, min: number, max: number): number {
  return min + Math.floor(unit(key) * (max - min + 1))
}

/** One element of a non-empty list, fixed by the key. */
export function pick<T>(key: string, list: readonly T[]): T {
  return list[Math.floor(unit(key) * list.length)]!
}

/** mulberry32: a small seeded PRNG for when one key needs a stream of numbers. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 8 hex digits of the key's hash (ids and checksums). */
export function hex32(key: string): string {
  return hash32(key).toString(16).padStart(8, '0')
}
