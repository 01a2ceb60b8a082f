import { formatPrice } from '../format.ts'
import type { BaggagePrices, BookingDetail, BookingOption, BookingOptionsResponse } from './model.ts'

/**
 * How booking options are shown (issue 16, defect 2): sellers cheapest first, so the first row is
 * the price the trip's headline names; on a tie the airline itself before an agency; a seller
 * without a price last. Baggage lines carry their currency: SerpApi writes "1st checked bag: 45"
 * (in the search's currency, unnamed), the simulated market "1st checked bag: 75 USD".
 */

/** What booking with this seller costs: the one ticket, or both separate tickets added up. */
export function sellerPrice(option: BookingOption): number | null {
  if (option.together) return option.together.price
  const legs = [option.departing, option.returning].filter((detail): detail is BookingDetail => detail !== null)
  if (legs.length === 0 || legs.some((detail) => detail.price === null)) return null
  return legs.reduce((sum, detail) => sum + detail.price!, 0)
}

const isAirline = (option: BookingOption) => (option.together ?? option.departing ?? option.returning)?.isAirline === true

/** Cheapest first; airline before agency on a tie; no price last; otherwise as the provider listed them. */
export function sortBookingOptions(options: readonly BookingOption[]): BookingOption[] {
  return options
    .map((option, index) => ({ option, index, price: sellerPrice(option) }))
    .sort((a, b) => {
      if (a.price !== b.price) {
        if (a.price === null) return 1
        if (b.price === null) return -1
        return a.price - b.price
      }
      return Number(isAirline(b.option)) - Number(isAirline(a.option)) || a.index - b.index
    })
    .map(({ option }) => option)
}

/** The cheapest seller's price, or null when no seller names one. */
export function cheapestSellerPrice(options: readonly BookingOption[]): number | null {
  const prices = options.map(sellerPrice).filter((price): price is number => price !== null)
  return prices.length > 0 ? Math.min(...prices) : null
}

/** An amount at the end of a baggage line, with or without a currency code: "…: 45", "…: 75 USD", "…: 75.5 EUR". */
const TRAILING_AMOUNT = /:\s*(\d+(?:\.\d{1,2})?)(?:\s+([A-Z]{3}))?\s*$/

/** "1st checked bag: 45" → "1st checked bag: $45" in the search's currency; a named currency is kept. */
export function baggageLine(line: string, currency: string): string {
  const match = TRAILING_AMOUNT.exec(line)
  if (!match) return line
  // Any three capitals format (Intl writes an unknown code in front: "ZZZ 45"), so this never throws.
  return `${line.slice(0, match.index)}: ${formatPrice(Number(match[1]), match[2] ?? currency)}`
}

function withCurrency(detail: BookingDetail | null, currency: string): BookingDetail | null {
  return detail && { ...detail, baggage: detail.baggage.map((line) => baggageLine(line, currency)) }
}

/** A booking answer as shown: sellers in order, every baggage line with its currency. */
export function presentBookingOptions(response: BookingOptionsResponse): BookingOptionsResponse {
  const { currency } = response
  const baggagePrices: BaggagePrices = {}
  for (const key of ['together', 'departing', 'returning'] as const) {
    const lines = response.baggagePrices[key]
    if (lines) baggagePrices[key] = lines.map((line) => baggageLine(line, currency))
  }
  const bookingOptions = sortBookingOptions(response.bookingOptions).map((option) => ({
    ...option,
    together: withCurrency(option.together, currency),
    departing: withCurrency(option.departing, currency),
    returning: withCurrency(option.returning, currency),
  }))
  return { ...response, bookingOptions, baggagePrices }
}

/**
 * Baggage shown once per fare rather than in every seller's row: the fares ("Economy Basic") whose
 * sellers' baggage lines say something the trip's own baggage prices don't, each once.
 */
export function baggageByFare(options: readonly BookingOption[], tripLines: readonly string[]): Array<{ fare: string; lines: string[] }> {
  const known = new Set(tripLines)
  const fares = new Map<string, string[]>()
  for (const option of options) {
    for (const detail of [option.together, option.departing, option.returning]) {
      if (!detail || detail.baggage.length === 0) continue
      const fare = detail.optionTitle ?? 'Other fares'
      const lines = fares.get(fare) ?? []
      for (const line of detail.baggage) if (!lines.includes(line)) lines.push(line)
      fares.set(fare, lines)
    }
  }
  return [...fares]
    .filter(([, lines]) => lines.some((line) => !known.has(line)))
    .map(([fare, lines]) => ({ fare, lines }))
}
