import { HealthSection } from './health-section.tsx'
import { ServerErrorsSection } from './server-errors-section.tsx'
import { ServiceSection } from './service-section.tsx'
import { SettingsSection } from './settings-section.tsx'
import { SimulatedMarketSection } from './simulated-market-section.tsx'
import { TestNoticesSection } from './test-notices-section.tsx'
import { TestSearchSection } from './test-search-section.tsx'

/**
 * The debug page's sections: configuration first (service, health, settings), then the tools (test
 * search, test notices, simulated market) and the recent server errors. Two columns on wide
 * screens where two sections fit side by side; one on phones.
 */
export function AdminDebugScreen() {
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-2">
      <ServiceSection />
      <HealthSection />
      <SettingsSection />
      <TestNoticesSection />
      <div className="min-w-0 lg:col-span-2">
        <TestSearchSection />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <SimulatedMarketSection />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <ServerErrorsSection />
      </div>
    </div>
  )
}
