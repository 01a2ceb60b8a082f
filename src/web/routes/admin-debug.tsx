import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, XCircle } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { Badge } from '../components/ui/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { adminOverviewQuery, readinessQuery } from '../features/admin/index.ts'

export default function AdminDebugPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader title="Admin debug" description="The driver behind each service and the readiness checks." />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Drivers />
          <ReadinessChecks />
        </div>
      </PageContainer>
    </AdminGate>
  )
}

function Drivers() {
  const { data } = useQuery(adminOverviewQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Drivers</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-y-2 text-sm">
          {Object.entries(data?.drivers ?? {}).map(([service, driver]) => (
            <div key={service} className="contents">
              <dt className="capitalize text-muted-foreground">{service}</dt>
              <dd>
                <Badge variant={driver === 'not-configured' ? 'muted' : 'secondary'}>{driver}</Badge>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

function ReadinessChecks() {
  const { data } = useQuery({ ...readinessQuery, refetchInterval: 15_000 })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Readiness</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {Object.entries(data?.checks ?? {}).map(([check, ok]) => (
            <li key={check} className="flex items-center gap-2 capitalize">
              {ok ? <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> : <XCircle className="size-4 text-destructive" aria-hidden="true" />}
              {check}
              <span className="sr-only">{ok ? 'ok' : 'failing'}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
