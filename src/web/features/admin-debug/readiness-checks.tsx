import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, XCircle } from 'lucide-react'
import { Badge } from '../../components/ui/badge.tsx'
import { readinessQuery } from './api.ts'
import { QueryView } from './query-view.tsx'

const CHECK_TEXT: Record<string, string> = {
  database: 'Database answers',
  migrations: 'Migrations applied',
  worker: 'A worker is beating',
}

/** What GET /api/ready reports (every 15 s): the checks a load balancer reads. */
export function ReadinessChecks() {
  const query = useQuery(readinessQuery)
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <h3 className="text-sm font-medium">Readiness</h3>
        {query.data && (
          <Badge variant={query.data.status === 'ready' ? 'success' : 'destructive'}>{query.data.status === 'ready' ? 'Ready' : 'Not ready'}</Badge>
        )}
      </div>
      <QueryView query={query} label="Loading the readiness checks…" lines={3}>
        {(ready) => (
          <ul className="grid gap-1.5 text-sm">
            {Object.entries(ready.checks).map(([check, ok]) => (
              <li key={check} className="flex items-center gap-2">
                {ok ? (
                  <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  <XCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
                )}
                <span className={ok ? undefined : 'font-medium text-destructive'}>{CHECK_TEXT[check] ?? check}</span>
                <span className="sr-only">{ok ? ': ok' : ': failing'}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  )
}
