import type { z } from 'zod'
import type { TestSearchResult, testSearchSchema } from '#shared/admin.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { ProviderError, type FlightProvider } from '../flights/providers/provider.ts'
import { AppError } from '../lib/app-error.ts'

/**
 * POST /api/admin/debug/test-search: one search at the configured provider, bypassing every cache,
 * with its raw answer beside the mapped one, so an operator sees what the provider says and what
 * FareDrop makes of it. On SerpApi it is one billed call.
 */
export async function runTestSearch(provider: FlightProvider, input: z.infer<typeof testSearchSchema>): Promise<TestSearchResult> {
  if (!provider.inspectSearch) throw new AppError('conflict', `The ${provider.id} provider can't show its raw answer.`)
  const query: FlightQuery = {
    type: input.returnDate ? 1 : 2,
    departure_id: input.from.toUpperCase(),
    arrival_id: input.to.toUpperCase(),
    outbound_date: input.departureDate,
    ...(input.returnDate ? { return_date: input.returnDate } : {}),
    adults: 1,
    children: 0,
    infants_in_seat: 0,
    infants_on_lap: 0,
    travel_class: 1,
    stops: 0,
    sort_by: 1,
    bags: 0,
    currency: 'USD',
    hl: 'en',
    gl: 'us',
    deep_search: false,
    show_hidden: false,
  }
  const started = performance.now()
  let answer: { raw: unknown; mapped: unknown }
  try {
    answer = await provider.inspectSearch(query)
  } catch (err) {
    // What the provider said is the point of the tool: name it (SerpApi's messages carry no key).
    if (err instanceof ProviderError) throw new AppError('upstream_failed', `${err.provider} answered ${err.code}: ${err.message}`)
    throw err
  }
  const { raw, mapped } = answer
  return { provider: provider.id, ms: Math.round(performance.now() - started), raw, mapped }
}
