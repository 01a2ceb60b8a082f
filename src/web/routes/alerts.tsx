import { PageContainer } from '../components/page-header.tsx'
import { RoleGate } from '../components/role-gate.tsx'
import { AlertsScreen } from '../features/alerts/index.ts'

/** /alerts: the signed-in user's price alerts (list, creation from a search, edit, detail); offline, the list last loaded. */
export default function AlertsPage() {
  return (
    <RoleGate worksOffline>
      <PageContainer>
        <AlertsScreen />
      </PageContainer>
    </RoleGate>
  )
}
