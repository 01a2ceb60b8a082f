import { Bell, CreditCard, LayoutDashboard, MailWarning, ScrollText, Users, type LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx'
import { ADMIN_TABS, isAdminTab, type AdminTab } from './admin-tab-href.ts'
import { AlertsTab } from './alerts-tab.tsx'
import { AuditTab } from './audit-tab.tsx'
import { BillingTab } from './billing-tab.tsx'
import { NotificationsTab } from './notifications-tab.tsx'
import { OverviewTab } from './overview-tab.tsx'
import { UsersTab } from './users-tab.tsx'


const TABS: Record<AdminTab, { label: string; icon: LucideIcon; Panel: ComponentType }> = {
  overview: { label: 'Overview', icon: LayoutDashboard, Panel: OverviewTab },
  users: { label: 'Users', icon: Users, Panel: UsersTab },
  alerts: { label: 'Alerts', icon: Bell, Panel: AlertsTab },
  notifications: { label: 'Notifications', icon: MailWarning, Panel: NotificationsTab },
  billing: { label: 'Billing', icon: CreditCard, Panel: BillingTab },
  audit: { label: 'Audit log', icon: ScrollText, Panel: AuditTab },
}

/**
 * The admin dashboard's sections as tabs. The open tab lives in `?tab=` (a reload or a shared
 * link keeps the place); only the open tab is mounted, so only its data is fetched.
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: AdminTab = isAdminTab(requested) ? requested : 'overview'
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true, preventScrollReset: true })}
      className="mt-8 gap-6"
    >
      <TabsList aria-label="Admin sections" className="grid h-auto w-full grid-cols-3 gap-1 sm:inline-flex sm:h-10 sm:w-fit sm:gap-0">
        {ADMIN_TABS.map((id) => {
          const { label, icon: Icon } = TABS[id]
          return (
            <TabsTrigger key={id} value={id} className="px-2 py-1.5 sm:px-3 sm:py-0">
              <Icon aria-hidden="true" className="max-sm:hidden" />
              {label}
            </TabsTrigger>
          )
        })}
      </TabsList>
      {ADMIN_TABS.map((id) => {
        const { Panel } = TABS[id]
        return (
          <TabsContent key={id} value={id}>
            <Panel />
          </TabsContent>
        )
      })}
    </Tabs>
  )
}
