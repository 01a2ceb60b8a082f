import type { Alliance } from '#shared/flights/search-params.ts'
import { allianceOf } from '../../../reference-data/alliances.ts'
import { findCarrier } from './carriers.ts'
import { fromUsd } from './currencies.ts'
import type { LegOption } from './leg-options.ts'
import {
  bagsUsd,
  carrierFactor,
  fareAt,
  fareBasis,
  INTERLINE_FACTOR,
  MULTI_CITY_FACTOR,
  passengerMultiplier,
  ROUND_TRIP_FACTOR,
  type Cabin,
  type FareBasis,
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
  return shockFactorAt(option, ctx.shocks, ctx.now.getTime())
}

function shockFactorAt(option: LegOption, shocks: readonly SimulatedPriceShock[], atMs: number): number {
  let factor = 1
  for (const shock of shocks) {
    if (shock.until.getTime() <= atMs) continue
    if (shock.departureDate && shock.departureDate !== option.date) continue
    if (!codes(shock.from).includes(option.from.iata) || !codes(shock.to).includes(option.to.iata)) continue
    if (Number.isFinite(shock.factor) && shock.factor > 0) factor *= shock.factor
  }
  return factor
}

/**
 * What pricing needs about one leg option, worked out on first use and kept with the option: a
 * search prices each option at ~100 moments (price insights) and pairs every outbound with every
 * return, so carrier lookups, the noise key's hash and the base fare are done once, not each time.
 * A WeakMap: an option's facts go when leg-options.ts drops the option from its cache.
 */
interface OptionFacts {
  /** The lowest top cabin among the option's airlines. */
  topCabin: Cabin
  /** The option's only airline, when one airline flies all of it. */
  soleCarrier: string | undefined
  /** The alliance all of its airlines belong to, when they share one. */
  alliance: Alliance | undefined
  /** Fares by requested cabin (index 1–4); the same for every query and moment. */
  fares: Array<LegFare | undefined>
}

interface LegFare {
  basis: FareBasis
  lowCost: boolean
}

const optionFacts = new WeakMap<LegOption, OptionFacts>()

function factsOf(option: LegOption): OptionFacts {
  let facts = optionFacts.get(option)
  if (!facts) {
    const alliances = new Set(option.carriers.map((c) => allianceOf(c)))
    facts = {
      topCabin: Math.min(...option.carriers.map((c) => findCarrier(c)?.topCabin ?? 3)) as Cabin,
      soleCarrier: option.carriers.length === 1 ? option.carriers[0] : undefined,
      alliance: alliances.size === 1 ? [...alliances][0] : undefined,
      fares: [],
    }
    optionFacts.set(option, facts)
  }
  return facts
}

/** The cabin a leg is actually sold in: first falls back to business on airlines without first. */
export function soldCabin(option: LegOption, cabin: Cabin): Cabin {
  const top = factsOf(option).topCabin
  return cabin <= top ? cabin : top
}

function legFare(option: LegOption, requested: Cabin): LegFare {
  const facts = factsOf(option)
  let fare = facts.fares[requested]
  if (!fare) {
    const main = findCarrier(option.mainCarrier)
    const cabin = soldCabin(option, requested)
    fare = {
      basis: fareBasis({
        distanceKm: option.directKm,
        cabin,
        stops: option.stops,
        carrier: carrierFactor(option.mainCarrier, main?.priceFactor ?? 1),
        originTimeZone: option.from.timeZone,
        noiseKey: `${option.key}|c${cabin}`,
      }),
      lowCost: main?.kind === 'lcc',
    }
    facts.fares[requested] = fare
  }
  return fare
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
  return legUsdAt(option, ctx, (opts.at ?? ctx.now).getTime(), opts.travelDate ?? option.date, opts.shocks !== false, opts.noise !== false)
}

/** legTotalUsd with its settings as plain arguments, for loops that price a leg many times (insights). */
export function legUsdAt(option: LegOption, ctx: PriceContext, atMs: number, travelDate: string, shocks: boolean, noise: boolean): number {
  const fare = legFare(option, ctx.cabin)
  const adult = fareAt(fare.basis, travelDate, atMs, noise)
  const party = adult * passengerMultiplier(ctx.passengers)
  const shock = shocks ? shockFactorAt(option, ctx.shocks, atMs) : 1
  return (party + bagsUsd(ctx.bags, fare.lowCost, adult)) * shock
}

/**
 * True when every airline of the trip sells the others' flights (one airline or one alliance):
 * each airline is the first option's first airline or in its alliance.
 */
export function sellsTogether(options: readonly LegOption[]): boolean {
  if (options.length === 0) return true
  const first = options[0]!.carriers[0]!
  const alliance = allianceOf(first)
  return options.every((option) => sellsWith(first, alliance, factsOf(option)))
}

/** True when all of an option's airlines sell `first`'s flights: `first` itself or in its alliance. */
function sellsWith(first: string, alliance: Alliance | undefined, facts: OptionFacts): boolean {
  return alliance === undefined ? facts.soleCarrier === first : facts.alliance === alliance
}

/**
 * sellsTogether([outbound, ret]) for each of a round trip's returns, given the outbound: the
 * first step pairs every outbound with every return, so the returns' airlines are looked up once.
 */
export function returnsSoldWith(returns: readonly LegOption[]): (outbound: LegOption) => boolean[] {
  const returnFacts = returns.map(factsOf)
  return (outbound) => {
    const first = outbound.carriers[0]!
    const alliance = allianceOf(first)
    const outboundSells = sellsWith(first, alliance, factsOf(outbound))
    return returnFacts.map((facts) => outboundSells && sellsWith(first, alliance, facts))
  }
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
