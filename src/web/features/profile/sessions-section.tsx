import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Globe, LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { revokeOtherSessions, revokeSession, sessionsQueryOptions, type SessionSummary } from '../auth/index.ts'
import { Notice } from '../../components/notice.tsx'
import { formatDateTime, formatRelative } from '../../lib/format.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { summarizeUserAgent, type DeviceSummary } from './user-agent.ts'

const DEVICE_ICONS: Record<DeviceSummary['kind'], LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: Globe,
}

export function SessionsSection() {
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQueryOptions)
  const [revoking, setRevoking] = useState<string | null>(null)
  const [revokingOthers, setRevokingOthers] = useState(false)

  // This device first, then the most recently active.
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt))
  const others = list.filter((s) => !s.current).length

  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey })

  const signOutOthers = async () => {
    setRevokingOthers(true)
    try {
      await revokeOtherSessions()
      toast.success('Signed out of all other sessions')
      await refresh()
    } catch (error) {
      toast.error('Could not sign out other sessions', errorMessage(error))
    } finally {
      setRevokingOthers(false)
    }
  }

  const signOutOne = async (session: SessionSummary) => {
    setRevoking(session.id)
    try {
      await revokeSession(session.id)
      toast.success('Session signed out', summarizeUserAgent(session.userAgent).label)
      await refresh()
    } catch (error) {
      toast.error('Could not sign out that session', errorMessage(error))
    } finally {
      setRevoking(null)
    }
  }

  return (
    <SectionCard
      id="sessions"
      icon={MonitorSmartphone}
      title="Sessions"
      description="Devices and browsers signed in to your account. Sign out any you don't recognise."
      actions={
        <Button
          variant="outline"
          size="sm"
          loading={revokingOthers}
          disabled={sessions.isSuccess && others === 0}
          onClick={() => void signOutOthers()}
        >
          <LogOut aria-hidden="true" />
          Sign out other sessions
        </Button>
      }
    >
      {sessions.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading sessions">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-lg" />
          ))}
        </div>
      ) : sessions.isError ? (
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your sessions. {errorMessage(sessions.error)}</p>
          <Button variant="link" className="h-auto justify-start p-0" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Active sessions">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              revoking={revoking === session.id}
              onRevoke={() => void signOutOne(session)}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

function SessionRow({ session, revoking, onRevoke }: { session: SessionSummary; revoking: boolean; onRevoke: () => void }) {
  const { current } = session
  const device = summarizeUserAgent(session.userAgent)
  const Icon = DEVICE_ICONS[device.kind]
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" aria-current={current || undefined}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="truncate">{device.label}</span>
            {current && <Badge variant="success">This device</Badge>}
          </p>
          <p className="text-xs text-muted-foreground">
            {session.ipAddress ? <span className="font-mono">{session.ipAddress}</span> : 'IP address unknown'}
            <span aria-hidden="true"> · </span>
            <span title={formatDateTime(session.updatedAt)}>
              {current ? 'Active now' : `Last active ${formatRelative(session.updatedAt)}`}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">Signed in {formatDateTime(session.createdAt)}</p>
        </div>
      </div>
      {!current && (
        <Button
          variant="ghost"
          size="sm"
          className="ml-9 self-start text-destructive hover:bg-destructive/10 hover:text-destructive sm:ml-0 sm:self-center"
          loading={revoking}
          onClick={onRevoke}
          aria-label={`Sign out ${device.label} session`}
        >
          {!revoking && <LogOut aria-hidden="true" />}
          Sign out
        </Button>
      )}
    </li>
  )
}
