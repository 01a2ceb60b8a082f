import { ArrowLeft } from 'lucide-react'
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
const AdminDebugScreen = lazy(async () => ({ default: (await import('../features/admin-debug/index.ts')).AdminDebugScreen }))

export default function AdminDebugPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader
          title="Admin debug"
          description="How this server is configured and whether it is healthy, with tools to try the flight provider, the notice channels and the simulated market."
          actions={
            <Button asChild variant="outline">
              <Link to={PATHS.admin}>
                <ArrowLeft aria-hidden="true" />
                Admin dashboard
              </Link>
            </Button>
          }
        />
        <Suspense fallback={<Skeleton className="mt-8 h-96 w-full" />}>
          <AdminDebugScreen />
        </Suspense>
      </PageContainer>
    </AdminGate>
  )
}
