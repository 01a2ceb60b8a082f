import { AlertTriangle, Home, RefreshCw, SearchX, ShieldAlert, LockKeyhole } from 'lucide-react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../ui/button.tsx'
import { errorCopy } from './error-copy.ts'

const ICONS: Record<number, typeof AlertTriangle> = { 404: SearchX, 403: ShieldAlert, 401: LockKeyhole }

/**
 * Full-page error for a route: title and text by status, Refresh Page, Go Home and a support link.
 * `reference`: the failed API call's request id, shown small under the support link so support can
 * find the server's log line.
 */
export function ErrorScreen({ status, message, reference }: { status?: number; message?: string; reference?: string | undefined }) {
  const { title, text } = errorCopy(status, message)
  const Icon = (status !== undefined && ICONS[status]) || AlertTriangle
  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-xl flex-col items-center justify-center px-4 py-16 text-center" aria-labelledby="error-title">
      <title>{`${title} · FareDrop`}</title>
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">
        <Icon className="size-7 text-muted-foreground" aria-hidden="true" />
      </div>
      {status !== undefined && <p className="mt-6 text-sm font-semibold text-primary">{status}</p>}
      <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
        <Button asChild>
          <Link to={PATHS.landing}>
            <Home aria-hidden="true" />
            Go Home
          </Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Still stuck?{' '}
        <Link to={PATHS.contact} className="font-medium text-primary underline-offset-4 hover:underline">
          Contact support
        </Link>
      </p>
      {reference && (
        <p className="mt-8 text-xs text-muted-foreground">
          Reference: <span className="select-all font-mono">{reference}</span>
        </p>
      )}
    </section>
  )
}
