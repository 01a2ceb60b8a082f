import { lazy, Suspense } from 'react'
import { PageContainer } from '../components/page-header.tsx'
import { PageSkeleton } from '../components/page-skeleton.tsx'
import { RoleGate } from '../components/role-gate.tsx'

// The screen loads behind the gate, in a chunk of its own: the route table (in every page's first
// download, the landing page's included) then lists this small module's few files, not the
// screen's forty (decision 019's size budget). Only Unlimited advisors ever open it.
const ClientsScreen = lazy(() => import('../features/clients/index.ts').then((feature) => ({ default: feature.ClientsScreen })))

/** /clients: an Unlimited advisor's clients and their notices (decision 043). */
export default function ClientsPage() {
  return (
    <RoleGate roles="unlimited">
      <PageContainer>
        <Suspense fallback={<PageSkeleton />}>
          <ClientsScreen />
        </Suspense>
      </PageContainer>
    </RoleGate>
  )
}
