import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { GeneralErrorBoundary } from '../components/errors/general-error-boundary.tsx'
import { ToastHost } from '../components/ui/toast-host.tsx'

/**
 * What wraps the router in the browser and in the build's prerendering alike: the two trees must
 * be the same for hydration to adopt the prerendered HTML.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <GeneralErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {children}
          <ToastHost />
        </QueryClientProvider>
      </GeneralErrorBoundary>
    </StrictMode>
  )
}
