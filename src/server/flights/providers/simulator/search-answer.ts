import type { SerpFlightsResponse, SerpItinerary } from '../serpapi/serp-types.ts'
import { ProviderError } from '../provider.ts'
import type { PriceContext } from './fares.ts'
import { unit } from './hash.ts'
import { airportInfo, itineraryJson } from './itinerary-json.ts'
import { buildPool, type LegPool } from './leg-pool.ts'
import type { LegOption } from './leg-options.ts'
import { priceInsights } from './price-insights.ts'
import { rank, type PricedOption } from './ranking.ts'
import { SIMULATED_ID, type MarketQuery } from './read-query.ts'
import { noResults, responseEnvelope, type CallInfo } from './response-envelope.ts'
import { resolveTokenLegs } from './token-legs.ts'
import { hasSearchableDates, legUsdMemo, stepTripPrices } from './trip-prices.ts'
import { decodeToken, encodeToken } from './tokens.ts'

/**
 * A search step, SerpApi style: first call (no token) lists one-way options, round-trip outbounds
 * or first multi-city legs; a departure_token call lists the returns or the next leg. Every listed
 * option is priced as the cheapest whole trip that starts with what has been chosen plus it, so
 * the step-1 price of an outbound equals the cheapest return listed for it in step 2.
 */

export interface SearchEnv {
  call: CallInfo
  ctx: PriceContext
  /** Failure injection: leave `price` out of some itineraries. */
  missingPrice: boolean
  /** Compute `price_insights` (CallContext.withoutInsights: the engine never reads them). */
  insights: boolean
}

const TYPE_LABEL = { 1: 'Round trip', 2: 'One way', 3: 'Multi-city' } as const

function bad(message: string): ProviderError {
  return new ProviderError('bad_request', SIMULATED_ID, message, { status: 400 })
}

/** The legs chosen by a departure token; they must belong to this search. */
function chosenLegs(q: MarketQuery, now: Date): LegOption[] {
  if (!q.departureToken) return []
  const token = decodeToken(q.departureToken)
  if (token.kind !== 'departure') throw bad('A booking token cannot be used as departure_token')
  if (token.type !== q.type || token.cabin !== (q.cabin as number)) throw bad('The departure_token belongs to another search')
  if (token.legs.length >= q.legs.length) throw bad('The departure_token already covers every leg')
  const legs = resolveTokenLegs(token, now)
  legs.forEach((leg, i) => {
    const request = q.legs[i]!
    if (!request.from.includes(leg.from) || !request.to.includes(leg.to) || request.date !== leg.date) {
      throw bad('The departure_token belongs to another search')
    }
  })
  return legs
}

export function answerSearch(q: MarketQuery, env: SearchEnv): SerpFlightsResponse {
  const { ctx } = env
  const chosen = chosenLegs(q, ctx.now)
  if (q.unknownAirports) return noResults(env.call)
  if (!hasSearchableDates(q, ctx.now)) return noResults(env.call)

  const step = chosen.length
  const pools: LegPool[] = q.legs.map((leg) => buildPool(leg, q, ctx.cabin, ctx.now))
  if (pools.slice(step).some((p) => p.visible.length === 0)) return noResults(env.call)

  const pool = pools[step]!
  const trips = stepTripPrices(q, step, chosen, pools, ctx, legUsdMemo(ctx))
  if (trips.length === 0) return noResults(env.call)
  let priced: PricedOption[] = trips.map(({ option, price }) => ({ option, price, grams: pool.grams.get(option)! }))
  const lowest = Math.min(...trips.map((p) => p.price))
  if (env.missingPrice) priced = priced.map((p) => (unit(`missing-price|${p.option.key}`) < 0.3 ? { ...p, price: null } : p))

  const last = step === q.legs.length - 1
  const toJson = (p: PricedOption): SerpItinerary => {
    const json = itineraryJson({
      option: p.option,
      cabin: ctx.cabin,
      type: TYPE_LABEL[q.type],
      grams: p.grams,
      typicalGrams: pool.typicalGrams,
      roundTripOutbound: q.type === 1 && step === 0,
    })
    const legs = [...chosen, p.option]
    // Added to the fresh itinerary in place, after its own fields (cheaper than spreading it into a copy).
    if (p.price !== null) json.price = p.price
    if (last) json.booking_token = encodeToken('booking', q.type, ctx.cabin, legs)
    else json.departure_token = encodeToken('departure', q.type, ctx.cabin, legs)
    return json
  }
  const { best, other } = rank(priced, q.sortBy)
  const leg = q.legs[step]!
  return {
    ...responseEnvelope(env.call),
    ...(best.length > 0 ? { best_flights: best.map(toJson) } : {}),
    other_flights: other.map(toJson),
    ...(env.insights ? { price_insights: priceInsights(q.type, pools.map((p) => p.all), ctx, lowest) } : {}),
    airports: [{ departure: leg.from.map(airportInfo), arrival: leg.to.map(airportInfo) }],
  }
}
