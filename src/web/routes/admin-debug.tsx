import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { Button } from '../components/ui/button.tsx'
import { AdminDebugScreen } from '../features/admin-debug/index.ts'

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
        <AdminDebugScreen />
      </PageContainer>
    </AdminGate>
  )
}
