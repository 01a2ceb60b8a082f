import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { alertSearchKey, engineQuery, searchKey, splitQuery, SUBSUMABLE_FILTERS } from './search-key.ts'

const params = (input: Record<string, unknown>) =>
  alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-03-01', ...input })
const key = (input: Record<string, unknown> = {}) => searchKey(engineQuery(params(input)))

describe('coalescing keys', () => {
  it('gives alerts that ask the provider the same question the same key', () => {
    const base = key()
    expect(key({ sort_by: 1 })).toBe(base)
    expect(key({ sort_by: '5' })).toBe(base)
    expect(key({ max_price: 300 })).toBe(base)
    expect(key({ hl: 'de' })).toBe(base)
    expect(key({ departure_id: 'jfk', arrival_id: ' lax ' })).toBe(base)
    expect(key({ outbound_times: '0,23' })).toBe(base)
    expect(key({ outbound_times: '0,23,0,23' })).toBe(base)
    expect(key({ adults: '1', travel_class: '1' })).toBe(base)
  })

  it('normalises lists and time windows', () => {
    expect(key({ departure_id: 'JFK,EWR' })).toBe(key({ departure_id: 'EWR, JFK' }))
    expect(key({ include_airlines: 'DL,AA' })).toBe(key({ include_airlines: 'aa,dl' }))
    expect(key({ outbound_times: '6,10,0,23' })).toBe(key({ outbound_times: '6,10' }))
    // include wins over exclude, as in the search.
    expect(key({ include_airlines: 'AA', exclude_airlines: 'UA' })).toBe(key({ include_airlines: 'AA' }))
  })

  it('ignores fields that do not apply to the trip type', () => {
    expect(key({ return_date: '2027-03-09', return_times: '6,10' })).toBe(key())
  })

  it('keeps apart what changes the fares', () => {
    const base = key()
    for (const change of [
      { currency: 'EUR' },
      { gl: 'de' },
      { adults: 2 },
      { children: 1 },
      { travel_class: 3 },
      { stops: 1 },
      { bags: 1 },
      { outbound_date: '2027-03-02' },
      { outbound_times: '6,10' },
      { exclude_airlines: 'UA' },
      { deep_search: false },
    ]) {
      expect(key(change), JSON.stringify(change)).not.toBe(base)
    }
    expect(key({ type: 1, return_date: '2027-03-09' })).not.toBe(key({ type: 1, return_date: '2027-03-10' }))
  })

  it('asks sorted by price and without the ceiling (applied per alert)', () => {
    const query = engineQuery(params({ sort_by: 1, max_price: 300, hl: 'fr' }))
    expect(query).toMatchObject({ sort_by: 2, hl: 'en' })
    expect(query.max_price).toBeUndefined()
  })

  it('normalises multi-city legs', () => {
    const legs = (times?: string) =>
      JSON.stringify([
        { departure_id: 'jfk', arrival_id: 'LHR', date: '2027-03-01', ...(times ? { times } : {}) },
        { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-03-05' },
      ])
    const multi = (json: string) => searchKey(engineQuery(alertSearchParamsSchema.parse({ type: 3, multi_city_json: json })))
    expect(multi(legs())).toBe(multi(legs('0,23')))
    expect(multi(legs())).not.toBe(multi(legs('6,10')))
  })

  it('adds the itineraries chosen so far for a later step', () => {
    const query = engineQuery(params({}))
    expect(searchKey(query, [])).toBe(searchKey(query))
    expect(searchKey(query, ['a'])).not.toBe(searchKey(query))
    expect(searchKey(query, ['a'])).not.toBe(searchKey(query, ['b']))
    expect(searchKey(query)).toMatch(/^[0-9a-f]{32}$/)
  })

  it('gives a narrower alert the claim key of its broadest question (subsumption, decision 053)', () => {
    const claim = (input: Record<string, unknown>) => alertSearchKey(params(input))
    const base = claim({})
    expect(claim({ stops: 1 })).toBe(base)
    expect(claim({ include_airlines: 'ONEWORLD' })).toBe(base)
    expect(claim({ exclude_airlines: 'UA' })).toBe(base)
    expect(claim({ outbound_times: '6,11' })).toBe(base)
    expect(claim({ stops: 2, include_airlines: 'DL', outbound_times: '18,23,0,12', max_price: 300 })).toBe(base)
    // Bags change every fare: never the same question.
    expect(claim({ bags: 1 })).not.toBe(base)
    expect(claim({ bags: 1, stops: 1 })).toBe(claim({ bags: 1 }))
  })
})

describe('splitting a question into a broader one and a filter', () => {
  const split = (input: Record<string, unknown>, kinds = SUBSUMABLE_FILTERS) => splitQuery(engineQuery(params(input)), kinds)

  it("splits a one-way search's stops, airlines and window off", () => {
    const { broad, filter } = split({ stops: 1, include_airlines: 'dl,ONEWORLD', outbound_times: '6,11' })
    expect(filter).toEqual({ stops: 1, includeAirlines: ['DL', 'ONEWORLD'], times: [6, 11, 0, 23] })
    expect(broad).toEqual(engineQuery(params({})))
    expect(split({ exclude_airlines: 'UA,AA' }).filter).toEqual({ excludeAirlines: ['AA', 'UA'] })
    expect(split({ outbound_times: '0,23,14,20' }).filter).toEqual({ times: [0, 23, 14, 20] })
  })

  it('splits only the outbound window off a round trip (stops, airlines and return times bind the return too)', () => {
    const rt = { type: 1, return_date: '2027-03-08' }
    const { broad, filter } = split({ ...rt, stops: 1, include_airlines: 'DL', outbound_times: '6,11', return_times: '12,17' })
    expect(filter).toEqual({ times: [6, 11, 0, 23] })
    expect(broad).toMatchObject({ stops: 1, include_airlines: 'DL', return_times: '12,17' })
    expect(broad.outbound_times).toBeUndefined()
    expect(split({ ...rt, stops: 1 }).filter).toBeNull()
  })

  it('leaves alone what it may not split, and a search with nothing to split', () => {
    expect(split({ stops: 1, include_airlines: 'DL' }, new Set(['stops'])).filter).toEqual({ stops: 1 })
    const plain = engineQuery(params({ bags: 1 }))
    expect(splitQuery(plain)).toEqual({ broad: plain, filter: null })
    const multi = engineQuery(
      alertSearchParamsSchema.parse({ type: 3, stops: 1, multi_city_json: JSON.stringify([{ departure_id: 'JFK', arrival_id: 'LHR', date: '2027-03-01', times: '6,10' }, { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-03-05' }]) }),
    )
    expect(splitQuery(multi).filter).toBeNull()
  })
})
