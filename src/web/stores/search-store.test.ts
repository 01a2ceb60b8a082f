import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, DEFAULT_TIME_WINDOW } from '#shared/flights/search-params.ts'
import { SEARCH_FILTERS_STORAGE_KEY, defaultPostSearchFilters, legCount, useSearchStore } from './search-store.ts'

const store = () => useSearchStore.getState()

function reset() {
  useSearchStore.setState({
    params: { ...DEFAULT_SEARCH_PARAMS, multiCitySegments: [] },
    filters: { ...DEFAULT_SEARCH_FILTERS, multiCityTimes: {} },
    postSearchFilters: [defaultPostSearchFilters(), defaultPostSearchFilters()],
    formVersion: 0,
  })
}

function persisted() {
  return JSON.parse(localStorage.getItem(SEARCH_FILTERS_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown>; version: number } | null
}

describe('search store', () => {
  beforeEach(() => {
    localStorage.clear()
    reset()
  })

  it('starts with the spec defaults: round trip, economy, 1 adult, two legs of post-search filters', () => {
    expect(store().params).toMatchObject({ tripType: 'round-trip', travelClass: 'economy', adults: 1, children: 0 })
    expect(store().filters).toMatchObject({ sortBy: 1, gl: 'us', hl: 'en', currency: 'USD', maxLayoverDuration: 24, deepSearch: true, showHidden: true })
    expect(store().postSearchFilters).toHaveLength(2)
    expect(store().postSearchFilters[0]).toEqual(defaultPostSearchFilters())
  })

  describe('changing trip type', () => {
    it('resets post-search filters to one leg for one-way, two for round trip, one per multi-city segment', () => {
      store().setPostSearchFilters(0, { sortBy: 'duration', airlines: ['BA'] })
      store().setTripType('one-way')
      expect(store().postSearchFilters).toEqual([defaultPostSearchFilters()])

      store().setPostSearchFilters(0, { sortBy: 'duration' })
      store().setTripType('round-trip')
      expect(store().postSearchFilters).toEqual([defaultPostSearchFilters(), defaultPostSearchFilters()])

      store().setTripType('multi-city')
      expect(store().params.multiCitySegments).toHaveLength(2)
      expect(store().postSearchFilters).toHaveLength(2)
      store().addSegment()
      store().setTripType('multi-city')
      expect(store().postSearchFilters).toHaveLength(3)
    })

    it('starts multi-city from the route already typed, so nothing is retyped', () => {
      store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-05-01', returnDate: '2030-05-10' })
      store().setTripType('multi-city')
      const [first, second] = store().params.multiCitySegments
      expect(first).toMatchObject({ from: 'JFK', to: 'LHR', departureDate: '2030-05-01' })
      expect(second).toMatchObject({ from: 'LHR', to: '', departureDate: '2030-05-10' })
      expect(first!.id).not.toBe(second!.id)
      expect(store().filters.multiCityTimes).toEqual({ [first!.id]: DEFAULT_TIME_WINDOW, [second!.id]: DEFAULT_TIME_WINDOW })
    })

    it('keeps segments and their time windows when leaving multi-city and coming back', () => {
      store().setTripType('multi-city')
      const [first] = store().params.multiCitySegments
      store().setFilters({ multiCityTimes: { ...store().filters.multiCityTimes, [first!.id]: [6, 12, 0, 23] } })
      store().setTripType('one-way')
      store().setTripType('multi-city')
      expect(store().params.multiCitySegments[0]!.id).toBe(first!.id)
      expect(store().filters.multiCityTimes[first!.id]).toEqual([6, 12, 0, 23])
    })

    it('clears a return date left earlier than the departure when going back to round trip', () => {
      store().setParams({ departureDate: '2030-05-10', returnDate: '2030-05-12' })
      store().setTripType('one-way')
      store().setDepartureDate('2030-05-20')
      expect(store().params.returnDate).toBe('2030-05-12') // one-way: not cleared (and not used)
      store().setTripType('round-trip')
      expect(store().params.returnDate).toBe('')
    })
  })

  describe('departure date', () => {
    it('clears an earlier return date on a round trip', () => {
      store().setParams({ returnDate: '2030-05-10' })
      store().setDepartureDate('2030-05-11')
      expect(store().params).toMatchObject({ departureDate: '2030-05-11', returnDate: '' })
    })

    it('keeps a return date on or after the departure', () => {
      store().setParams({ returnDate: '2030-05-10' })
      store().setDepartureDate('2030-05-10')
      expect(store().params.returnDate).toBe('2030-05-10')
      store().setDepartureDate('2030-05-01')
      expect(store().params.returnDate).toBe('2030-05-10')
    })

    it('keeps the return date when the departure is emptied', () => {
      store().setParams({ departureDate: '2030-05-01', returnDate: '2030-05-10' })
      store().setDepartureDate('')
      expect(store().params.returnDate).toBe('2030-05-10')
    })
  })

  describe('multi-city segments', () => {
    beforeEach(() => store().setTripType('multi-city'))

    it('adding a segment adds its time window and a post-search leg, starting where the last flight landed', () => {
      const [, second] = store().params.multiCitySegments
      store().updateSegment(second!.id, { to: 'CDG' })
      store().addSegment()
      const third = store().params.multiCitySegments[2]!
      expect(third).toMatchObject({ from: 'CDG', to: '', departureDate: '' })
      expect(store().filters.multiCityTimes[third.id]).toEqual(DEFAULT_TIME_WINDOW)
      expect(store().postSearchFilters).toHaveLength(3)
    })

    it('a destination chosen for one flight becomes the next flight’s departure, unless the traveller chose that (issue 16)', () => {
      const [first, second] = store().params.multiCitySegments
      store().updateSegment(first!.id, { from: 'JFK', to: 'LHR' })
      expect(store().params.multiCitySegments[1]!.from).toBe('LHR')
      // Changed again: the next departure follows, since it was only following.
      store().updateSegment(first!.id, { to: 'LGW' })
      expect(store().params.multiCitySegments[1]!.from).toBe('LGW')
      // Once the traveller picks the next departure themselves, it stays theirs.
      store().updateSegment(second!.id, { from: 'CDG' })
      store().updateSegment(first!.id, { to: 'MAN' })
      expect(store().params.multiCitySegments[1]!.from).toBe('CDG')
      // Other fields leave the next flight alone.
      store().updateSegment(first!.id, { departureDate: '2030-01-02' })
      expect(store().params.multiCitySegments[1]!.from).toBe('CDG')
    })

    it('removing a segment removes its time window and its post-search leg', () => {
      store().addSegment()
      const [first, second, third] = store().params.multiCitySegments
      store().setPostSearchFilters(1, { sortBy: 'duration' })
      store().setPostSearchFilters(2, { sortBy: 'arrival' })
      store().removeSegment(second!.id)
      expect(store().params.multiCitySegments.map((s) => s.id)).toEqual([first!.id, third!.id])
      expect(Object.keys(store().filters.multiCityTimes).sort()).toEqual([first!.id, third!.id].sort())
      expect(store().postSearchFilters.map((f) => f.sortBy)).toEqual(['price-low-high', 'arrival'])
    })

    it('never goes above 5 or below 2 segments', () => {
      for (let i = 0; i < 6; i++) store().addSegment()
      expect(store().params.multiCitySegments).toHaveLength(5)
      expect(Object.keys(store().filters.multiCityTimes)).toHaveLength(5)
      expect(store().postSearchFilters).toHaveLength(5)
      for (const segment of [...store().params.multiCitySegments]) store().removeSegment(segment.id)
      expect(store().params.multiCitySegments).toHaveLength(2)
      expect(Object.keys(store().filters.multiCityTimes)).toHaveLength(2)
    })

    it('ignores removing an unknown segment', () => {
      store().addSegment()
      const before = store().params
      store().removeSegment('nope')
      expect(store().params).toBe(before)
    })

    it('updates one segment only', () => {
      const [first, second] = store().params.multiCitySegments
      store().updateSegment(first!.id, { from: 'SFO', departureDate: '2030-01-02' })
      expect(store().params.multiCitySegments[0]).toMatchObject({ id: first!.id, from: 'SFO', departureDate: '2030-01-02' })
      expect(store().params.multiCitySegments[1]).toEqual(second)
    })
  })

  describe('post-search filters', () => {
    it('patches one leg, growing the list if needed, and resets one or all legs', () => {
      store().setPostSearchFilters(3, { airlines: ['LH'] })
      expect(store().postSearchFilters).toHaveLength(4)
      expect(store().postSearchFilters[3]!.airlines).toEqual(['LH'])
      store().setPostSearchFilters(0, { sortBy: 'duration' })
      store().resetPostSearchFilters(3)
      expect(store().postSearchFilters[3]).toEqual(defaultPostSearchFilters())
      expect(store().postSearchFilters[0]!.sortBy).toBe('duration')
      store().resetPostSearchFilters()
      expect(store().postSearchFilters).toEqual([defaultPostSearchFilters(), defaultPostSearchFilters()])
    })

    it('counts legs by trip type', () => {
      expect(legCount({ tripType: 'one-way', multiCitySegments: [] })).toBe(1)
      expect(legCount({ tripType: 'round-trip', multiCitySegments: [] })).toBe(2)
      expect(legCount({ tripType: 'multi-city', multiCitySegments: [] })).toBe(1)
    })
  })

  describe('loadSearch', () => {
    it('replaces the search, resets post-search filters by leg count and gives every segment a time window', () => {
      store().setPostSearchFilters(0, { sortBy: 'duration' })
      const segments = [
        { id: 'leg-1', from: 'JFK', to: 'LHR', departureDate: '2030-01-01' },
        { id: 'leg-2', from: 'LHR', to: 'CDG', departureDate: '2030-01-05' },
        { id: 'leg-3', from: 'CDG', to: 'JFK', departureDate: '2030-01-09' },
      ]
      store().loadSearch(
        { ...DEFAULT_SEARCH_PARAMS, tripType: 'multi-city', multiCitySegments: segments },
        { ...DEFAULT_SEARCH_FILTERS, multiCityTimes: { 'leg-2': [5, 9, 0, 23] } },
      )
      expect(store().params.multiCitySegments).toEqual(segments)
      expect(store().postSearchFilters).toEqual([defaultPostSearchFilters(), defaultPostSearchFilters(), defaultPostSearchFilters()])
      expect(store().filters.multiCityTimes).toEqual({ 'leg-1': DEFAULT_TIME_WINDOW, 'leg-2': [5, 9, 0, 23], 'leg-3': DEFAULT_TIME_WINDOW })
    })
  })

  describe('clear all', () => {
    it('keeps class, adults, children, region, language, currency and infants, wipes the rest and bumps the form version', () => {
      store().setTripType('multi-city')
      store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-01-01', returnDate: '2030-01-05', travelClass: 'business', adults: 2, children: 1 })
      store().setFilters({
        gl: 'de',
        hl: 'de',
        currency: 'EUR',
        infants_in_seat: 1,
        infants_on_lap: 1,
        stops: 1,
        sortBy: 2,
        bags: 2,
        maxPrice: 500,
        includeAirlines: ['LH'],
        outboundTimes: [6, 12, 0, 23],
        excludeConnectingAirports: ['FRA'],
        lessEmissions: true,
        deepSearch: false,
        maxLayoverDuration: 4,
        maxDuration: 600,
      })
      store().setPostSearchFilters(0, { sortBy: 'duration' })
      store().clearAll()

      expect(store().params).toEqual({ ...DEFAULT_SEARCH_PARAMS, travelClass: 'business', adults: 2, children: 1, multiCitySegments: [] })
      expect(store().filters).toEqual({
        ...DEFAULT_SEARCH_FILTERS,
        gl: 'de',
        hl: 'de',
        currency: 'EUR',
        infants_in_seat: 1,
        infants_on_lap: 1,
        multiCityTimes: {},
      })
      expect(store().postSearchFilters).toEqual([defaultPostSearchFilters(), defaultPostSearchFilters()])
      expect(store().formVersion).toBe(1)
      store().clearAll()
      expect(store().formVersion).toBe(2)
    })
  })

  describe('persistence (search-filters-storage)', () => {
    it('saves only travel class, adults, children, region, language, currency and infant counts', () => {
      store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-01-01', travelClass: 'first', adults: 3, children: 2 })
      store().setFilters({ gl: 'gb', hl: 'fr', currency: 'GBP', infants_in_seat: 1, infants_on_lap: 1, stops: 1, maxPrice: 300 })
      expect(persisted()!.state).toEqual({
        params: { travelClass: 'first', adults: 3, children: 2 },
        filters: { gl: 'gb', hl: 'fr', currency: 'GBP', infants_in_seat: 1, infants_on_lap: 1 },
      })
    })

    it('restores the saved preferences on load, and nothing else', async () => {
      localStorage.setItem(
        SEARCH_FILTERS_STORAGE_KEY,
        JSON.stringify({
          state: {
            params: { travelClass: 'business', adults: 2, children: 1, from: 'JFK', tripType: 'one-way' },
            filters: { gl: 'de', hl: 'de', currency: 'EUR', infants_in_seat: 1, infants_on_lap: 0, stops: 1 },
          },
          version: 1,
        }),
      )
      await useSearchStore.persist.rehydrate()
      expect(store().params).toMatchObject({ travelClass: 'business', adults: 2, children: 1, from: '', tripType: 'round-trip' })
      expect(store().filters).toMatchObject({ gl: 'de', hl: 'de', currency: 'EUR', infants_in_seat: 1, infants_on_lap: 0, stops: 0 })
    })

    it('ignores saved values the schemas refuse (edited by hand, older builds)', async () => {
      localStorage.setItem(
        SEARCH_FILTERS_STORAGE_KEY,
        JSON.stringify({
          state: {
            params: { travelClass: 'luxury', adults: 0, children: 'many' },
            filters: { gl: 'usa', hl: 7, currency: 'dollars', infants_in_seat: -1, infants_on_lap: 2 },
          },
          version: 1,
        }),
      )
      await useSearchStore.persist.rehydrate()
      expect(store().params).toMatchObject({ travelClass: 'economy', adults: 1, children: 0 })
      expect(store().filters).toMatchObject({ gl: 'us', hl: 'en', currency: 'USD', infants_in_seat: 0, infants_on_lap: 2 })
    })

    it('survives garbage in storage', async () => {
      localStorage.setItem(SEARCH_FILTERS_STORAGE_KEY, '{not json')
      await useSearchStore.persist.rehydrate()
      expect(store().params.travelClass).toBe('economy')
      localStorage.setItem(SEARCH_FILTERS_STORAGE_KEY, JSON.stringify({ state: null, version: 1 }))
      await useSearchStore.persist.rehydrate()
      expect(store().params.adults).toBe(1)
    })
  })
})
