import { medianGrams, optionGrams } from './itinerary-json.ts'
import { legOptions, sellsCabin, type LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import type { LegRequest, MarketQuery, TimeWindow } from './read-query.ts'
import { localMinuteOfDay } from './time-zones.ts'

/**
 * Everything the market knows about one requested leg: every option on sale in the cabin (for
 * insights and typical emissions), and the ones the query's filters let through, as SerpApi
 * applies them before answering. max_price is applied later, on trip prices.
 */
export interface LegPool {
  all: LegOption[]
  visible: LegOption[]
  grams: Map<LegOption, number>
  typicalGrams: number
}

export function buildPool(leg: LegRequest, q: MarketQuery, cabin: Cabin): LegPool {
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
  const visible = all.filter((o) => isShown(o, q, fastest) && passesFilters(o, q, leg.times, grams.get(o)!, typicalGrams))
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
