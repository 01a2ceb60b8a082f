import { Bug } from 'lucide-react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { Button } from '../components/ui/button.tsx'
import { AdminDashboard } from '../features/admin/index.ts'

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
        <AdminDashboard />
      </PageContainer>
    </AdminGate>
  )
}
