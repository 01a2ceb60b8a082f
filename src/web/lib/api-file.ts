import { ApiError, apiTransport, toApiError, unauthorized } from './api-client.ts'

/** Routes that answer a file to save rather than JSON. */
export type FileRoute = 'GET /api/alerts/export' | 'GET /api/alerts/export/prices'

/**
 * A file the API answers (a CSV export), through the api client's transport and error handling:
 * its bytes and the name the server gave it. Apart from api-client.ts so the landing page's first
 * load doesn't carry it.
 */
export async function apiFile(route: FileRoute): Promise<{ blob: Blob; filename: string }> {
  let res: Response
  try {
    res = await apiTransport.send(route.slice(route.indexOf(' ') + 1), { method: 'GET', headers: { accept: 'text/csv, application/json' }, credentials: 'same-origin' })
  } catch {
    throw new ApiError(0, 'network', 'Could not reach FareDrop. Check your connection and try again.')
  }
  if (!res.ok) {
    const error = await toApiError(res)
    throw res.status === 401 ? unauthorized(error) : error
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'faredrop.csv'
  return { blob: await res.blob(), filename }
}
