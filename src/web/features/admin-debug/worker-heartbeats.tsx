import { AlertTriangle } from 'lucide-react'
import type { WorkerHeartbeatView } from '#shared/admin.ts'
import { Notice } from '../../components/notice.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { formatDateTime, formatRelative } from '../../lib/format.ts'

/** Every worker that has beaten lately: where it runs, since when, its last beat. */
export function WorkerHeartbeats({ workers, now }: { workers: WorkerHeartbeatView[]; now: number }) {
  const anyFresh = workers.some((worker) => worker.fresh)
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Workers</h3>
      {!anyFresh && (
        <Notice tone="warning" icon={AlertTriangle}>
          <p className="font-medium">{workers.length ? 'No worker is beating.' : 'No worker has reported.'}</p>
          <p>
            Price checks and notices are not running. Start a worker (<code className="font-mono text-xs">npm run worker</code>, or{' '}
            <code className="font-mono text-xs">WORKER_IN_PROCESS</code> on a web process) and read its log.
          </p>
        </Notice>
      )}
      {workers.length > 0 && (
        <ul className="grid gap-2">
          {workers.map((worker) => (
            <li key={worker.workerId} className="grid gap-1 rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-mono text-xs break-all">{worker.workerId}</span>
                <Badge variant={worker.fresh ? 'success' : 'warning'}>{worker.fresh ? 'Fresh' : 'Stale'}</Badge>
              </div>
              <p className="text-muted-foreground">
                {worker.hostname} · pid {worker.pid} · started <time dateTime={worker.startedAt}>{formatDateTime(worker.startedAt)}</time>
              </p>
              <p>
                Last beat{' '}
                <time dateTime={worker.beatAt} title={formatDateTime(worker.beatAt)}>
                  {formatRelative(worker.beatAt, new Date(now))}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
