import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorScreen } from './error-screen.tsx'

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status
  }
  return undefined
}

/** Every route's error element: maps the thrown error to the status screen of the spec. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const status = statusOf(error)
  if (status === undefined) console.error('Route error', error)
  const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : undefined
  return <ErrorScreen status={status} message={message} />
}
