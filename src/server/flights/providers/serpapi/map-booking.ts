import type { BaggagePrices, BookingDetail, BookingOption, BookingRequest } from '#shared/flights/model.ts'
import type { ProviderBookingResult } from '../provider.ts'
import { mapItinerary, type MapContext } from './map-search.ts'
import type { SerpBookingDetail, SerpFlightsResponse } from './serp-types.ts'
import { asArray, num, str, strings } from './serp-values.ts'

/** A booking_token answer → selected flights, sellers and baggage prices (same mapper for both sources). */
export function mapBooking(response: SerpFlightsResponse, ctx: MapContext): ProviderBookingResult {
  return {
    selectedFlights: asArray(response.selected_flights).map((it) => mapItinerary(it, ctx, false)),
    bookingOptions: asArray(response.booking_options)
      .map(mapBookingOption)
      .filter((o): o is BookingOption => o !== null),
    baggagePrices: mapBaggage(response.baggage_prices),
  }
}

function mapBookingOption(raw: NonNullable<SerpFlightsResponse['booking_options']>[number]): BookingOption | null {
  if (!raw || typeof raw !== 'object') return null
  const together = mapDetail(raw.together)
  const departing = mapDetail(raw.departing)
  const returning = mapDetail(raw.returning)
  // An option with no seller at all offers nothing to show or book.
  if (!together && !departing && !returning) return null
  return {
    // SerpApi sets the flag on split tickets; a departing/returning pair without `together` is one too.
    separateTickets: raw.separate_tickets === true || (!together && (departing !== null || returning !== null)),
    together,
    departing,
    returning,
  }
}

function mapDetail(raw: SerpBookingDetail | undefined): BookingDetail | null {
  if (!raw || typeof raw !== 'object') return null
  return {
    bookWith: str(raw.book_with) ?? '',
    isAirline: raw.airline === true,
    logos: strings(raw.airline_logos),
    marketedAs: strings(raw.marketed_as),
    price: num(raw.price),
    localPrices: asArray(raw.local_prices).flatMap((p) => {
      const currency = str(p?.currency)
      const price = num(p?.price)
      return currency && price !== null ? [{ currency, price }] : []
    }),
    optionTitle: str(raw.option_title),
    features: strings(raw.extensions),
    baggage: strings(raw.baggage_prices),
    request: mapRequest(raw.booking_request),
    phone: str(raw.booking_phone),
    phoneServiceFee: num(raw.estimated_phone_service_fee),
  }
}

/**
 * The browser posts `postData` to `url` as a form, so only absolute http(s) URLs get through: a
 * `javascript:` or `data:` URL from upstream must never become a form action in our page.
 */
function mapRequest(raw: SerpBookingDetail['booking_request']): BookingRequest | null {
  const url = str(raw?.url)
  if (!url || !isHttpUrl(url)) return null
  return { url, postData: str(raw?.post_data) }
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

function mapBaggage(raw: SerpFlightsResponse['baggage_prices']): BaggagePrices {
  const out: BaggagePrices = {}
  for (const key of ['together', 'departing', 'returning'] as const) {
    if (Array.isArray(raw?.[key])) out[key] = strings(raw[key])
  }
  return out
}
