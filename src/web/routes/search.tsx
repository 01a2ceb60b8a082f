import { Plane } from 'lucide-react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function SearchPage() {
  return (
    <PageContainer>
      <PageHeader title="Search flights" description="One-way, round-trip and multi-city searches with 20+ filters, price insights and booking options." />
      <UpcomingFeature icon={Plane} title="Flight search is on its way">
        The search form, results and price insights will appear here.
      </UpcomingFeature>
    </PageContainer>
  )
}
