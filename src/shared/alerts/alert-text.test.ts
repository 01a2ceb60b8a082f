import { describe, expect, it } from 'vitest'
import { defaultAlertName, priceDropPercent, suggestedTargetPrice } from './alert-text.ts'

describe('default alert names', () => {
  it('names a one-way route alert "{from} → {to} Route Alert"', () => {
    expect(defaultAlertName({ alertType: 'route', tripType: 2, stops: ['JFK', 'LAX'] })).toBe('JFK → LAX Route Alert')
  })

  it('names a round-trip route alert "{from} ↔ {to} Round-Trip Alert"', () => {
    expect(defaultAlertName({ alertType: 'route', tripType: 1, stops: ['JFK', 'LAX'] })).toBe('JFK ↔ LAX Round-Trip Alert')
  })

  it('names a multi-city route alert "{from} Multi-City Route Alert"', () => {
    expect(defaultAlertName({ alertType: 'route', tripType: 3, stops: ['JFK', 'LHR', 'CDG', 'JFK'] })).toBe('JFK Multi-City Route Alert')
  })

  it('falls back to "Route Alert" for a route alert without airports', () => {
    expect(defaultAlertName({ alertType: 'route', tripType: 2, stops: [] })).toBe('Route Alert')
    expect(defaultAlertName({ alertType: 'route', tripType: 1, stops: ['JFK'] })).toBe('Route Alert')
  })

  it('falls back to "Flight Alert" for a flight alert without airports', () => {
    expect(defaultAlertName({ alertType: 'flight', tripType: 2, stops: [], trackedFlightCount: 1 })).toBe('Flight Alert')
  })

  it('names a single tracked flight "{from} → {to} Flight Alert"', () => {
    expect(defaultAlertName({ alertType: 'flight', tripType: 2, stops: ['JFK', 'LAX'], trackedFlightCount: 1 })).toBe('JFK → LAX Flight Alert')
  })

  it('names several tracked flights "{from} → {last} Journey Alert"', () => {
    expect(defaultAlertName({ alertType: 'flight', tripType: 1, stops: ['JFK', 'LAX'], trackedFlightCount: 2 })).toBe('JFK → LAX Journey Alert')
    expect(defaultAlertName({ alertType: 'flight', tripType: 3, stops: ['JFK', 'LHR', 'CDG'], trackedFlightCount: 2 })).toBe('JFK → CDG Journey Alert')
  })
})

describe('suggested target price', () => {
  it('suggests 95 % of the price, rounded', () => {
    expect(suggestedTargetPrice(1000)).toBe(950)
    expect(suggestedTargetPrice(333)).toBe(316)
    expect(suggestedTargetPrice(250.5)).toBe(238)
    expect(suggestedTargetPrice(1234)).toBe(1172)
  })

  it('suggests nothing for a missing, zero or negative price', () => {
    expect(suggestedTargetPrice(null)).toBeNull()
    expect(suggestedTargetPrice(undefined)).toBeNull()
    expect(suggestedTargetPrice(0)).toBeNull()
    expect(suggestedTargetPrice(-100)).toBeNull()
    expect(suggestedTargetPrice(Number.NaN)).toBeNull()
  })
})

describe('price-drop percentage', () => {
  it('is (target − lowest) / target as a rounded percentage', () => {
    expect(priceDropPercent(500, 400)).toBe(20)
    expect(priceDropPercent(300, 250)).toBe(17)
    expect(priceDropPercent(300, 299)).toBe(0)
    expect(priceDropPercent(1000, 1)).toBe(100)
  })

  it('is shown only when the lowest recorded price is below the target', () => {
    expect(priceDropPercent(500, 500)).toBeNull()
    expect(priceDropPercent(500, 650)).toBeNull()
    expect(priceDropPercent(500, null)).toBeNull()
    expect(priceDropPercent(500, undefined)).toBeNull()
  })
})
