import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { RoleGate } from '../components/role-gate.tsx'
import { ProfileSections } from '../features/profile/index.ts'

export default function ProfilePage() {
  return (
    <RoleGate>
      <PageContainer>
        <PageHeader title="Profile" description="Manage your account details, subscription, sign-in security and active sessions." />
        <ProfileSections />
      </PageContainer>
    </RoleGate>
  )
}
