import { Bell } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { RoleGate } from '../components/role-gate.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function AlertsPage() {
  return (
    <RoleGate>
      <PageContainer>
        <PageHeader title="Your alerts" description="Every route and flight you are watching, with its latest price." />
        <UpcomingFeature icon={Bell} title="No alerts yet">
          Alerts you create from a search will be listed here.
        </UpcomingFeature>
      </PageContainer>
    </RoleGate>
  )
}
