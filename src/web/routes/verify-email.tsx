import { MailCheck } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function VerifyEmailPage() {
  return (
    <PageContainer>
      <PageHeader title="Verify your email" description="Confirming your address keeps your alerts reaching you." />
      <UpcomingFeature icon={MailCheck} title="Email verification">
        Links from our verification emails open this page to confirm your address.
      </UpcomingFeature>
    </PageContainer>
  )
}
