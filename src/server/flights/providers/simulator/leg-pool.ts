import { medianGrams, optionGrams } from './itinerary-json.ts'
import { legOptions, sellsCabin, type LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import type { LegRequest, MarketQuery, TimeWindow } from './read-query.ts'
import { localMinuteOfDay } from './time-zones.ts'

/**
 * Everything the market knows about one requested leg: every option flown that day in the cabin
 * (for insights and typical emissions), and the ones it lists: still on sale at `now` and let
 * through by the query's filters, as SerpApi applies them before answering. max_price is applied
 * later, on trip prices.
 */
export interface LegPool {
  /** Departed flights included, so route-level figures (insights, typical emissions) hold all day. */
  all: LegOption[]
  visible: LegOption[]
  grams: Map<LegOption, number>
  typicalGrams: number
}

/**
 * A flight leaves the market this long before it departs. Airlines close web sales and check-in
 * 45–60 minutes before departure (60 on most international flights), so a flight leaving sooner
 * cannot be bought; listing it would offer a fare nobody can book, and once it has left its token
 * fails with token_expired (token-legs.ts). One hour also leaves a user who lists a flight time to
 * open its booking options before the token expires.
 */
const SALES_CUTOFF_MINUTES = 60

export function buildPool(leg: LegRequest, q: MarketQuery, cabin: Cabin, now: Date): LegPool {
  const all: LegOption[] = []
  for (const from of leg.from) {
    for (const to of leg.to) {
      if (from === to) continue
      for (const option of legOptions(from, to, leg.date)) if (sellsCabin(option, cabin)) all.push(option)
    }
  }
  const grams = new Map(all.map((o) => [o, optionGrams(o, cabin)]))
  const typicalGrams = medianGrams([...grams.values()])
  const fastest = Math.min(...all.map((o) => o.totalMinutes))
  const firstOnSale = now.getTime() + SALES_CUTOFF_MINUTES * 60_000
  const visible = all.filter(
    (o) => o.segments[0]!.departureUtc >= firstOnSale && isShown(o, q, fastest) && passesFilters(o, q, leg.times, grams.get(o)!, typicalGrams),
  )
  return { all, visible, grams, typicalGrams }
}

/**
 * What Google hides unless asked: very long connections without show_hidden, and the second
 * connection after an earlier one already works without deep_search.
 */
function isShown(option: LegOption, q: MarketQuery, fastest: number): boolean {
  if (!q.deepSearch && option.deepOnly) return false
  if (!q.showHidden && option.totalMinutes > Math.max(1.8 * fastest, fastest + 240)) return false
  return true
}

function inHours(minuteOfDay: number, from: number, to: number): boolean {
  const hour = Math.floor(minuteOfDay / 60)
  return from <= to ? hour >= from && hour <= to : hour >= from || hour <= to
}

export function passesFilters(option: LegOption, q: MarketQuery, times: TimeWindow | null, grams: number, typicalGrams: number): boolean {
  const maxStops = q.stops === 0 ? Infinity : q.stops - 1
  if (option.stops > maxStops) return false
  if (q.includeAirlines && !option.carriers.every((c) => q.includeAirlines!.has(c))) return false
  if (option.carriers.some((c) => q.excludeAirlines.has(c))) return false
  if (option.layovers.some((l) => q.excludeConnections.has(l.airport.iata))) return false
  if (q.layover && option.layovers.some((l) => l.minutes < q.layover![0] || l.minutes > q.layover![1])) return false
  if (q.maxDuration !== null && option.totalMinutes > q.maxDuration) return false
  if (q.lessEmissions && !(grams < typicalGrams)) return false
  if (times) {
    const first = option.segments[0]!
    const last = option.segments[option.segments.length - 1]!
    if (!inHours(localMinuteOfDay(first.departureUtc, first.flight.from.timeZone), times[0], times[1])) return false
    if (!inHours(localMinuteOfDay(last.arrivalUtc, last.flight.to.timeZone), times[2], times[3])) return false
  }
  return true
}
