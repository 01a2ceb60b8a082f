import { describe, expect, it } from 'vitest'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { FIXTURE_QUERIES } from '#tests/fixtures/serpapi/index.ts'
import { toSerpQuery, withBookingToken, withDepartureToken } from './to-serp-query.ts'

/** Every optional field set, on a round trip (the type that takes the most fields). */
const FULL: FlightQuery = {
  ...FIXTURE_QUERIES.roundTrip,
  departure_id: 'LHR,LGW,/m/04jpl',
  adults: 2,
  children: 1,
  infants_in_seat: 1,
  infants_on_lap: 1,
  travel_class: 3,
  stops: 2,
  sort_by: 2,
  max_price: 1500,
  outbound_times: '6,12',
  return_times: '0,23,9,20',
  max_duration: 900,
  layover_duration: '30,300',
  include_airlines: 'BA,ONEWORLD',
  exclude_conns: 'CDG,AMS',
  bags: 1,
  emissions: 1,
  currency: 'GBP',
  hl: 'en',
  gl: 'uk',
  deep_search: true,
  show_hidden: true,
}

describe('toSerpQuery', () => {
  it('maps every alert search parameter under its SerpApi name', () => {
    expect(toSerpQuery(FULL)).toEqual({
      type: 1,
      departure_id: 'LHR,LGW,/m/04jpl',
      arrival_id: 'JFK',
      outbound_date: '2026-12-10',
      outbound_times: '6,12',
      return_date: '2026-12-17',
      return_times: '0,23,9,20',
      travel_class: 3,
      adults: 2,
      children: 1,
      infants_in_seat: 1,
      infants_on_lap: 1,
      sort_by: 2,
      stops: 2,
      bags: 1,
      max_price: 1500,
      max_duration: 900,
      layover_duration: '30,300',
      include_airlines: 'BA,ONEWORLD',
      exclude_conns: 'CDG,AMS',
      emissions: 1,
      currency: 'GBP',
      hl: 'en',
      gl: 'uk',
      deep_search: true,
      show_hidden: true,
    })
  })

  it('covers the spec list: nothing but the mutually exclusive pair and multi_city_json is missing', () => {
    const spec = [
      'departure_id', 'arrival_id', 'outbound_date', 'return_date', 'type', 'multi_city_json', 'adults', 'children',
      'infants_in_seat', 'infants_on_lap', 'travel_class', 'stops', 'sort_by', 'max_price', 'outbound_times',
      'return_times', 'max_duration', 'layover_duration', 'include_airlines', 'exclude_airlines', 'exclude_conns',
      'bags', 'emissions', 'currency', 'hl', 'gl', 'deep_search', 'show_hidden',
    ]
    const sent = Object.keys(toSerpQuery(FULL))
    expect(spec.filter((key) => !sent.includes(key))).toEqual(['multi_city_json', 'exclude_airlines'])
    expect(sent.filter((key) => !spec.includes(key))).toEqual([])
  })

  it('leaves out optional parameters that are unset, empty or zero, and sends booleans as booleans', () => {
    const query = toSerpQuery({ ...FIXTURE_QUERIES.oneWay, max_price: 0, layover_duration: '', exclude_conns: '  ' })
    expect(query).toEqual({
      type: 2,
      departure_id: 'LHR',
      arrival_id: 'JFK',
      outbound_date: '2026-12-10',
      travel_class: 1,
      adults: 1,
      children: 0,
      infants_in_seat: 0,
      infants_on_lap: 0,
      sort_by: 1,
      stops: 0,
      bags: 0,
      currency: 'USD',
      hl: 'en',
      gl: 'us',
      deep_search: false,
      show_hidden: false,
    })
  })

  it('never sends include_airlines and exclude_airlines together (include wins)', () => {
    const both = toSerpQuery({ ...FIXTURE_QUERIES.oneWay, include_airlines: 'BA', exclude_airlines: 'FR' })
    expect(both.include_airlines).toBe('BA')
    expect(both).not.toHaveProperty('exclude_airlines')

    const excludeOnly = toSerpQuery({ ...FIXTURE_QUERIES.oneWay, include_airlines: '', exclude_airlines: 'FR,SKYTEAM' })
    expect(excludeOnly.exclude_airlines).toBe('FR,SKYTEAM')
    expect(excludeOnly).not.toHaveProperty('include_airlines')
  })

  it('sends only the fields the trip type takes', () => {
    const oneWay = toSerpQuery({ ...FIXTURE_QUERIES.oneWay, return_date: '2026-12-17', return_times: '6,12' })
    expect(oneWay).not.toHaveProperty('return_date')
    expect(oneWay).not.toHaveProperty('return_times')

    const multi = toSerpQuery({ ...FIXTURE_QUERIES.multiCity, departure_id: 'CDG', outbound_date: '2026-12-14' })
    expect(multi.type).toBe(3)
    // Passed through untouched: the legs carry their own ids, dates and time windows.
    expect(multi.multi_city_json).toBe(FIXTURE_QUERIES.multiCity.multi_city_json)
    for (const key of ['departure_id', 'arrival_id', 'outbound_date', 'return_date', 'outbound_times']) {
      expect(multi).not.toHaveProperty(key)
    }
    expect(toSerpQuery({ ...FIXTURE_QUERIES.roundTrip, multi_city_json: '[]' })).not.toHaveProperty('multi_city_json')
  })

  it('gives identical queries the same key order (SerpApi caches only identical parameters)', () => {
    const reordered = Object.fromEntries(Object.entries(FULL).reverse()) as unknown as FlightQuery
    expect(Object.keys(toSerpQuery(reordered))).toEqual(Object.keys(toSerpQuery(FULL)))
  })
})

describe('token steps', () => {
  it('step 2 repeats the same parameters, in the original direction, plus departure_token', () => {
    const step2 = withDepartureToken(FULL, 'dep-token')
    expect(step2).toEqual({ ...toSerpQuery(FULL), departure_token: 'dep-token' })
    expect(step2.departure_id).toBe(FULL.departure_id)
    expect(step2).not.toHaveProperty('booking_token')
  })

  it('the booking call sends the original parameters (gl, hl, currency, passengers included) plus booking_token', () => {
    const booking = withBookingToken(FULL, 'book-token')
    expect(booking).toEqual({ ...toSerpQuery(FULL), booking_token: 'book-token' })
    expect(booking).toMatchObject({ gl: 'uk', hl: 'en', currency: 'GBP', adults: 2, children: 1, infants_in_seat: 1, infants_on_lap: 1 })
    expect(booking).not.toHaveProperty('departure_token')
  })

  it('keeps multi_city_json on every leg of a multi-city chain', () => {
    expect(withDepartureToken(FIXTURE_QUERIES.multiCity, 't').multi_city_json).toBe(FIXTURE_QUERIES.multiCity.multi_city_json)
  })
})
