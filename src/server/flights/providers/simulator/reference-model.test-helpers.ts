import { arePartners } from '../../../reference-data/alliances.ts'
import { findCarrier } from './carriers.ts'
import type { PriceContext } from './fares.ts'
import type { LegOption } from './leg-options.ts'
import type { Cabin, FareInput, PassengerMix } from './price-model.ts'

/**
 * The simulated market's hot helpers as they were before they were optimised (2026-11), kept
 * verbatim but for their names, for tests only: the optimised code must give exactly what these
 * give, for any input, or the market's answers would change. Straightforward on purpose; do not
 * optimise these. When the model itself changes, change both.
 */

// ── hash.ts ────────────────────────────────────────────────────────────────────────────────────

export function referenceHash32(key: string): number {
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

function referenceUnit(key: string): number {
  return referenceHash32(key) / 4294967296
}

// ── time-zones.ts ──────────────────────────────────────────────────────────────────────────────

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Uncached (the original cached by zone and hour, which changes no value). */
export function referenceUtcOffsetMinutes(timeZone: string, utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS)
  let offset = 0
  try {
    const parts = formatter(timeZone).formatToParts(new Date(hour * HOUR_MS))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
    offset = Math.round((asUtc - hour * HOUR_MS) / MINUTE_MS)
  } catch {
    offset = 0
  }
  return offset
}

export function referenceLocalToUtc(date: string, minuteOfDay: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d) + minuteOfDay * MINUTE_MS
  const first = referenceUtcOffsetMinutes(timeZone, wall)
  const utc = wall - first * MINUTE_MS
  const second = referenceUtcOffsetMinutes(timeZone, utc)
  return second === first ? utc : wall - second * MINUTE_MS
}

