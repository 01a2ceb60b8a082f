import { setNonce } from 'get-nonce'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { GeneralErrorBoundary } from './components/errors/general-error-boundary.tsx'
import { ToastHost } from './components/ui/toast-host.tsx'
import { createAppRouter } from './app/router.tsx'
import { syncThemeWithDocument } from './stores/theme-store.ts'
import './index.css'

// Radix injects <style> elements (scroll locking); they need the page's CSP nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
if (nonce) setNonce(nonce)

syncThemeWithDocument()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GeneralErrorBoundary>
      <RouterProvider router={createAppRouter()} />
      <ToastHost />
    </GeneralErrorBoundary>
  </StrictMode>,
)
