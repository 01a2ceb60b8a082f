import type { SerpBookingDetail, SerpFlightsResponse } from '../serpapi/serp-types.ts'
import { ProviderError } from '../provider.ts'
import { airlineLogoUrl, airlineName, findCarrier } from './carriers.ts'
import { countryCurrency, fromUsd, usdRate } from './currencies.ts'
import { inCurrency, legTotalUsd, multiCityUsd, roundTripUsd, sellsTogether, soldCabin, type PriceContext } from './fares.ts'
import { intBetween, unit } from './hash.ts'
import { airportInfo, itineraryJson, medianGrams, optionGrams } from './itinerary-json.ts'
import { legOptions, type LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import { SIMULATED_ID, type MarketQuery } from './read-query.ts'
import { responseEnvelope, type CallInfo } from './response-envelope.ts'
import { resolveTokenLegs } from './token-legs.ts'
import { decodeToken } from './tokens.ts'

/**
 * A booking_token call: the chosen flights again (selected_flights), bag fees, and sellers: the
 * airline itself at exactly the listed price, two to four agencies a little above or below it,
 * sometimes two separate one-way tickets on a round trip, and now and then a phone-only agency.
 */

export interface BookingEnv {
  call: CallInfo
  /** Price context with the query's passengers and currency; the cabin comes from the token. */
  ctx: PriceContext
  bookingUrl: string
}

const AGENCIES = ['Expedia', 'Booking.com', 'Trip.com', 'Kiwi.com', 'eDreams', 'Priceline', 'Orbitz', 'Mytrip', 'Gotogate', 'CheapOair', 'Travelocity', 'Opodo']
const TYPE_LABEL = { 1: 'Round trip', 2: 'One way', 3: 'Multi-city' } as const
const US_NETWORK = new Set(['AA', 'DL', 'UA', 'AS', 'HA', 'B6'])
const LUFTHANSA_GROUP = new Set(['LH', 'LX', 'OS', 'SN', 'AZ', 'EW'])

/** Fare brands as the airline's own site names them, cheapest first. */
function fareBrands(carrier: string, cabin: Cabin): string[] {
  if (cabin === 4) return ['First']
  if (cabin === 3) return ['Business', 'Business Flex']
  if (cabin === 2) return ['Premium Economy', 'Premium Economy Flex']
  if (findCarrier(carrier)?.kind === 'lcc') return ['Basic', 'Regular']
  if (US_NETWORK.has(carrier)) return ['Basic Economy', 'Main Cabin']
  if (carrier === 'BA' || carrier === 'IB') return ['Economy Basic', 'Economy Standard']
  if (LUFTHANSA_GROUP.has(carrier)) return ['Economy Light', 'Economy Classic']
  if (carrier === 'AF' || carrier === 'KL') return ['Economy Light', 'Economy Standard']
  return ['Economy Saver', 'Economy Classic']
}

function fareFeatures(brandIndex: number, cabin: Cabin, lowCost: boolean): string[] {
  if (cabin >= 3) return ['2 free checked bags', 'Seat selection included', 'Free change, possible fare difference']
  if (brandIndex === 0) return [lowCost ? 'Small personal item only' : 'Carry-on bag included', 'No free checked bag', 'Seat selection for a fee', 'Non-refundable']
  return ['Carry-on bag included', '1 free checked bag', 'Free seat selection', 'Change for a fee']
}

function baggage(options: readonly LegOption[], cabin: Cabin, currency: string): string[] {
  if (cabin >= 3) return ['1 free carry-on', '2 free checked bags']
  const lowCost = options.some((o) => findCarrier(o.mainCarrier)?.kind === 'lcc')
  const long = options.some((o) => o.directKm > 4_000)
  const bag = fromUsd(long ? 75 : 35, currency)
  const second = fromUsd(long ? 100 : 45, currency)
  const first = lowCost ? [`1st carry-on bag: ${fromUsd(30, currency)} ${currency}`] : ['1 free carry-on']
  return [...first, `1st checked bag: ${bag} ${currency}`, `2nd checked bag: ${second} ${currency}`]
}

function flightNumbers(options: readonly LegOption[]): string[] {
  return options.flatMap((o) => o.segments.map((s) => `${s.flight.carrier} ${s.flight.number}`))
}

/** "u=" + base64url JSON: what the simulated seller page reads to say what would have been booked. */
function bookingRequest(url: string, seller: string, price: number, currency: string, flights: string[]) {
  const payload = Buffer.from(JSON.stringify({ seller, price, currency, flights }), 'utf8').toString('base64url')
  return { url, post_data: `u=${payload}` }
}

function bad(message: string): ProviderError {
  return new ProviderError('bad_request', SIMULATED_ID, message, { status: 400 })
}

export function answerBooking(q: MarketQuery, env: BookingEnv): SerpFlightsResponse {
  const token = decodeToken(q.bookingToken ?? '')
  if (token.kind !== 'booking') throw bad('A departure token cannot be used as booking_token')
  const expectedLegs = token.type === 2 ? 1 : token.type === 1 ? 2 : token.legs.length
  if (token.legs.length !== expectedLegs || expectedLegs === 0) throw bad('Invalid booking_token')
  const legs = resolveTokenLegs(token, env.ctx.now)
  const ctx: PriceContext = { ...env.ctx, cabin: token.cabin }
  const { currency } = ctx
  const legsUsd = legs.map((l) => legTotalUsd(l, ctx))
  const together = sellsTogether(legs)
  const totalUsd = token.type === 2 ? legsUsd[0]! : token.type === 1 ? roundTripUsd(legsUsd[0]!, legsUsd[1]!, together) : multiCityUsd(legsUsd)
  const price = inCurrency(totalUsd, ctx)
  const cabin = soldCabin(legs[0]!, token.cabin)
  const seed = legs.map((l) => l.key).join('/')
  const hour = Math.floor(ctx.now.getTime() / 3_600_000)

  const main = legs[0]!.mainCarrier
  const mainProfile = findCarrier(main)
  const lowCost = mainProfile?.kind === 'lcc'
  const bags = baggage(legs, cabin, currency)
  const brands = fareBrands(main, cabin)
  const localCurrency = mainProfile ? countryCurrency(mainProfile.homeCountry) : undefined

  const detail = (seller: string, sellerPrice: number, brandIndex: number, isAirline: boolean, forLegs: readonly LegOption[]): SerpBookingDetail => ({
    book_with: seller,
    ...(isAirline ? { airline: true, airline_logos: [airlineLogoUrl(forLegs[0]!.mainCarrier)] } : {}),
    marketed_as: flightNumbers(forLegs),
    price: sellerPrice,
    ...(isAirline && localCurrency && localCurrency !== currency
      ? { local_prices: [{ currency: localCurrency, price: fromUsd(sellerPrice / usdRate(currency), localCurrency) }] }
      : {}),
    option_title: brands[Math.min(brandIndex, brands.length - 1)]!,
    extensions: fareFeatures(brandIndex, cabin, lowCost),
    baggage_prices: bags,
    booking_request: bookingRequest(env.bookingUrl, seller, sellerPrice, currency, flightNumbers(forLegs)),
  })

  const options: NonNullable<SerpFlightsResponse['booking_options']> = [{ together: detail(airlineName(main), price, 0, true, legs) }]

  // Agencies: which ones is fixed per itinerary; their mark-up or discount moves with the hour.
  const agencyCount = intBetween(`agencies|${seed}`, 2, 4)
  const start = intBetween(`agency0|${seed}`, 0, AGENCIES.length - 1)
  for (let i = 0; i < agencyCount; i++) {
    const agency = AGENCIES[(start + i * 5) % AGENCIES.length]!
    const factor = 0.96 + 0.1 * unit(`agency|${seed}|${agency}|${hour}`)
    options.push({ together: detail(agency, Math.max(1, Math.round(price * factor)), i % 2, false, legs) })
  }

  // Two one-way tickets: offered when the airlines do not sell each other's flights, and sometimes anyway.
  if (token.type === 1 && (!together || unit(`separate|${seed}`) < 0.3)) {
    const [out, ret] = legs as [LegOption, LegOption]
    options.push({
      separate_tickets: true,
      departing: detail(airlineName(out.mainCarrier), inCurrency(legsUsd[0]! * 0.95, ctx), 0, true, [out]),
      returning: detail(airlineName(ret.mainCarrier), inCurrency(legsUsd[1]! * 0.95, ctx), 0, true, [ret]),
    })
  }

  if (unit(`phone|${seed}`) < 0.25) {
    options.push({
      together: {
        book_with: 'ASAP Tickets',
        price: Math.max(1, Math.round(price * 0.95)),
        booking_phone: '+1 888-555-0143',
        estimated_phone_service_fee: fromUsd(25, currency),
      },
    })
  }

  return {
    ...responseEnvelope(env.call),
    selected_flights: legs.map((option) => {
      const all = legOptions(option.from, option.to, option.date)
      return itineraryJson({
        option,
        cabin: token.cabin,
        type: TYPE_LABEL[token.type],
        grams: optionGrams(option, token.cabin),
        typicalGrams: medianGrams(all.map((o) => optionGrams(o, token.cabin))),
      })
    }),
    baggage_prices: { together: bags },
    booking_options: options,
    airports: legs.map((l) => ({ departure: [airportInfo(l.from)], arrival: [airportInfo(l.to)] })),
  }
}
