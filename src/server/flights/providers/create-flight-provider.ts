import { publicUrl, type Env } from '../../env.ts'
import type { FlightProvider } from './provider.ts'
import { createSerpProvider } from './serpapi/create-serp-provider.ts'
import { createSerpApiSource } from './serpapi/serpapi-source.ts'
import { createSimulatedMarket, type PriceShockSource, type SimulatedMarket } from './simulator/simulated-market.ts'

export type SimulatedMarketControls = Pick<SimulatedMarket, 'setFailureMode' | 'failures'>

/**
 * The flight provider the environment asks for: SerpApi with a key, else the simulated market.
 * Both answer SerpApi-shaped JSON that the same mapper reads. Providers are pure adapters: the
 * admins' price shocks reach the market through the `shocks` port, never through the database.
 */
export function createFlightProvider(deps: { env: Env; now: () => Date; shocks: PriceShockSource }): {
  provider: FlightProvider
  simulatedMarket: SimulatedMarketControls | null
} {
  const { env } = deps
  if (env.SERPAPI_API_KEY) {
    const source = createSerpApiSource({ apiKey: env.SERPAPI_API_KEY, baseUrl: env.SERPAPI_BASE_URL, timeoutMs: env.FLIGHTS_TIMEOUT_MS })
    return { provider: createSerpProvider(source), simulatedMarket: null }
  }
  const market = createSimulatedMarket({
    now: deps.now,
    bookingUrl: `${publicUrl(env)}/api/flights/simulated-seller`,
    shocks: deps.shocks,
    failures: { mode: env.SIMULATOR_FAILURE_MODE },
  })
  // The market prices travel dates itself (decision 047); searches go through the SerpApi mapper as ever.
  const provider: FlightProvider = { ...createSerpProvider(market), priceDates: (request, ctx) => market.priceDates(request, ctx) }
  return { provider, simulatedMarket: market }
}
