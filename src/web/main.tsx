import { QueryClientProvider } from '@tanstack/react-query'
import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { GeneralErrorBoundary } from './components/errors/general-error-boundary.tsx'
import { ToastHost } from './components/ui/toast-host.tsx'
import { createAppRouter } from './app/router.tsx'
import { createQueryClient } from './lib/query-client.ts'
import { syncThemeWithDocument } from './stores/theme-store.ts'
import './index.css'

// Radix injects <style> elements (scroll locking); they need the page's CSP nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
if (nonce) setNonce(nonce)

syncThemeWithDocument()
const queryClient = createQueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GeneralErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter()} />
        <ToastHost />
      </QueryClientProvider>
    </GeneralErrorBoundary>
  </StrictMode>,
)
