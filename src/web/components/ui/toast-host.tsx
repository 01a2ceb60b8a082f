import { lazy, Suspense } from 'react'
import { useToastStore } from '../../stores/toast-store.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })))

/** Mounts the toaster (and downloads its code) only once the first toast is shown. */
export function ToastHost() {
  const needed = useToastStore((s) => s.toasts.length > 0 || s.everShown)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
