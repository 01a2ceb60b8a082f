/**
 * Deterministic randomness for the simulated market. Everything random is a pure function of a
 * string key, so the same query at the same hour gives the same answer (no Math.random anywhere).
 */

/** 32-bit FNV-1a over the key's UTF-16 code units, finished with murmur3's avalanche step. */
export function hash32(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
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
