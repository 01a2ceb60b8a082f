import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Server } from 'lucide-react'
import type { AdminDebugInfo } from '#shared/admin.ts'
import { Notice } from '../../components/notice.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { useNow } from '../../hooks/use-now.ts'
import { formatDateTime } from '../../lib/format.ts'
import { debugInfoQuery } from './api.ts'
import { DebugSection } from './debug-section.tsx'
import { formatUptime } from './debug-format.ts'
import { QueryView } from './query-view.tsx'

const DRIVER_ORDER = ['db', 'flights', 'email', 'sms', 'whatsapp', 'push', 'billing'] as const

/** The drivers in the spec's order, then any the server adds. */
function driverEntries(drivers: AdminDebugInfo['drivers']): [string, string][] {
  const all = drivers as unknown as Record<string, string>
  const known = DRIVER_ORDER.filter((name) => name in all).map((name): [string, string] => [name, all[name]!])
  const extra = Object.entries(all).filter(([name]) => !(DRIVER_ORDER as readonly string[]).includes(name))
  return [...known, ...extra]
}

/** Build, runtime, uptime, migrations and the driver behind each outside service. */
export function ServiceSection() {
  const query = useQuery(debugInfoQuery)
  const now = useNow(true, 30_000)
  return (
    <DebugSection id="service" icon={Server} title="Service" description="The build, the runtime and the driver behind each outside service.">
      <QueryView query={query} label="Loading the configuration…" lines={6}>
        {(info) => {
          // Uptime as of now, not as of the last fetch.
          const uptime = info.uptimeSeconds + Math.max(0, (now - query.dataUpdatedAt) / 1000)
          const behind = info.migrations.applied < info.migrations.expected
          return (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Version</dt>
                <dd className="font-mono">{info.version}</dd>
                <dt className="text-muted-foreground">Node</dt>
                <dd className="font-mono">{info.nodeVersion}</dd>
                <dt className="text-muted-foreground">Started</dt>
                <dd>
                  {formatDateTime(info.startedAt)} <span className="text-muted-foreground">(up {formatUptime(uptime)})</span>
                </dd>
                <dt className="text-muted-foreground">Migrations</dt>
                <dd>
                  <span className={behind ? 'font-semibold text-destructive' : undefined}>
                    {info.migrations.applied} of {info.migrations.expected} applied
                  </span>
                  {info.migrations.latest && (
                    <span className="block font-mono text-xs break-all text-muted-foreground">latest: {info.migrations.latest}</span>
                  )}
                </dd>
              </dl>
              {behind && (
                <Notice tone="warning" icon={AlertTriangle}>
                  <p className="font-medium">
                    {info.migrations.expected - info.migrations.applied} of this build&apos;s migrations are not applied.
                  </p>
                  <p>The database is behind the code; restart the server so it migrates, and check its log.</p>
                </Notice>
              )}
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">Drivers</h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                  {driverEntries(info.drivers).map(([service, driver]) => (
                    <div key={service} className="contents">
                      <dt className="text-muted-foreground">{service}</dt>
                      <dd>
                        <Badge variant={driver === 'not-configured' ? 'muted' : 'secondary'} className="font-mono">
                          {driver}
                        </Badge>
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </>
          )
        }}
      </QueryView>
    </DebugSection>
  )
}
