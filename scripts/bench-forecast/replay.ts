// The market's truth for one world: every trip's cheapest fare at every grid step (each 3 hours),
// from the simulated market on an injected clock with the world's shocks. A fare calendar request
// prices all of a route's trips at once; it is the search's own code, so each figure is the
// `lowest` a traveller's search of that trip would have shown (price-dates.test.ts), which is what
// FareDrop records as an observation.
import { createSimulatedMarket } from '#server/flights/providers/simulator/simulated-market.ts'
import { stepTime, type World, type WorldRoute } from './world.ts'

/** prices[trip][step]: the trip's cheapest fare in USD, null where the market priced nothing. */
export type RouteTruth = Array<Array<number | null>>

export async function replayRoute(world: World, route: WorldRoute): Promise<RouteTruth> {
  let now = world.options.start
  const market = createSimulatedMarket({
    now: () => now,
    bookingUrl: 'http://127.0.0.1/api/flights/simulated-seller',
    shocks: () => route.shocks.filter((s) => s.start <= now && now < s.until),
  })
  const truth: RouteTruth = route.trips.map(() => [])
  const pairs = route.trips.map((t) => ({ departureDate: t.departureDate, returnDate: t.returnDate }))
  for (let step = 0; step < world.steps; step++) {
    now = stepTime(world.options, step)
    const { prices } = await market.priceDates({ from: route.from, to: route.to, travelClass: 'economy', adults: 1, currency: 'USD', pairs })
    prices.forEach((price, i) => truth[i]!.push(price))
  }
  return truth
}
