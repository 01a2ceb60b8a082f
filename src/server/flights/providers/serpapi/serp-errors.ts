import { ProviderError } from '../provider.ts'
import { isSerpNoResults, type SerpFlightsResponse } from './serp-types.ts'

/**
 * Checks a SerpApi-shaped body that arrived with success. "No results" is an answer (an empty list),
 * so it passes; a search that broke (`search_metadata.status: "Error"`) or any other `error` text
 * is a failed call. Shared by the HTTP driver and createSerpProvider, so the simulated market can
 * inject failures simply by answering the way SerpApi does. `redact` scrubs secrets (the HTTP
 * driver's API key) from upstream text before it goes into an error message; it runs before the
 * text is clipped, or half a key would slip through.
 */
export function assertSerpAnswer(response: SerpFlightsResponse, provider: string, redact: (text: string) => string = (t) => t): SerpFlightsResponse {
  if (!response || typeof response !== 'object' || Array.isArray(response)) {
    throw new ProviderError('upstream', provider, 'SerpApi answered with something other than a JSON object')
  }
  const error = typeof response.error === 'string' ? response.error : undefined
  if (isSerpNoResults(error)) return response
  if (response.search_metadata?.status === 'Error' || error) {
    throw new ProviderError('upstream', provider, `SerpApi search failed: ${clip(redact(error ?? 'status Error'))}`)
  }
  return response
}

/** Upstream error text goes into our logs, so keep it short. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
