import { Component, lazy, Suspense, type ReactNode } from 'react'
import { PageSkeleton } from '../page-skeleton.tsx'

// Loaded when a page fails, not with every first page load (decision 019). Should this chunk fail
// too (offline), the app-wide GeneralErrorBoundary shows its own screen.
const ErrorScreen = lazy(() => import('./error-screen.tsx').then((module) => ({ default: module.ErrorScreen })))

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status
  }
  return undefined
}

/**
 * The request id an API error's body carried (`error.requestId`, kept by the API client as
 * `details`): what support searches the server's log for.
 */
function requestIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('details' in error)) return undefined
  const details = error.details
  if (typeof details !== 'object' || details === null || !('requestId' in details)) return undefined
  return typeof details.requestId === 'string' && details.requestId !== '' ? details.requestId : undefined
}

interface State {
  error: unknown
  failed: boolean
}

/**
 * Every route's error boundary: a page that throws (or whose code fails to load) becomes the spec's
 * status screen inside the layout. The router mounts a new one per address, so leaving the page
 * clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  componentDidCatch(error: unknown) {
    if (statusOf(error) === undefined) console.error('Route error', error)
  }

  render() {
    if (!this.state.failed) return this.props.children
    const { error } = this.state
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ErrorScreen status={statusOf(error)} message={error instanceof Error ? error.message : undefined} reference={requestIdOf(error)} />
      </Suspense>
    )
  }
}
