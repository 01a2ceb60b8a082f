import { Bug } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { AdminGate } from '../components/role-gate.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function AdminDebugPage() {
  return (
    <AdminGate>
      <PageContainer>
        <PageHeader title="Admin debug" description="Drivers, worker heartbeats and simulator controls." />
        <UpcomingFeature icon={Bug} title="Diagnostics">
          Service drivers and worker status will be shown here.
        </UpcomingFeature>
      </PageContainer>
    </AdminGate>
  )
}
