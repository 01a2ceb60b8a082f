import { LayoutDashboard } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function AdminPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader title="Admin dashboard" description="Users, alerts, price checks and message delivery." />
        <UpcomingFeature icon={LayoutDashboard} title="Operations overview">
          Figures about users, alerts and deliveries will appear here.
        </UpcomingFeature>
      </PageContainer>
    </AdminGate>
  )
}