export function referenceFormatLocal(utcMs: number, timeZone: string): string {
  const local = new Date(utcMs + referenceUtcOffsetMinutes(timeZone, utcMs) * MINUTE_MS).toISOString()
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`
}

export function referenceLocalDate(utcMs: number, timeZone: string): string {
  return new Date(utcMs + referenceUtcOffsetMinutes(timeZone, utcMs) * MINUTE_MS).toISOString().slice(0, 10)
}

export function referenceLocalMinuteOfDay(utcMs: number, timeZone: string): number {
  const local = utcMs + referenceUtcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS)
}

export function referenceAddDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

export function referenceDaysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)
}

// ── price-model.ts ─────────────────────────────────────────────────────────────────────────────

const CABIN_MULTIPLIERS: Readonly<Record<Cabin, number>> = { 1: 1, 2: 1.6, 3: 3.5, 4: 6 }

function baseFareUsd(distanceKm: number): number {
  return 40 + 0.5 * Math.max(0, distanceKm) ** 0.8
}

const BOOKING_CURVE: ReadonlyArray<readonly [days: number, factor: number]> = [
  [0, 1.85],
  [3, 1.6],
  [7, 1.4],
  [14, 1.18],
  [21, 1.02],
  [35, 0.95],
  [56, 0.97],
  [90, 1.02],
  [180, 1.08],
  [330, 1.12],
]

export function referenceBookingCurve(daysToDeparture: number): number {
  const days = Math.max(0, daysToDeparture)
  for (let i = 1; i < BOOKING_CURVE.length; i++) {
    const [d1, f1] = BOOKING_CURVE[i]!
    if (days <= d1) {
      const [d0, f0] = BOOKING_CURVE[i - 1]!
      return f0 + ((f1 - f0) * (days - d0)) / (d1 - d0)
    }
  }
  return BOOKING_CURVE[BOOKING_CURVE.length - 1]![1]
}

const WEEKDAY = [1.06, 1.02, 0.94, 0.95, 1.02, 1.08, 0.97] as const

export function referenceWeekdayFactor(date: string): number {
  return WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!
}

const SEASON = [0.9, 0.88, 0.95, 1, 1.02, 1.12, 1.18, 1.15, 0.98, 0.97, 0.92, 1.08] as const

export function referenceSeasonFactor(date: string): number {
  const month = Number(date.slice(5, 7))
  const day = Number(date.slice(8, 10))
  if (month === 12 && day >= 19) return 1.22
  return SEASON[month - 1] ?? 1
}

function passengerMultiplier(p: PassengerMix): number {
  return p.adults + 0.75 * p.children + 0.7 * p.infantsInSeat + 0.1 * p.infantsOnLap
}

function stopsFactor(stops: number): number {
  return stops <= 0 ? 1 : stops === 1 ? 0.82 : 0.72
}

function carrierFactor(carrier: string, profileFactor: number): number {
  return profileFactor * (0.97 + 0.06 * referenceUnit(`carrier|${carrier}`))
}

function bell(key: string): number {
  const h = referenceHash32(key)
  const a = (h & 0x3ff) / 1023
  const b = ((h >>> 10) & 0x3ff) / 1023
  const c = ((h >>> 20) & 0x3ff) / 1023
  return (a + b + c) / 1.5 - 1
}

export function referenceMarketNoise(fareKey: string, at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS)
  const day = Math.floor(hour / 24)
  const t = (hour - day * 24) / 24
  const slow = bell(`${fareKey}|d${day}`) * (1 - t) + bell(`${fareKey}|d${day + 1}`) * t
  const fast = bell(`${fareKey}|h${hour}`)
  return Math.exp(0.14 * slow + 0.04 * fast)
}

export function referenceDaysToDeparture(travelDate: string, now: Date, timeZone = 'UTC'): number {
  return referenceDaysBetween(referenceLocalDate(now.getTime(), timeZone), travelDate)
}

export function referenceAdultFareUsd(input: FareInput): number {
  return (
    baseFareUsd(input.distanceKm) *
    CABIN_MULTIPLIERS[input.cabin] *
    referenceBookingCurve(referenceDaysToDeparture(input.travelDate, input.now, input.originTimeZone)) *
    referenceWeekdayFactor(input.travelDate) *
    referenceSeasonFactor(input.travelDate) *
    stopsFactor(input.stops) *
    input.carrier *
    (input.noise === false ? 1 : referenceMarketNoise(input.noiseKey, input.now))
  )
}

function bagsUsd(bags: number, lowCost: boolean, legFareUsd: number): number {
  if (bags <= 0) return 0
  return lowCost ? 30 * bags : 0.015 * bags * legFareUsd
}

// ── fares.ts ───────────────────────────────────────────────────────────────────────────────────

function codes(list: string): string[] {
  return list
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
}

function shockFactor(option: LegOption, ctx: Pick<PriceContext, 'shocks' | 'now'>): number {
  let factor = 1
  for (const shock of ctx.shocks) {
    if (shock.until.getTime() <= ctx.now.getTime()) continue
    if (shock.departureDate && shock.departureDate !== option.date) continue
    if (!codes(shock.from).includes(option.from.iata) || !codes(shock.to).includes(option.to.iata)) continue
    if (Number.isFinite(shock.factor) && shock.factor > 0) factor *= shock.factor
  }
  return factor
}

export function referenceSoldCabin(option: LegOption, cabin: Cabin): Cabin {
  const top = Math.min(...option.carriers.map((c) => findCarrier(c)?.topCabin ?? 3)) as Cabin
  return cabin <= top ? cabin : top
}

export function referenceLegTotalUsd(
  option: LegOption,
  ctx: PriceContext,
  opts: { at?: Date; travelDate?: string; shocks?: boolean; noise?: boolean } = {},
): number {
  const at = opts.at ?? ctx.now
  const travelDate = opts.travelDate ?? option.date
  const main = findCarrier(option.mainCarrier)
  const cabin = referenceSoldCabin(option, ctx.cabin)
  const adult = referenceAdultFareUsd({
    distanceKm: option.directKm,
    cabin,
    stops: option.stops,
    carrier: carrierFactor(option.mainCarrier, main?.priceFactor ?? 1),
    travelDate,
    originTimeZone: option.from.timeZone,
    now: at,
    noiseKey: `${option.key}|c${cabin}`,
    noise: opts.noise !== false,
  })
  const party = adult * passengerMultiplier(ctx.passengers)
  const shock = opts.shocks === false ? 1 : shockFactor(option, { shocks: ctx.shocks, now: at })
  return (party + bagsUsd(ctx.bags, main?.kind === 'lcc', adult)) * shock
}

export function referenceSellsTogether(options: readonly LegOption[]): boolean {
  const carriers = [...new Set(options.flatMap((o) => o.carriers))]
  return carriers.every((c) => arePartners(carriers[0]!, c))
}
