import { useQuery } from '@tanstack/react-query'
import { HeartPulse } from 'lucide-react'
import { useNow } from '../../hooks/use-now.ts'
import { debugInfoQuery } from './api.ts'
import { DebugSection } from './debug-section.tsx'
import { QueryView } from './query-view.tsx'
import { ReadinessChecks } from './readiness-checks.tsx'
import { WorkerHeartbeats } from './worker-heartbeats.tsx'

/** Is it up: the readiness checks and the workers' heartbeats. */
export function HealthSection() {
  const query = useQuery(debugInfoQuery)
  const now = useNow(true, 15_000)
  return (
    <DebugSection id="health" icon={HeartPulse} title="Health" description="Readiness (refreshed every 15 seconds) and the workers that check prices and send notices.">
      <ReadinessChecks />
      <QueryView query={query} label="Loading the workers…" lines={3}>
        {(info) => <WorkerHeartbeats workers={info.workers} now={now} />}
      </QueryView>
    </DebugSection>
  )
}
