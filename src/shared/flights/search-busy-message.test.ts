import { describe, expect, it } from 'vitest'
import { flightSearchBusyMessage } from './search-params.ts'

describe('flightSearchBusyMessage', () => {
  it('says the wait in seconds, minutes or hours, whichever reads best', () => {
    expect(flightSearchBusyMessage(1)).toBe('Flight search is busy right now. Try again in 1 seconds.')
    expect(flightSearchBusyMessage(59)).toBe('Flight search is busy right now. Try again in 59 seconds.')
    expect(flightSearchBusyMessage(119)).toBe('Flight search is busy right now. Try again in 119 seconds.')
    expect(flightSearchBusyMessage(120)).toBe('Flight search is busy right now. Try again in 2 minutes.')
    expect(flightSearchBusyMessage(7_199)).toBe('Flight search is busy right now. Try again in 120 minutes.')
    expect(flightSearchBusyMessage(43_000)).toBe('Flight search is busy right now. Try again in 12 hours.')
  })
})
