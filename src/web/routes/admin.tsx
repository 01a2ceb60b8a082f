import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { Button } from '../components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { adminOverviewQuery } from '../features/admin/index.ts'
import { errorMessage } from '../lib/api-client.ts'

const STATS = [
  { key: 'users', label: 'Accounts' },
  { key: 'verifiedUsers', label: 'Verified accounts' },
  { key: 'activeSessions', label: 'Active sessions' },
  { key: 'admins', label: 'Admins' },
] as const

export default function AdminPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader
          title="Admin dashboard"
          description="Accounts and the services FareDrop runs on."
          actions={
            <Button asChild variant="outline">
              <Link to={PATHS.adminDebug}>Debug</Link>
            </Button>
          }
        />
        <Overview />
      </PageContainer>
    </AdminGate>
  )
}

function Overview() {
  const { data, error, isPending } = useQuery(adminOverviewQuery)
  if (error) return <p role="alert" className="mt-8 text-destructive">{errorMessage(error)}</p>
  return (
    <div className="mt-8 grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STATS.map((stat) => (
          <Card key={stat.key}>
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">{stat.label}</CardTitle>
            </CardHeader>
            <CardContent>
              {isPending ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold tabular-nums">{data.overview[stat.key]}</p>}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  )
}
