import { searchFromAlertParams } from '#shared/alerts/alert-from-search.ts'
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { searchUrl } from '#shared/flights/search-url.ts'

/**
 * Absolute URL of a notice's "Search now" link: the search page opened on the alert's search,
 * sorted by price (section 9), in exactly the format the search page itself writes.
 */
export function alertSearchUrl(publicUrl: string, params: AlertSearchParams): string {
  const { params: p, filters: f } = searchFromAlertParams(params)
  return `${publicUrl}${searchUrl(p, f)}`
}
