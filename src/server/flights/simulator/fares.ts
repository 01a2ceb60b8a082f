import { arePartners } from '../reference-data/alliances.ts'
import { findCarrier } from './carriers.ts'
import { fromUsd } from './currencies.ts'
import type { LegOption } from './leg-options.ts'
import {
  adultFareUsd,
  bagsUsd,
  carrierFactor,
  INTERLINE_FACTOR,
  MULTI_CITY_FACTOR,
  passengerMultiplier,
  ROUND_TRIP_FACTOR,
  type Cabin,
  type PassengerMix,
} from './price-model.ts'

/**
 * Prices of legs and whole trips for one query at one moment: the price model applied to the
 * flights of a leg, the passengers, bags, currency and any admin price shocks.
 */

/**
 * An admin-applied price shock: multiplies fares of legs from any of `from` to any of `to`
 * (comma lists of IATA codes), optionally only on one departure date, until `until`. It applies in
 * that direction only: a shock on LHR→JFK leaves JFK→LHR alone, so a demo can move one side of a
 * route and watch an alert on exactly that side.
 */
export interface SimulatedPriceShock {
  from: string
  to: string
  departureDate?: string | null
  factor: number
  until: Date
}

export interface PriceContext {
  cabin: Cabin
  passengers: PassengerMix
  bags: number
  currency: string
  now: Date
  shocks: readonly SimulatedPriceShock[]
}

function codes(list: string): string[] {
  return list
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean)
}

export function shockFactor(option: LegOption, ctx: Pick<PriceContext, 'shocks' | 'now'>): number {
  let factor = 1
  for (const shock of ctx.shocks) {
    if (shock.until.getTime() <= ctx.now.getTime()) continue
    if (shock.departureDate && shock.departureDate !== option.date) continue
    if (!codes(shock.from).includes(option.from.iata) || !codes(shock.to).includes(option.to.iata)) continue
    if (Number.isFinite(shock.factor) && shock.factor > 0) factor *= shock.factor
  }
  return factor
}

/** The cabin a leg is actually sold in: first falls back to business on airlines without first. */
export function soldCabin(option: LegOption, cabin: Cabin): Cabin {
  const top = Math.min(...option.carriers.map((c) => findCarrier(c)?.topCabin ?? 3)) as Cabin
  return cabin <= top ? cabin : top
}

export interface LegPriceOptions {
  /** Price as if searched at this moment (price history); default ctx.now. */
  at?: Date
  /** Price as if the leg left on this date (typical range samples); default the leg's date. */
  travelDate?: string
  /** Apply admin shocks (only to the present, never to history). Default true. */
  shocks?: boolean
  /** Apply market noise. Default true; false gives the typical fare (insights rank options by it). */
  noise?: boolean
}

/** The whole party's fare for one leg, in USD, unrounded. */
export function legTotalUsd(option: LegOption, ctx: PriceContext, opts: LegPriceOptions = {}): number {
  const at = opts.at ?? ctx.now
  const travelDate = opts.travelDate ?? option.date
  const main = findCarrier(option.mainCarrier)
  const cabin = soldCabin(option, ctx.cabin)
  const adult = adultFareUsd({
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

/** True when every airline of the trip sells the others' flights (one airline or one alliance). */
export function sellsTogether(options: readonly LegOption[]): boolean {
  const carriers = [...new Set(options.flatMap((o) => o.carriers))]
  return carriers.every((c) => arePartners(carriers[0]!, c))
}

/** A round trip's total for an outbound and a return, in USD. */
export function roundTripUsd(outUsd: number, returnUsd: number, together: boolean): number {
  return (outUsd + returnUsd) * ROUND_TRIP_FACTOR * (together ? 1 : INTERLINE_FACTOR)
}

export function multiCityUsd(legsUsd: readonly number[]): number {
  return legsUsd.reduce((a, b) => a + b, 0) * MULTI_CITY_FACTOR
}

/** USD → whole units of the requested currency. */
export function inCurrency(usd: number, ctx: Pick<PriceContext, 'currency'>): number {
  return fromUsd(usd, ctx.currency)
}
