import { UserRound } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { RoleGate } from '../components/role-gate.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function ProfilePage() {
  return (
    <RoleGate>
      <PageContainer>
        <PageHeader title="Profile" description="Your account, security settings and subscription." />
        <UpcomingFeature icon={UserRound} title="Account settings">
          Name, email addresses, password, sessions and two-factor settings will be managed here.
        </UpcomingFeature>
      </PageContainer>
    </RoleGate>
  )
}
