import { useQuery } from '@tanstack/react-query'
import type { AirportSuggestion } from '#shared/flights/model.ts'
import { fetchAirports } from '../api.ts'

/**
 * What the From/To fields show for a chosen value: "JFK · New York" for an airport, "London · all
 * airports" for a city. Picking a suggestion stores its text under `airportLabelKey`; a value that
 * arrived another way (URL, Back, swap after reload) is looked up once through /api/airports.
 */
export function airportLabelKey(code: string) {
  return ['airport-label', code] as const
}

export function airportOptionLabel(suggestion: Pick<AirportSuggestion, 'kind' | 'code' | 'city'>): string {
  return suggestion.kind === 'city' ? `${suggestion.city} · all airports` : `${suggestion.code} · ${suggestion.city}`
}

/** The codes as they are, when nothing better is known: "JFK", "LHR, LGW, LCY". */
export function plainCodes(code: string): string {
  return code.split(',').join(', ')
}

async function resolveAirportLabel(code: string, signal: AbortSignal): Promise<string> {
  const codes = code.split(',')
  const first = codes[0]!
  try {
    const { results } = await fetchAirports(first, signal)
    const airport = results.find((r) => r.kind === 'airport' && r.code === first)
    if (!airport) return plainCodes(code)
    return codes.length > 1 ? `${airport.city} · all airports` : airportOptionLabel(airport)
  } catch {
    return plainCodes(code)
  }
}

export function useAirportLabel(code: string): string {
  const { data } = useQuery({
    queryKey: airportLabelKey(code),
    queryFn: ({ signal }) => resolveAirportLabel(code, signal),
    enabled: code !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  })
  if (!code) return ''
  return data ?? plainCodes(code)
}
