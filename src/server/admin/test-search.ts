import type { z } from 'zod'
import type { TestSearchResult, testSearchSchema } from '#shared/admin.ts'
import { buildFlightQuery } from '#shared/flights/flight-query.ts'
import { DEFAULT_SEARCH_FILTERS, searchParamsSchema } from '#shared/flights/search-params.ts'
import { ProviderError, type FlightProvider } from '../flights/providers/provider.ts'
import { AppError } from '../lib/app-error.ts'

/**
 * POST /api/admin/debug/test-search: one search at the configured provider, bypassing every cache,
 * with its raw answer beside the mapped one, so an operator sees what the provider says and what
 * FareDrop makes of it. On SerpApi it is one billed call.
 */
export async function runTestSearch(provider: FlightProvider, input: z.infer<typeof testSearchSchema>): Promise<TestSearchResult> {
  if (!provider.inspectSearch) throw new AppError('conflict', `The ${provider.id} provider can't show its raw answer.`)
  // The search page's own query: a one-way or round trip, one adult, economy, default filters.
  const params = searchParamsSchema.parse({
    tripType: input.returnDate ? 'round-trip' : 'one-way',
    from: input.from,
    to: input.to,
    departureDate: input.departureDate,
    returnDate: input.returnDate,
  })
  const query = buildFlightQuery(params, DEFAULT_SEARCH_FILTERS)
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
