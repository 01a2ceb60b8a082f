import { describe, expect, it } from 'vitest'
import { repeatShare, routeDatesKey, type CallRecord } from './call-log.ts'

const HOUR = 3_600_000
const call = (at: number, key: string, fresh = false): CallRecord => ({ at, kind: 'search', key, routeKey: key, fresh })

describe('routeDatesKey', () => {
  it('keeps route, trip type and dates, not passengers or cabin', () => {
    expect(routeDatesKey({ type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-01-08', return_date: '2027-01-15' })).toBe('1:JFK-LAX@2027-01-08/2027-01-15')
    expect(routeDatesKey({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-01-08', return_date: '2027-01-15' })).toBe('2:JFK-LAX@2027-01-08')
    const legs = JSON.stringify([{ departure_id: 'JFK', arrival_id: 'LHR', date: '2027-01-08' }, { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-01-12' }])
    expect(routeDatesKey({ type: 3, multi_city_json: legs })).toBe('3:JFK-LHR@2027-01-08|LHR-CDG@2027-01-12')
  })
})

describe('repeatShare', () => {
  it('counts calls a stored answer no older than the window serves, keyed as asked', () => {
    const calls = [call(0, 'a'), call(HOUR, 'a'), call(HOUR, 'b'), call(5 * HOUR, 'a')]
    expect(repeatShare(calls, 2 * HOUR, (c) => c.key)).toEqual({ repeats: 1, share: 0.25 })
    expect(repeatShare(calls, 6 * HOUR, (c) => c.key)).toEqual({ repeats: 2, share: 0.5 })
    expect(repeatShare(calls, 6 * HOUR, () => 'all')).toEqual({ repeats: 3, share: 0.75 })
  })

  it('keeps the served answer\'s age: a served call does not renew it', () => {
    // Answers at 0; 5 h and 9 h are served by it (window 10 h); 11 h is 11 h after the answer: a call.
    const calls = [call(0, 'a'), call(5 * HOUR, 'a'), call(9 * HOUR, 'a'), call(11 * HOUR, 'a')]
    expect(repeatShare(calls, 10 * HOUR, (c) => c.key).repeats).toBe(2)
  })

  it('never serves a re-check before a notice, but its answer serves later calls', () => {
    const calls = [call(0, 'a'), call(HOUR, 'a', true), call(2 * HOUR, 'a')]
    expect(repeatShare(calls, 1.5 * HOUR, (c) => c.key).repeats).toBe(1)
  })

  it('is zero on an empty log', () => {
    expect(repeatShare([], HOUR, (c) => c.key)).toEqual({ repeats: 0, share: 0 })
  })
})
