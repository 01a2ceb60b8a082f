import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FareForecast } from '#shared/flights/forecast.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { FareForecastLine, forecastDetail } from './fare-forecast.tsx'

/** The forecast line says where its accuracy was measured (decision 052, addendum of 2026-11-28). */

const trip = { from: 'JFK', to: 'LHR', departureDate: '2027-06-17', returnDate: '2027-06-24', adults: 1, travelClass: 'economy', currency: 'USD' } as const
const rise: FareForecast = { signal: 'rise', confidence: 0.8, horizon_days: 7, shown: true, accuracy: 0.668, reason: 'Likely to rise: below its recent prices' }

function serve(answer: FareForecast) {
  stubApi((url) => (new URL(url, 'http://localhost').pathname === '/api/flights/forecast' ? Response.json(answer) : undefined))
}

describe('FareForecastLine', () => {
  it('on a live measurement, says it was measured on the fares FareDrop saw, not in a replay', async () => {
    serve({ ...rise, accuracy_source: 'live' })
    renderWithProviders(<FareForecastLine trip={trip} />)
    const line = await screen.findByTestId('fare-forecast')
    expect(line).toHaveTextContent('Likely to rise over the next 7 days. Below its recent prices. Book soon. Right 67 % of the time on trips like this, measured on the fares FareDrop saw.')
    expect(line).not.toHaveTextContent('replay')
  })

  it('on the replay, or from a server that does not say, keeps the replay’s words', async () => {
    serve({ ...rise, accuracy_source: 'replay' })
    renderWithProviders(<FareForecastLine trip={trip} context="alert" />)
    expect(await screen.findByTestId('fare-forecast')).toHaveTextContent('Book soon if this fare suits you. Right 67 % of the time on trips like this, in FareDrop’s replay of past prices.')
    expect(forecastDetail(rise)).toBe('Below its recent prices. Book soon. Right 67 % of the time on trips like this, in FareDrop’s replay of past prices.')
  })
})
