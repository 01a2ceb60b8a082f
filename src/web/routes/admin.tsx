import { Bug } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { Button } from '../components/ui/button.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'

/**
 * The console itself loads after the page (admins only): its many modules' file names would
 * otherwise be listed in the app chunk every visitor loads, to preload them with this page.
 */
const AdminDashboard = lazy(async () => ({ default: (await import('../features/admin/index.ts')).AdminDashboard }))

export default function AdminPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader
          title="Admin dashboard"
          description="Is it healthy, checking on time, failing for anyone, earning? And the users, alerts and notices to act on."
          actions={
            <Button asChild variant="outline">
              <Link to={PATHS.adminDebug}>
                <Bug aria-hidden="true" />
                Debug tools
              </Link>
            </Button>
          }
        />
        <Suspense fallback={<Skeleton className="mt-8 h-96 w-full" />}>
          <AdminDashboard />
        </Suspense>
      </PageContainer>
    </AdminGate>
  )
}
